import type { JobControl } from '../lib/job-control';
import { tasks } from './registry';
import { cleanupStuckSyncs, runSource, triggerSource, type RunnerDeps } from './runner';
import { listTaskRuns } from './task';

/** The jobs as the routes see them (lib/job-control.ts). */
export function createJobControl(deps: RunnerDeps): JobControl {
  return {
    runSource: (sourceId) => runSource(deps, sourceId, 'manual'),
    triggerSource: (sourceId) => triggerSource(deps, sourceId),
    cleanupStuckSyncs: () => cleanupStuckSyncs(deps.db),
    listTaskRuns: () => listTaskRuns(deps.db, deps.env, tasks),
  };
}
