import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { admin, twoFactor } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import { PASSWORD_MIN_LENGTH } from '@/domain/auth/password-rules';
import type { Db } from '../db/client';
import type { Logger } from './logger';

export const APP_NAME = 'XRP Research';

/**
 * The plugins decide the shape of better-auth's tables, so the migrations and the running instance
 * build them from this one function.
 */
function authPlugins() {
  return [
    admin({ defaultRole: 'user', adminRoles: ['admin'] }),
    twoFactor({ issuer: APP_NAME, totpOptions: { digits: 6, period: 30 } }),
  ] as const;
}

function baseOptions(db: Kysely<unknown>) {
  return {
    appName: APP_NAME,
    basePath: '/api/auth',
    database: { db, type: 'postgres' },
    emailAndPassword: { enabled: true, minPasswordLength: PASSWORD_MIN_LENGTH, maxPasswordLength: 128 },
    telemetry: { enabled: false },
    plugins: [...authPlugins()],
  } satisfies BetterAuthOptions;
}

/** Creates or alters better-auth's tables to match the configured plugins (used by migrations). */
export async function migrateAuthSchema(db: Kysely<unknown>): Promise<void> {
  const { runMigrations } = await getMigrations({
    ...baseOptions(db),
    secret: 'migration-only-secret-value-000000',
  });
  await runMigrations();
}

/**
 * The public origin, plus its loopback twins when it is a loopback address: a self-hoster who opens
 * http://127.0.0.1:3000 instead of http://localhost:3000 can still sign in.
 */
export function trustedOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const loopback = ['localhost', '127.0.0.1', '[::1]'];
  if (!loopback.includes(url.hostname)) return [url.origin];
  return loopback.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
}

export interface AuthDeps {
  db: Db;
  secret: string;
  publicUrl: string;
  logger: Logger;
  /** Runs after better-auth inserted a user: creates the profile and preferences rows. */
  onUserCreated(user: { id: string; email: string; name: string }): Promise<void>;
}

export function createAuth({ db, secret, publicUrl, logger, onUserCreated }: AuthDeps) {
  const authLogger = logger.child({ module: 'auth' });
  return betterAuth({
    ...baseOptions(db as unknown as Kysely<unknown>),
    secret,
    baseURL: publicUrl,
    trustedOrigins: trustedOrigins(publicUrl),
    logger: {
      log: (level, message, ...args) => {
        authLogger[level]({ args }, message);
      },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await onUserCreated({ id: user.id, email: user.email, name: user.name });
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
