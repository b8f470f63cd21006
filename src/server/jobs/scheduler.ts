import type { DatabaseHandle } from '../db/client';
import { registerJobRuns } from '../features/sync';
import type { JobContext, JobDefinition } from './job';
import { jobsFor } from './registry';
import { runDueJobs, runJob } from './runner';

export interface Scheduler {
  /** Runs one pass now (tests, and the first pass at start). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export interface SchedulerDeps extends JobContext {
  listen: DatabaseHandle['listen'];
}

const WAKE_RETRY_MS = 250;

/**
 * The one scheduler of background work. Every tick it runs the jobs that are due (jobs/registry.ts;
 * the data syncs only with `syncs`); a job with `wakeOn` also runs as soon as its channel is
 * notified. Any number of processes may run a scheduler on one database: each job's lease (and each
 * source's) lets exactly one of them run it at a time.
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

  const jobs = jobsFor(options);
  const pass = () => runDueJobs(context, jobs);

  const tick = () => {
    current ??= pass()
      .catch((error: unknown) => log.error({ err: error }, 'scheduler pass failed'))
      .finally(() => {
        current = null;
      });
    return current;
  };

  // A wake runs the job now; if another run holds its lease (here or in another process), it waits
  // for that run to end and runs once more, so no notification is left for the next tick.
  const waking = new Map<string, Promise<void>>();
  const again = new Set<string>();
  const wake = (job: JobDefinition) => {
    if (stopped) return;
    if (waking.has(job.name)) {
      again.add(job.name);
      return;
    }
    const attempts = Math.ceil((deps.env.SYNC_LEASE_SECONDS * 1000) / WAKE_RETRY_MS);
    const run = (async () => {
      do {
        again.delete(job.name);
        for (let attempt = 0; !stopped && attempt < attempts; attempt += 1) {
          if (await runJob(context, job, 'now')) break;
          await new Promise((resolve) => setTimeout(resolve, WAKE_RETRY_MS));
        }
      } while (again.has(job.name) && !stopped);
    })()
      .catch((error: unknown) => log.error({ err: error, job: job.name }, 'woken job failed'))
      .finally(() => waking.delete(job.name));
    waking.set(job.name, run);
  };

  await registerJobRuns(
    deps.db,
    jobs.map((job) => job.name),
  );
  const unlisteners = await Promise.all(
    jobs.flatMap((job) => (job.wakeOn ? [listen(job.wakeOn, () => wake(job))] : [])),
  );
  const timer = setInterval(() => void tick(), tickSeconds * 1000);
  timer.unref();
  void tick();
  log.info({ tickSeconds, jobs: jobs.map((job) => job.name), syncs: options.syncs }, 'scheduler started');

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
