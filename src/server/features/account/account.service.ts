import { APIError } from 'better-auth/api';
import {
  PASSWORD_INCORRECT,
  TWO_FACTOR_CODE_INVALID,
  TWO_FACTOR_CODE_REQUIRED,
  TWO_FACTOR_NOT_ON,
} from '@/domain/account/account.schema';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { PasswordHashingBusyError } from '../../lib/password-hash';
import type { Auth } from '../../lib/auth';
import type { Mailer } from '../../lib/mailer';
import { getPreferences } from '../preferences';
import { getProfileByUserId, toProfileDto } from '../../lib/profiles';
import { securityEmail } from '../../lib/auth-emails';
import { requestEmailChange } from './email-change.service';
import { toNotificationDto } from '@/domain/alerts/notification-record';
import { listRules } from '../alerts';
import { listLots, listWatchedAccounts } from '../portfolio';
import { anonymizeMemberComments, exportMemberCommunity } from '../community';
import { exportMemberQuestions } from '../questions';

/** Checks a user's password against their credential account; false for a user without one. */
export async function verifyPassword(auth: Auth, userId: string, password: string): Promise<boolean> {
  const context = await auth.$context;
  const accounts = await context.internalAdapter.findAccounts(userId);
  const hash = accounts.find((account) => account.providerId === 'credential')?.password;
  if (!hash) return false;
  return context.password.verify({ hash, password });
}

async function requirePassword(auth: Auth, userId: string, password: string): Promise<void> {
  if (!(await verifyPassword(auth, userId, password))) throw new AppError('bad_request', PASSWORD_INCORRECT);
}

/** The user's own update changes the full name only (better-auth's name follows). */
export async function updateOwnProfile(db: Db, userId: string, fullName: string) {
  const name = fullName.trim();
  const row = await db
    .updateTable('profiles')
    .set({ full_name: name || null, updated_at: new Date() })
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', 'Profile not found');
  await db.updateTable('user').set({ name, updatedAt: new Date() }).where('id', '=', userId).execute();
  return toProfileDto(row);
}

interface AccountContext {
  auth: Auth;
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  headers: Headers;
  user: { id: string; email: string; twoFactorEnabled?: boolean | null | undefined };
}

/**
 * With two-factor sign-in on, a sensitive change takes a code as well as the password: a TOTP code
 * (checked by better-auth's own verifier, replays refused) or a backup code (used up).
 */
async function requireSecondFactor({ auth, headers, user }: AccountContext, code: string | undefined) {
  if (!user.twoFactorEnabled) return;
  if (!code) throw new AppError('bad_request', TWO_FACTOR_CODE_REQUIRED);
  try {
    if (/^\d{6}$/.test(code)) await auth.api.verifyTOTP({ body: { code }, headers });
    else await auth.api.verifyBackupCode({ body: { code, disableSession: true }, headers });
  } catch (error) {
    if (error instanceof APIError) throw new AppError('bad_request', TWO_FACTOR_CODE_INVALID);
    throw error;
  }
}

/**
 * Starts an email change after the password (and second factor): the new address must confirm, the
 * current one is told and can cancel (email-change.service.ts).
 */
export async function startEmailChange(
  context: AccountContext,
  input: { newEmail: string; password: string; code?: string | undefined },
) {
  await requirePassword(context.auth, context.user.id, input.password);
  await requireSecondFactor(context, input.code);
  await requestEmailChange(context, context.user, input.newEmail);
}

/** better-auth's answer when its hashing was refused (a full queue) is passed on, not taken for a bad password. */
function refuseWhenBusy(response: Response): void {
  if (response.status !== 503) return;
  throw new PasswordHashingBusyError(Math.max(1, Number(response.headers.get('retry-after')) || 1));
}

/** Changes the password after checking the current one; every other session ends. */
export async function changeOwnPassword(
  { auth, mailer, headers, user }: AccountContext,
  currentPassword: string,
  newPassword: string,
): Promise<Headers> {
  await requirePassword(auth, user.id, currentPassword);
  const response = await auth.api.changePassword({
    body: { currentPassword, newPassword, revokeOtherSessions: true },
    headers,
    asResponse: true,
  });
  refuseWhenBusy(response);
  if (!response.ok) throw new AppError('bad_request', 'Failed to update password');
  await mailer.send(securityEmail(user.email, 'password-changed'));
  // better-auth issues a fresh session cookie for this device; the route passes it on.
  return response.headers;
}

/**
 * Turns two-factor sign-in off after the password and a code (better-auth's own endpoint takes the
 * password alone, so a stolen session that knew it could drop the second factor, then change the
 * address without one). Returns better-auth's headers: it re-issues this device's session cookie.
 */
export async function turnOffTwoFactor(
  context: AccountContext,
  input: { password: string; code: string },
): Promise<Headers> {
  if (!context.user.twoFactorEnabled) throw new AppError('conflict', TWO_FACTOR_NOT_ON);
  await requirePassword(context.auth, context.user.id, input.password);
  await requireSecondFactor(context, input.code);
  const response = await context.auth.api.disableTwoFactor({
    body: { password: input.password },
    headers: context.headers,
    asResponse: true,
  });
  refuseWhenBusy(response);
  if (!response.ok) throw new AppError('bad_request', 'Could not turn off two-factor authentication');
  return response.headers;
}

