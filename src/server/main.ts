import cluster from 'node:cluster';
import { serverProcessCount, runClusterPrimary } from './cluster';
import { loadEnv } from './env';
import { DataDirBusyError } from './lib/control-socket';
import { createLogger } from './lib/logger';

const env = loadEnv();
const count = cluster.isPrimary ? serverProcessCount(env) : 1;

if (cluster.isPrimary && count > 1) {
  await runClusterPrimary(env, createLogger(env.LOG_LEVEL), count);
} else {
  try {
    // Imported here, not above: a cluster's primary only forks and supervises, and the server's
    // modules (every package it uses) would cost it ~100 MB it never needs (ADR 0056). The bundle
    // keeps this a separate chunk (scripts/build-stamp.ts).
    const { startServer } = await import('./server');
    const server = await startServer(env);
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
