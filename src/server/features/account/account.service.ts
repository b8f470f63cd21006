import { EMAIL_UNCHANGED, PASSWORD_INCORRECT } from '@/domain/account/account.schema';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Auth } from '../../lib/auth';
import type { Mailer } from '../../lib/mailer';
import { getPreferences } from '../preferences/preferences.service';
import { getProfileByUserId, toProfileDto } from '../profile/profile.service';
import { emailChangeRequestedNotice, securityEmail } from './account.emails';
import { toNotificationDto } from '../alerts/notifications.service';
import { listRules } from '../alerts/rules.service';

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

/** SPEC §3: the user's own update changes the full name only (better-auth's name follows). */
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
  headers: Headers;
  user: { id: string; email: string };
}

/**
 * Starts an email change: the new address gets a verification link and changes only once it is
 * opened; the current address is told about the request.
 */
export async function requestEmailChange(
  { auth, mailer, headers, user }: AccountContext,
  newEmail: string,
  password: string,
) {
  if (newEmail === user.email.toLowerCase()) throw new AppError('validation_error', EMAIL_UNCHANGED);
  await requirePassword(auth, user.id, password);
  await auth.api.changeEmail({ body: { newEmail, callbackURL: '/settings?emailChanged=1' }, headers });
  await mailer.send(emailChangeRequestedNotice(user.email, newEmail));
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
  if (!response.ok) throw new AppError('bad_request', 'Failed to update password');
  await mailer.send(securityEmail(user.email, 'password-changed'));
  // better-auth issues a fresh session cookie for this device; the route passes it on.
  return response.headers;
}

/** Deletes the account after checking the password; cascades remove the user's rows. */
export async function deleteOwnAccount(
  { auth, headers, user }: AccountContext,
  password: string,
): Promise<void> {
  await requirePassword(auth, user.id, password);
  await auth.api.deleteUser({ body: { password }, headers });
}

/** What stays after a user is deleted keeps no personal data: audit rows about them lose their values. */
export async function anonymiseUserTraces(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('admin_audit_logs')
    .set({ target_user_id: null, old_value: null, new_value: null, reason: null })
    .where('target_user_id', '=', userId)
    .execute();
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
