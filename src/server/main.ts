import { loadEnv } from './env';
import { DataDirBusyError } from './lib/control-socket';
import { startServer } from './server';

const env = loadEnv();

try {
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
  process.on('SIGINT', stop);
} catch (error) {
  if (error instanceof DataDirBusyError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