/** Deletes the account after checking the password (and second factor); see `removeUserTraces`. */
export async function deleteOwnAccount(
  context: AccountContext,
  input: { password: string; code?: string | undefined },
): Promise<void> {
  await requirePassword(context.auth, context.user.id, input.password);
  await requireSecondFactor(context, input.code);
  await context.auth.api.deleteUser({ body: { password: input.password }, headers: context.headers });
}

/**
 * Runs just before the user row goes: cascades remove the rows keyed by user id; this removes what is
 * keyed by the address instead (contact messages, the newsletter subscription) and strips audit rows
 * about the member of their values. account.test.ts lists every table with a member column.
 */
export async function removeUserTraces(db: Db, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirst();
    const email = user?.email.toLowerCase() ?? '';
    await trx
      .deleteFrom('contact_messages')
      .where((eb) => eb.or([eb('user_id', '=', userId), eb(sql`lower(email)`, '=', email)]))
      .execute();
    await trx
      .deleteFrom('newsletter_subscribers')
      .where(sql`lower(email)`, '=', email)
      .execute();
    // Limit counters keyed by the member (`…:<user id>` or `…:<email>`) and live events addressed to them.
    await trx
      .deleteFrom('rate_limits')
      .where((eb) =>
        eb.or([
          eb(sql`right(key, ${userId.length + 1})`, '=', `:${userId}`),
          eb(sql`right(key, ${email.length + 1})`, '=', `:${email}`),
        ]),
      )
      .execute();
    await trx
      .deleteFrom('app_events')
      .where(sql`payload->>'user_id'`, '=', userId)
      .execute();
    // A pending password reset: better-auth keeps `reset-password:<token>` → the user's id.
    await sql`DELETE FROM verification WHERE value = ${userId}`.execute(trx);
    // Their comments read "Comment removed" under "Deleted member"; replies by others stay.
    await anonymizeMemberComments(trx, userId);
    // Processed payment events stay (each is applied once, by its id) but no longer name the member.
    await trx.updateTable('billing_events').set({ user_id: null }).where('user_id', '=', userId).execute();
    await trx
      .updateTable('admin_audit_logs')
      .set({ target_user_id: null, old_value: null, new_value: null, reason: null })
      .where('target_user_id', '=', userId)
      .execute();
  });
}

/** 'Download my data': everything we hold about the user, never hashes, tokens or secrets. */
export async function exportUserData(db: Db, userId: string) {
  const user = await db
    .selectFrom('user')
    .select(['id', 'email', 'name', 'emailVerified', 'createdAt', 'updatedAt', 'twoFactorEnabled', 'role'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const profile = await getProfileByUserId(db, userId);
  const sessions = await db
    .selectFrom('session')
    .select(['createdAt', 'updatedAt', 'expiresAt', 'ipAddress', 'userAgent'])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .execute();
  return {
    exportedAt: new Date().toISOString(),
    account: {
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      twoFactorEnabled: Boolean(user.twoFactorEnabled),
      role: user.role ?? 'user',
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
    },
    profile: profile ? toProfileDto(profile) : null,
    preferences: await getPreferences(db, userId),
    sessions: sessions.map((session) => ({
      createdAt: session.createdAt.toISOString(),
      lastUsedAt: session.updatedAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    })),
    alertRules: await listRules(db, userId),
    // What the member entered: the addresses and labels they watch, and their manual holdings.
    portfolio: {
      watchedAccounts: (await listWatchedAccounts(db, userId)).map((account) => ({
        address: account.address,
        destinationTag: account.destinationTag,
        label: account.label,
        createdAt: account.createdAt,
      })),
      lots: await listLots(db, userId),
    },
    // Their name in the discussions, what they wrote and what they liked.
    community: await exportMemberCommunity(db, userId),
    /** Questions to the analysts, as the member sees them. */
    analystQuestions: await exportMemberQuestions(db, userId),
    notifications: (
      await db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .execute()
    ).map(toNotificationDto),
    pushSubscriptions: (
      await db
        .selectFrom('push_subscriptions')
        .select(['user_agent', 'created_at', 'last_success_at'])
        .where('user_id', '=', userId)
        .execute()
    ).map((row) => ({
      browser: row.user_agent,
      createdAt: row.created_at.toISOString(),
      lastDeliveredAt: row.last_success_at?.toISOString() ?? null,
    })),
  };
}

/** Ended sessions and spent or expired verification tokens (better-auth's tables), removed. */
export async function pruneExpiredAuthRows(db: Db): Promise<{ sessions: number; tokens: number }> {
  const sessions = await db
    .deleteFrom('session')
    .where('expiresAt', '<', sql<Date>`now()`)
    .executeTakeFirst();
  // better-auth's own table, not in our typed schema.
  const tokens = await sql`DELETE FROM "verification" WHERE "expiresAt" < now()`.execute(db);
  return { sessions: Number(sessions.numDeletedRows), tokens: Number(tokens.numAffectedRows ?? 0) };
}
