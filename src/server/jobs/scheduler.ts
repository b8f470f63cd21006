import { cleanupStuckSyncs, failOrphanedSyncs, runSource, type RunnerDeps } from './runner';
import { jobFor, supportedApiTypes, tasks } from './registry';
import { runDueTasks, type TaskContext } from './task';

export interface Scheduler {
  /** Runs one pass now (tests, and the first pass at start). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Every tick, runs the sources that are due. Any number of processes may run a scheduler on one
 * database: each source's lease lets exactly one of them run it.
 */
export function startScheduler(
  deps: RunnerDeps,
  tickSeconds: number,
  options: { billing?: TaskContext['billing'] } = {},
): Scheduler {
  const log = deps.logger.child({ module: 'scheduler' });
  let current: Promise<void> | null = null;

  const pass = async () => {
    await failOrphanedSyncs(deps.db);
    await cleanupStuckSyncs(deps.db);
    await runDueTasks({ ...deps, ...options }, tasks).catch((error: unknown) =>
      log.error({ err: error }, 'tasks failed'),
    );
    const due = await deps.db
      .selectFrom('api_sources')
      .select(['id', 'name', 'api_type'])
      .where('status', '<>', 'inactive')
      .where('api_type', 'in', supportedApiTypes())
      .where((where) =>
        where.or([where('next_sync_at', 'is', null), where('next_sync_at', '<=', new Date())]),
      )
      .where((where) =>
        where.or([where('lease_expires_at', 'is', null), where('lease_expires_at', '<', new Date())]),
      )
      .execute();
    await Promise.all(
      due
        .filter((source) => jobFor(source.api_type))
        .map((source) => runSource(deps, source.id, 'scheduled')),
    );
  };

  const tick = () => {
    current ??= pass()
      .catch((error: unknown) => log.error({ err: error }, 'scheduler pass failed'))
      .finally(() => {
        current = null;
      });
    return current;
  };

  const timer = setInterval(() => void tick(), tickSeconds * 1000);
  timer.unref();
  void tick();
  log.info({ tickSeconds, jobs: supportedApiTypes() }, 'scheduler started');

  return {
    tick,
    stop: async () => {
      clearInterval(timer);
      await current;
    },
  };
}
