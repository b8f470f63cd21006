import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { admin, twoFactor } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import { PASSWORD_MIN_LENGTH } from '@/domain/auth/password-rules';
import type { Db } from '../db/client';
import {
  newEmailVerification,
  passwordResetEmail,
  securityEmail,
  type SecurityEvent,
  verificationEmail,
} from '../features/account/account.emails';
import { totpReplayGuard } from '../features/account/two-factor-guard';
import { CLIENT_IP_HEADER } from './client-ip';
import type { Logger } from './logger';
import type { Mailer } from './mailer';

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

export const BLOCKED_MESSAGE =
  'Your account has been blocked. Contact support if you believe this is a mistake.';

/** better-auth's verification tokens are JWTs; the payload says whether this one confirms a new address. */
function isEmailChangeToken(token: string): boolean {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      requestType?: string;
    };
    return payload.requestType === 'change-email-verification';
  } catch {
    return false;
  }
}

/** A security mail to send once better-auth has written the change; `to: null` means the user's address. */
interface PendingNotice {
  to: string | null;
  event: SecurityEvent;
}

export interface AuthDeps {
  db: Db;
  secret: string;
  publicUrl: string;
  logger: Logger;
  mailer: Mailer;
  /** Runs before better-auth deletes a user: removes or anonymises what cascades do not. */
  onUserDeleting(userId: string): Promise<void>;
  /** Runs after better-auth inserted a user: creates the profile and preferences rows. */
  onUserCreated(user: { id: string; email: string; name: string }): Promise<void>;
}

export function createAuth({
  db,
  secret,
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
      twoFactor({ issuer: APP_NAME, totpOptions: { digits: 6, period: 30 } }),
    ],
    secret,
    emailAndPassword: {
      ...base.emailAndPassword,
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      sendResetPassword: async ({ user, url }) => mailer.send(passwordResetEmail(user.email, url)),
      onPasswordReset: async ({ user }) => mailer.send(securityEmail(user.email, 'password-reset')),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 3600,
      sendVerificationEmail: async ({ user, url, token }) =>
        mailer.send(
          isEmailChangeToken(token)
            ? newEmailVerification(user.email, url)
            : verificationEmail(user.email, url),
        ),
    },
    user: {
      changeEmail: { enabled: true },
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
    hooks: { before: totpReplayGuard(db) },
    databaseHooks: {
      user: {
        update: {
          // Security notices: 2FA turned on or off, and the email address changed (told to the old one).
          before: async (data, ctx) => {
            const userId = ctx?.context.session?.user.id;
            if (!userId || (typeof data.twoFactorEnabled !== 'boolean' && typeof data.email !== 'string'))
              return;
            const current = await db
              .selectFrom('user')
              .select(['twoFactorEnabled', 'email'])
              .where('id', '=', userId)
              .executeTakeFirst();
            if (!current) return;
            const notices: PendingNotice[] = [];
            if (
              typeof data.twoFactorEnabled === 'boolean' &&
              Boolean(current.twoFactorEnabled) !== data.twoFactorEnabled
            ) {
              notices.push({
                to: null,
                event: data.twoFactorEnabled ? 'two-factor-enabled' : 'two-factor-disabled',
              });
            }
            if (typeof data.email === 'string' && data.email.toLowerCase() !== current.email.toLowerCase()) {
              notices.push({ to: current.email, event: 'email-changed' });
            }
            if (notices.length) pendingNotices.set(userId, notices);
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
