import { betterAuth, type BetterAuthOptions, type BetterAuthPlugin } from 'better-auth';
import { APIError } from 'better-auth/api';
import { getMigrations } from 'better-auth/db/migration';
import { admin, twoFactor } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/domain/auth/password-rules';
import type { Db } from '../db/client';
import {
  existingAccountSignUpEmail,
  passwordResetEmail,
  securityEmail,
  type SecurityEvent,
  verificationEmail,
} from './auth-emails';
import { authEndpointGuards, authEndpointOutcomes, secondFactorLockout } from './two-factor-guard';
import { CLIENT_IP_HEADER } from './client-ip';
import type { Logger } from './logger';
import type { Mailer } from './mailer';
import { hashPassword, PasswordHashingBusyError, verifyPassword } from './password-hash';
import { consumeRateLimit } from './rate-limit';
import {
  generateBackupCodes,
  readBackupCodes,
  storedBackupCodes,
  twoFactorKeyConfig,
} from './two-factor-secrets';

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

/**
 * A hash refused because the hashing queue is full becomes better-auth's own error: 503 with
 * Retry-After and `{ code, message }`, the shape its client reads. The refusal rides along as the
 * cause, so the app's routes that call better-auth answer it in their own shape (app.ts).
 */
function answerBusy<Args extends unknown[], Result>(hash: (...args: Args) => Promise<Result>) {
  return async (...args: Args): Promise<Result> => {
    try {
      return await hash(...args);
    } catch (error) {
      if (!(error instanceof PasswordHashingBusyError)) throw error;
      throw new APIError(
        'SERVICE_UNAVAILABLE',
        { code: 'BUSY', message: error.message, cause: error },
        { 'Retry-After': String(error.retryAfter) },
      );
    }
  };
}

function baseOptions(db: Kysely<unknown>) {
  return {
    appName: APP_NAME,
    basePath: '/api/auth',
    database: { db, type: 'postgres' },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // scrypt on the thread pool, in better-auth's stored format (password-hash.ts).
      password: { hash: answerBusy(hashPassword), verify: answerBusy(verifyPassword) },
    },
    telemetry: { enabled: false },
    plugins: [...authPlugins()],
  } satisfies BetterAuthOptions;
}

/**
 * The SQL better-auth would run to make this database's tables match the configured plugins: empty
 * when the migrations hold everything it needs. Its tables are created by migration 0001's own SQL,
 * never by better-auth at run time, so an upgrade that wants a change shows here (a test reads it)
 * and gets a migration of its own.
 */
