import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { runCommand } from './cli/commands';
import { databaseTarget, openDatabase, type DatabaseHandle } from './db/client';
import { seedFromTemplate, templateDirOf } from './db/template';
import type { Env } from './env';
import { claimDataDir, type ControlSocket } from './lib/control-socket';
import { createLogger, type Logger } from './lib/logger';
import { startScheduler, type Scheduler } from './jobs/scheduler';
import { startWhaleStream, type WhaleStream } from './jobs/whale-stream';
import { billingModeNotice } from './features/billing/create-billing';
import { closeFeedParser } from './features/news/parse-in-worker';
import { closePasswordHashing } from './lib/password-hash';
import { createRuntime } from './runtime';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const defaultWebDistDir = path.join(projectRoot, 'dist', 'web');

export interface RunningServer {
  url: string;
  port: number;
  logger: Logger;
  close(): Promise<void>;
}

const SHUTDOWN_GRACE_MS = 10_000;

/** env → data dir ownership → database → migrations → app → listen. Returns a handle that closes in order. */
export async function startServer(
  env: Env,
  options: { webDistDir?: string | null } = {},
): Promise<RunningServer> {
  const logger = createLogger(env.LOG_LEVEL);
  fs.mkdirSync(env.DATA_DIR, { recursive: true, mode: 0o700 });
  const target = databaseTarget(env);
  const control: ControlSocket | null =
    target.kind === 'pglite' ? await claimDataDir(env.DATA_DIR, 'server') : null;

  let handle: DatabaseHandle | undefined;
  try {
    if (target.kind === 'pglite' && seedFromTemplate(env.DATA_DIR, templateDirOf(projectRoot)) === 'copied')
      logger.info({ dataDir: env.DATA_DIR }, 'new database created from the build’s template');
    handle = await openDatabase(target);
    const webDistDir = options.webDistDir === null ? undefined : (options.webDistDir ?? defaultWebDistDir);
    const runtime = await createRuntime({ env, handle, logger, ...(webDistDir ? { webDistDir } : {}) });
    // After the migrations, which may run longer: no request's statement holds a connection for long.
    handle.limitStatements?.(env.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000);
    control?.setHandler(async (request) => {
      if (request.type !== 'command') return undefined;
      logger.info({ command: request.name }, 'running CLI command for a local operator');
      return runCommand(runtime.deps, request);
    });

    // Background work (alerts, weekly mails, renewals, prunes) runs in every process that runs jobs;
    // data-source syncs only where they are on. Leases share the work between processes.
    const syncs = !env.SYNC_DISABLED;
    const scheduler: Scheduler | null =
      env.ROLE !== 'web'
        ? await startScheduler(
            {
              db: handle.db,
              listen: handle.listen,
              env,
              logger,
              mailer: runtime.deps.mailer,
              push: runtime.deps.alerts.push,
              unsubscribeSecret: runtime.deps.alerts.unsubscribeSecret,
              ledger: runtime.deps.ledger,
              // Test-mode subscriptions renew or end when their period runs out, as Stripe's would.
              ...(runtime.billing.test ? { billing: runtime.billing.test } : {}),
            },
            env.SYNC_TICK_SECONDS,
            { syncs },
          )
        : null;
    // The continuous whale feed runs where the scheduler runs (one instance holds it at a time).
    const whaleStream: WhaleStream | null =
      scheduler && syncs ? startWhaleStream({ db: handle.db, env, logger }) : null;
    if (!scheduler || !syncs)
      logger.info(
        { role: env.ROLE, syncDisabled: env.SYNC_DISABLED },
        'scheduled syncs are off in this process',
      );

    const server: ServerType = await new Promise((resolve) => {
      const instance = serve({ fetch: runtime.app.fetch, port: env.PORT, hostname: env.HOST }, () =>
        resolve(instance),
      );
    });
    const port = (server.address() as AddressInfo).port;
    const url = `http://${env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${port}`;
    logger.info(
      { url, publicUrl: env.PUBLIC_URL, database: handle.kind, dataDir: env.DATA_DIR },
      'server listening',
    );
    if (handle.kind === 'pglite' && (env.WEB_CONCURRENCY ?? 1) > 1)
      logger.warn(
        { webConcurrency: env.WEB_CONCURRENCY },
        'one server process: the embedded database allows one writer (WEB_CONCURRENCY applies with PostgreSQL)',
      );
    else if (handle.kind === 'pglite')
      logger.info('one server process: the embedded database allows one writer');
    if (handle.kind === 'pglite')
      logger.info(
        { psql: `psql -h ${path.resolve(env.DATA_DIR)} -U postgres postgres` },
        'the embedded database runs on its own thread; an operator can open it with psql meanwhile',
      );
    const billingNotice = billingModeNotice(runtime.billing);
    if (runtime.billing.test) logger.warn({ billing: 'test' }, billingNotice);
    else logger.info({ billing: 'stripe' }, billingNotice);

    const openHandle = handle;
    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        logger.info('shutting down: no new connections, finishing in-flight requests');
        await new Promise<void>((resolve) => {
          const force = setTimeout(() => {
            logger.warn('in-flight requests did not finish in time; closing their connections');
            if ('closeAllConnections' in server) server.closeAllConnections();
          }, SHUTDOWN_GRACE_MS);
          force.unref();
          server.close(() => {
            clearTimeout(force);
            resolve();
          });
          if ('closeIdleConnections' in server) server.closeIdleConnections();
        });
        await scheduler?.stop();
        await whaleStream?.stop();
        // The worker threads, so a stopped server in a process that goes on (tests, the cluster's
        // workers) holds none.
        await Promise.all([closeFeedParser(), closePasswordHashing()]);
        await runtime.deps.events.stop();
        await runtime.deps.ledger.close();
        await openHandle.close();
        await control?.close();
        logger.info('shut down cleanly');
      })());
    return { url, port, logger, close };
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await control?.close();
    throw error;
  }
}
