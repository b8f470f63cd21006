import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import type { Env } from './env';
import type { Logger } from './lib/logger';

/** Restarts the primary allows in CRASH_WINDOW_MS before it gives up and stops everything. */
const MAX_CRASHES = 5;
const CRASH_WINDOW_MS = 60_000;
const RESTART_DELAY_MS = 1000;

/**
 * How many server processes to run (ADR 0052): with PostgreSQL, WEB_CONCURRENCY or one per core; with
 * the embedded database one, since only one process may open it (and it already has its own thread).
 * A process with ROLE=jobs serves only the background work: one of those is enough.
 */
export function serverProcessCount(env: Pick<Env, 'DATABASE_URL' | 'WEB_CONCURRENCY' | 'ROLE'>): number {
  if (!env.DATABASE_URL || env.ROLE === 'jobs') return 1;
  return env.WEB_CONCURRENCY ?? os.availableParallelism();
}

/**
 * The cluster's primary: forks `count` workers that share the listening port (node:cluster hands each
 * new connection to the next worker). Worker 0 keeps ROLE (and so the scheduler, whose leases still
 * keep each job to one run among every instance); the others serve requests only. Worker 0 starts
 * first, so it alone migrates the database; the rest follow once it listens. A worker that dies is
 * replaced, unless workers keep dying; SIGTERM or SIGINT stops every worker gracefully (a second one
 * kills them), and the primary exits when they all have.
 */
export async function runClusterPrimary(env: Env, logger: Logger, count: number): Promise<void> {
  const log = logger.child({ module: 'cluster' });
  const roleOf = (slot: number) => (slot === 0 ? env.ROLE : 'web');
  const crashes: number[] = [];
  let stopping = false;
  let failed = false;

  const fork = (slot: number): Worker => {
    const worker = cluster.fork({ ROLE: roleOf(slot) });
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      log.error({ slot, pid: worker.process.pid, code, signal }, 'a server process ended unexpectedly');
      const now = Date.now();
      crashes.push(now);
      while (crashes.length && now - crashes[0]! > CRASH_WINDOW_MS) crashes.shift();
      if (crashes.length > MAX_CRASHES) {
        log.fatal({ crashes: crashes.length }, 'server processes keep ending; stopping');
        failed = true;
        stop('SIGTERM');
        return;
      }
      setTimeout(() => {
        if (!stopping) fork(slot);
      }, RESTART_DELAY_MS).unref();
    });
    return worker;
  };

  const listening = (worker: Worker) =>
    new Promise<void>((resolve, reject) => {
      worker.once('listening', () => resolve());
      worker.once('exit', (code) => reject(new Error(`the first server process exited with ${code}`)));
    });

  let signals = 0;
  const stop = (signal: NodeJS.Signals) => {
    signals += 1;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    if (signals > 1) {
      log.warn({ signal }, 'second signal: stopping the server processes now');
      for (const worker of workers) worker.process.kill('SIGKILL');
      return;
    }
    log.info({ signal, processes: workers.length }, 'signal received: stopping every server process');
    for (const worker of workers) worker.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  log.info(
    { processes: count, jobs: env.ROLE === 'web' ? 'none' : 'process 0' },
    'starting server processes',
  );
  try {
    await listening(fork(0));
  } catch (error) {
    log.fatal({ err: error }, 'the first server process did not start');
    process.exit(1);
  }
  for (let slot = 1; slot < count && !stopping; slot += 1) fork(slot);

  // Exits once every worker has, after a stop; 1 when a worker failed to stop cleanly or kept dying.
  cluster.on('exit', (worker, code) => {
    if (!stopping) return;
    if (code !== 0) failed = true;
    if (Object.keys(cluster.workers ?? {}).length === 0) {
      log.info('every server process has stopped');
      process.exit(failed ? 1 : 0);
    }
  });
}
