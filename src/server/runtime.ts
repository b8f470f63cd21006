import crypto from 'node:crypto';
import { createApp, type AppOptions } from './app';
import { createPushSender } from './lib/web-push';
import type { DatabaseHandle } from './db/client';
import { migrateToLatest } from './db/migrate';
import type { Env } from './env';
import { removeUserTraces } from './features/account/account.service';
import { addCuratedAccounts } from './features/known-accounts';
import { createBilling, type Billing } from './features/billing/create-billing';
import { cancelForDeletion } from './features/billing/account-deletion.service';
import { createViewerCache } from './lib/viewer-cache';
import { loadEvents } from './features/events/events.service';
import { ensureProfile } from './lib/profiles';
import { createJobControl } from './jobs/control';
import { createLedgerConnection } from './upstreams/xrpl-connection';
import { createAuth } from './lib/auth';
import { EventBus } from './lib/event-bus';
import type { AppDeps } from './lib/context';
import type { Logger } from './lib/logger';
import { createMailer, type Mailer } from './lib/mailer';
import { configurePasswordHashing } from './lib/password-hash';
import { saturationOf } from './lib/load-shedding';
import { resolveAuthSecret } from './lib/secrets';
import { hashLegacyBackupCodes } from './lib/two-factor-secrets';
import { APP_VERSION } from './version';

export interface Runtime {
  deps: AppDeps;
  /** Stripe, or the labelled test mode; given to the billing routes and the renewals task. */
  billing: Billing;
  app: ReturnType<typeof createApp>;
}

/** Wires the pieces every entry point shares (server, CLI, tests, benches) over an open database. */
export async function createRuntime(options: {
  env: Env;
  handle: DatabaseHandle;
  logger: Logger;
  webDistDir?: string;
  migrate?: boolean;
  /** Tests pass a mailer that records; otherwise SMTP_URL or the outbox. */
  mailer?: Mailer;
}): Promise<Runtime> {
  const { env, handle, logger } = options;
  if (options.migrate !== false) {
    const applied = await migrateToLatest(handle.db);
    if (applied.length > 0) logger.info({ applied }, 'database migrated');
  }
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      dataDir: env.DATA_DIR,
      logger,
      nodeEnv: env.NODE_ENV,
    });
  configurePasswordHashing({ queueMax: env.PASSWORD_HASH_QUEUE_MAX });
  const billing = await createBilling({ env, db: handle.db, mailer, logger });
  const auth = createAuth({
    db: handle.db,
    mailer,
    onUserDeleting: async (userId) => {
      // A paid subscription ends before the account does: a deleted user is never charged again.
      await cancelForDeletion(billing, userId);
      await removeUserTraces(handle.db, userId);
    },
    secret: resolveAuthSecret(env),
    twoFactorKey: env.TWO_FACTOR_ENCRYPTION_KEY,
    previousTwoFactorKeys: env.TWO_FACTOR_PREVIOUS_KEYS,
    publicUrl: env.PUBLIC_URL,
    logger,
    onUserCreated: async (user) => {
      await ensureProfile(handle.db, user);
    },
  });
  // Only on a migrated database: `db:migrate` opens the runtime before the tables exist.
  if (options.migrate !== false) {
    const rehashed = await hashLegacyBackupCodes(handle.db, resolveAuthSecret(env));
    if (rehashed > 0) logger.info({ accounts: rehashed }, 'backup codes now stored as hashes');
    const named = await addCuratedAccounts(handle.db);
    if (named > 0) logger.info({ accounts: named }, 'known account names added');
  }
  const events = new EventBus((ids) => loadEvents(handle.db, ids), logger);
  const alerts = {
    push: createPushSender(env),
    unsubscribeSecret: crypto
      .createHmac('sha256', resolveAuthSecret(env))
      .update('unsubscribe-links')
      .digest('base64url'),
  };
  await events.start(handle);
  const deps: AppDeps = {
    env,
    db: handle.db,
    auth,
    mailer,
    events,
    jobs: createJobControl({ db: handle.db, env, logger }),
    alerts,
    ledger: createLedgerConnection(
      [env.XRPL_WS_URL, env.XRPL_WS_FALLBACK_URL],
      logger.child({ module: 'ledger' }),
    ),
    logger,
    viewers: createViewerCache(events, env.READ_CACHE_SECONDS * 1000),
    version: APP_VERSION,
    startedAt: Date.now(),
    saturation: saturationOf(env, handle),
  };
  const appOptions: AppOptions = { databaseKind: handle.kind, billing };
  if (options.webDistDir) appOptions.webDistDir = options.webDistDir;
  return { deps, billing, app: createApp(deps, appOptions) };
}
