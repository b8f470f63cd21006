import type { JobControl } from '../lib/job-control';
import { cleanupStuckSyncs, findSource } from '../features/sync';
import { jobs, syncFor } from './registry';
import { listJobs, runSource, triggerSource, type RunnerDeps, type RunOutcome } from './runner';

/** Runs a source's sync with the sync of its api_type (the commands, the news refresh, tests). */
export async function runSourceById(
  deps: RunnerDeps,
  sourceId: string,
  syncType: 'scheduled' | 'manual' = 'manual',
): Promise<RunOutcome> {
  const source = await findSource(deps.db, sourceId);
  return runSource(deps, source ? syncFor(source.api_type) : undefined, sourceId, syncType);
}

/** The jobs as the routes see them (lib/job-control.ts). */
export function createJobControl(deps: RunnerDeps): JobControl {
  return {
    runSource: (sourceId) => runSourceById(deps, sourceId),
    triggerSource: (sourceId) => triggerSource(deps, syncFor, sourceId),
    cleanupStuckSyncs: () => cleanupStuckSyncs(deps.db),
    listTaskRuns: () => listJobs(deps.db, deps.env, jobs),
  };
}