export async function pendingAuthSchemaSql(db: Kysely<unknown>): Promise<string> {
  const { compileMigrations } = await getMigrations({
    ...baseOptions(db),
    secret: 'migration-only-secret-value-000000',
  });
  // Nothing to do compiles to a lone ';'.
  return (await compileMigrations()).replace(/^[\s;]*$/, '');
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

export const BLOCKED_MESSAGE =
  'Your account has been blocked. Contact support if you believe this is a mistake.';

/** A security mail to send once better-auth has written the change; `to: null` means the user's address. */
interface PendingNotice {
  to: string | null;
  event: SecurityEvent;
}

export interface AuthDeps {
  db: Db;
  secret: string;
  /** TWO_FACTOR_ENCRYPTION_KEY and its predecessors (lib/two-factor-secrets.ts). */
  twoFactorKey?: string | undefined;
  previousTwoFactorKeys?: readonly string[];
  publicUrl: string;
  logger: Logger;
  mailer: Mailer;
  /** Runs before better-auth deletes a user: removes or anonymises what cascades do not. */
  onUserDeleting(userId: string): Promise<void>;
  /** Runs after better-auth inserted a user: creates the profile and preferences rows. */
  onUserCreated(user: { id: string; email: string; name: string }): Promise<void>;
}

/**
 * Authenticator secrets are encrypted with their own key: better-auth encrypts them with the context's
 * `secretConfig`, which a plugin may set (its documented `init` → `context`). Sessions stay signed
 * with AUTH_SECRET.
 */
function twoFactorKeys(config: ReturnType<typeof twoFactorKeyConfig>) {
  return {
    id: 'two-factor-keys',
    init: () => ({ context: { secretConfig: config } }),
  } satisfies BetterAuthPlugin;
}

export function createAuth({
  db,
  secret,
  twoFactorKey,
  previousTwoFactorKeys = [],
  publicUrl,
  logger,
  mailer,
  onUserCreated,
  onUserDeleting,
}: AuthDeps) {
  const authLogger = logger.child({ module: 'auth' });
  const pendingNotices = new Map<string, PendingNotice[]>();
  const base = baseOptions(db as unknown as Kysely<unknown>);
  return betterAuth({
    ...base,
    plugins: [
      admin({ defaultRole: 'user', adminRoles: ['admin'], bannedUserMessage: BLOCKED_MESSAGE }),
      twoFactor({
        issuer: APP_NAME,
        totpOptions: { digits: 6, period: 30 },
        accountLockout: { enabled: true, ...secondFactorLockout },
        backupCodeOptions: {
          customBackupCodesGenerate: generateBackupCodes,
          storeBackupCodes: {
            encrypt: async (json) => storedBackupCodes(json),
            decrypt: async (stored) => readBackupCodes(stored, secret),
          },
        },
      }),
      twoFactorKeys(
        twoFactorKeyConfig({ authSecret: secret, key: twoFactorKey, previousKeys: previousTwoFactorKeys }),
      ),
    ],
    secret,
    emailAndPassword: {
      ...base.emailAndPassword,
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      sendResetPassword: async ({ user, url }) => mailer.send(passwordResetEmail(user.email, url)),
      onPasswordReset: async ({ user }) => mailer.send(securityEmail(user.email, 'password-reset')),
      // Sign-up answers alike for a new and a taken address; the owner of a taken one is told instead,
      // once an hour at most, so sign-ups with their address cannot flood their inbox.
      onExistingUserSignUp: async ({ user }) => {
        const notice = await consumeRateLimit(db, `sign-up-notice:${user.email.toLowerCase()}`, {
          window: 60 * 60,
          max: 1,
        });
        if (notice.allowed) await mailer.send(existingAccountSignUpEmail(user.email, publicUrl));
      },
      // The stand-in user of that answer has every field a new user has, with a new user's values.
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        role: 'user',
        banned: false,
        banReason: null,
        banExpires: null,
        twoFactorEnabled: false,
        ...additionalFields,
        id,
      }),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 3600,
      sendVerificationEmail: async ({ user, url }) => mailer.send(verificationEmail(user.email, url)),
    },
    user: {
      // Email changes are the app's own (features/account/email-change.service.ts): password and
      // second factor, a cancel link to the old address, the new one confirmed first.
      changeEmail: { enabled: false },
      // Called only by the app's own deletion route, after the password and second factor.
      deleteUser: { enabled: true, beforeDelete: async (user) => onUserDeleting(user.id) },
    },
    // Our own limiter keys by account as well as address (docs/decisions/0010-rate-limits.md).
    rateLimit: { enabled: false },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    baseURL: publicUrl,
    trustedOrigins: trustedOrigins(publicUrl),
    logger: {
      log: (level, message, ...args) => {
        authLogger[level]({ args }, message);
      },
    },
    hooks: { before: authEndpointGuards(db), after: authEndpointOutcomes(db) },
    databaseHooks: {
      user: {
        update: {
          // Security notices: 2FA turned on or off (email and password changes send their own).
          before: async (data, ctx) => {
            const userId = ctx?.context.session?.user.id;
            if (!userId || typeof data.twoFactorEnabled !== 'boolean') return;
            const current = await db
              .selectFrom('user')
              .select(['twoFactorEnabled'])
              .where('id', '=', userId)
              .executeTakeFirst();
            if (!current || Boolean(current.twoFactorEnabled) === data.twoFactorEnabled) return;
            pendingNotices.set(userId, [
              { to: null, event: data.twoFactorEnabled ? 'two-factor-enabled' : 'two-factor-disabled' },
            ]);
          },
          after: async (user) => {
            const notices = pendingNotices.get(user.id);
            if (!notices) return;
            pendingNotices.delete(user.id);
            for (const notice of notices)
              await mailer.send(securityEmail(notice.to ?? user.email, notice.event));
          },
        },
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
