import type { DatabaseHandle } from '../db/client';
import { dueSources } from '../features/sync';
import { jobFor, supportedApiTypes, tasks } from './registry';
import { cleanupStuckSyncs, failOrphanedSyncs, runSource } from './runner';
import { registerTasks, runDueTasks, runTask, type TaskContext, type TaskDefinition } from './task';

export interface Scheduler {
  /** Runs one pass now (tests, and the first pass at start). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export interface SchedulerDeps extends TaskContext {
  listen: DatabaseHandle['listen'];
}

const WAKE_RETRY_MS = 250;

/**
 * The one scheduler of background work. Every tick it runs the tasks that are due (jobs/registry.ts)
 * and, with `syncs`, the data sources that are due; a task with `wakeOn` also runs as soon as its
 * channel is notified. Any number of processes may run a scheduler on one database: each task's and
 * each source's lease lets exactly one of them run it at a time.
 */
export async function startScheduler(
  deps: SchedulerDeps,
  tickSeconds: number,
  options: { syncs: boolean } = { syncs: true },
): Promise<Scheduler> {
  const { listen, ...context } = deps;
  const log = deps.logger.child({ module: 'scheduler' });
  let current: Promise<void> | null = null;
  let stopped = false;

  const runSyncs = async () => {
    await failOrphanedSyncs(deps.db);
    await cleanupStuckSyncs(deps.db);
    const due = await dueSources(deps.db, supportedApiTypes());
    await Promise.all(
      due
        .filter((source) => jobFor(source.api_type))
        .map((source) => runSource(deps, source.id, 'scheduled')),
    );
  };

  const pass = async () => {
    await Promise.all([
      runDueTasks(context, tasks).catch((error: unknown) => log.error({ err: error }, 'tasks failed')),
      options.syncs ? runSyncs() : undefined,
    ]);
  };

  const tick = () => {
    current ??= pass()
      .catch((error: unknown) => log.error({ err: error }, 'scheduler pass failed'))
      .finally(() => {
        current = null;
      });
    return current;
  };

  // A wake runs the task now; if another run holds its lease (here or in another process), it waits
  // for that run to end and runs once more, so no notification is left for the next tick.
  const waking = new Map<string, Promise<void>>();
  const again = new Set<string>();
  const wake = (task: TaskDefinition) => {
    if (stopped) return;
    if (waking.has(task.name)) {
      again.add(task.name);
      return;
    }
    const attempts = Math.ceil((deps.env.SYNC_LEASE_SECONDS * 1000) / WAKE_RETRY_MS);
    const run = (async () => {
      do {
        again.delete(task.name);
        for (let attempt = 0; !stopped && attempt < attempts; attempt += 1) {
          if (await runTask(context, task, 'now')) break;
          await new Promise((resolve) => setTimeout(resolve, WAKE_RETRY_MS));
        }
      } while (again.has(task.name) && !stopped);
    })()
      .catch((error: unknown) => log.error({ err: error, task: task.name }, 'woken task failed'))
      .finally(() => waking.delete(task.name));
    waking.set(task.name, run);
  };

  await registerTasks(deps.db, tasks);
  const unlisteners = await Promise.all(
    tasks.flatMap((task) => (task.wakeOn ? [listen(task.wakeOn, () => wake(task))] : [])),
  );
  const timer = setInterval(() => void tick(), tickSeconds * 1000);
  timer.unref();
  void tick();
  log.info(
    { tickSeconds, tasks: tasks.map((task) => task.name), syncs: options.syncs ? supportedApiTypes() : [] },
    'scheduler started',
  );

  return {
    tick,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await Promise.all(unlisteners.map((unlisten) => unlisten()));
      await current;
      await Promise.all(waking.values());
    },
  };
}
