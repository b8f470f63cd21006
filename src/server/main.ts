import cluster from 'node:cluster';
import { serverProcessCount, runClusterPrimary } from './cluster';
import { loadEnv } from './env';
import { DataDirBusyError } from './lib/control-socket';
import { createLogger, type Logger } from './lib/logger';
import { releaseStartupMemory } from './lib/startup-memory';

const env = loadEnv();
const count = cluster.isPrimary ? serverProcessCount(env) : 1;

/**
 * A second after start (the first requests answered meanwhile), every thread of the process gives
 * back the heap its start grew and left (lib/startup-memory.ts, ADR 0056).
 */
const releaseMemory = (logger: Logger) =>
  void releaseStartupMemory(1000).then((ms) =>
    logger.info(
      { ms: Math.round(ms), rssMb: Math.round(process.memoryUsage.rss() / 1048576) },
      'start-up memory released',
    ),
  );

if (cluster.isPrimary && count > 1) {
  const logger = createLogger(env.LOG_LEVEL);
  await runClusterPrimary(env, logger, count);
  releaseMemory(logger);
} else {
  try {
    // Imported here, not above: a cluster's primary only forks and supervises, and the server's
    // modules (every package it uses) would cost it ~100 MB it never needs (ADR 0056). The bundle
    // keeps this a separate chunk (scripts/build-stamp.ts).
    const { startServer } = await import('./server');
    const server = await startServer(env);
    releaseMemory(server.logger);
    let signals = 0;
    const stop = (signal: NodeJS.Signals) => {
      signals += 1;
      if (signals > 1) {
        server.logger.warn({ signal }, 'second signal: exiting now');
        process.exit(1);
      }
      server.logger.info({ signal }, 'signal received');
      server.close().then(
        () => process.exit(0),
        (error: unknown) => {
          server.logger.error({ err: error }, 'error while shutting down');
          process.exit(1);
        },
      );
    };
    process.on('SIGTERM', stop);
    // In a cluster a terminal's Ctrl-C reaches every process: the primary stops the workers.
    process.on('SIGINT', cluster.isWorker ? () => undefined : stop);
    if (cluster.isWorker)
      server.logger.info({ worker: cluster.worker?.id, pid: process.pid }, 'server process ready');
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
