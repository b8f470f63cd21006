import crypto from 'node:crypto';
import { sql } from 'kysely';
import {
  EMAIL_CHANGE_LINK_INVALID,
  EMAIL_TAKEN,
  EMAIL_UNCHANGED,
  emailChangeLockedMessage,
} from '@/domain/account/account.schema';
import { appRoutes } from '@/domain/routing/routes';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../lib/mailer';
import {
  emailChangeConfirmation,
  emailChangedNotice,
  emailChangeRequestedNotice,
  emailChangeUndoneNotice,
} from './account.emails';

/** The new address has an hour to confirm; the old one can cancel, or undo a done change, for 7 days. */
const CONFIRM_HOURS = 1;
const CANCEL_DAYS = 7;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const newToken = () => crypto.randomBytes(32).toString('base64url');

interface Links {
  publicUrl: string;
}

const linkTo = (publicUrl: string, kind: 'confirm' | 'cancel', token: string) =>
  `${publicUrl}${appRoutes.emailChange}?${kind}=${encodeURIComponent(token)}`;

/** The address on better-auth's user row (verified: a mailed link proved it) and on the profile. */
async function setAccountEmail(trx: Db, userId: string, email: string, now: Date) {
  await trx
    .updateTable('user')
    .set({ email, emailVerified: true, updatedAt: now })
    .where('id', '=', userId)
    .execute();
  await trx.updateTable('profiles').set({ email, updated_at: now }).where('user_id', '=', userId).execute();
}

/**
 * Starts a change of address (the caller has checked the password and second factor). Any earlier
 * pending change ends; the new address gets a confirmation link, the current one a cancel link.
 * An address that belongs to another account gets nothing, and the answer is the same.
 */
export async function requestEmailChange(
  { db, mailer, publicUrl }: Links & { db: Db; mailer: Mailer },
  user: { id: string; email: string },
  newEmail: string,
): Promise<void> {
  if (newEmail === user.email.toLowerCase()) throw new AppError('validation_error', EMAIL_UNCHANGED);
  const confirmToken = newToken();
  const cancelToken = newToken();
  const taken = await db.selectFrom('user').select('id').where('email', '=', newEmail).executeTakeFirst();
  await db.transaction().execute(async (trx) => {
    // One request at a time per member, and none while the old address can still undo the last
    // change: otherwise a second change would leave that undo link nothing to undo.
    await trx.selectFrom('user').select('id').where('id', '=', user.id).forUpdate().execute();
    const undoable = await trx
      .selectFrom('email_changes')
      .select('cancel_by')
      .where('user_id', '=', user.id)
      .where('confirmed_at', 'is not', null)
      .where('cancelled_at', 'is', null)
      .where('cancel_by', '>', new Date())
      .orderBy('cancel_by', 'desc')
      .executeTakeFirst();
    if (undoable)
      throw new AppError('conflict', emailChangeLockedMessage(new Date(undoable.cancel_by).toUTCString()));
    await trx
      .updateTable('email_changes')
      .set({ cancelled_at: new Date() })
      .where('user_id', '=', user.id)
      .where('confirmed_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .execute();
    await trx
      .insertInto('email_changes')
      .values({
        user_id: user.id,
        old_email: user.email,
        new_email: newEmail,
        confirm_token_hash: hashToken(confirmToken),
        cancel_token_hash: hashToken(cancelToken),
        confirm_by: sql<Date>`now() + make_interval(hours => ${CONFIRM_HOURS})`,
        cancel_by: sql<Date>`now() + make_interval(days => ${CANCEL_DAYS})`,
      })
      .execute();
  });
  if (!taken)
    await mailer.send(emailChangeConfirmation(newEmail, linkTo(publicUrl, 'confirm', confirmToken)));
  await mailer.send(
    emailChangeRequestedNotice(user.email, newEmail, linkTo(publicUrl, 'cancel', cancelToken)),
  );
}

/**
 * The new address's link: the account's address changes now (verified, as the link proves it), and
 * the old address is told, with the same cancel link still valid. Works without signing in.
 */
export async function confirmEmailChange(
  { db, mailer, publicUrl }: Links & { db: Db; mailer: Mailer },
  token: string,
): Promise<{ email: string }> {
  const cancelToken = newToken();
  const change = await db
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .selectFrom('email_changes')
        .selectAll()
        .where('confirm_token_hash', '=', hashToken(token))
        .where('confirmed_at', 'is', null)
        .where('cancelled_at', 'is', null)
        .where('confirm_by', '>', new Date())
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw new AppError('not_found', EMAIL_CHANGE_LINK_INVALID);
      const taken = await trx
        .selectFrom('user')
        .select('id')
        .where('email', '=', row.new_email)
        .executeTakeFirst();
      if (taken) throw new AppError('conflict', EMAIL_TAKEN);
      const now = new Date();
      // The old address gets a second link in the notice below; the first one stays valid too.
      await trx
        .updateTable('email_changes')
        .set({ confirmed_at: now, undo_token_hash: hashToken(cancelToken) })
        .where('id', '=', row.id)
        .execute();
      await setAccountEmail(trx, row.user_id, row.new_email, now);
      return row;
    })
    .catch((error: unknown) => {
      // The address was taken between the check and the update (a sign-up at the same moment).
      if ((error as { code?: string }).code === '23505') throw new AppError('conflict', EMAIL_TAKEN);
      throw error;
    });
  await mailer.send(
    emailChangedNotice(change.old_email, change.new_email, linkTo(publicUrl, 'cancel', cancelToken)),
  );
  return { email: change.new_email };
}

export type CancelOutcome = 'cancelled' | 'undone';

/**
 * The old address's link. A pending change is cancelled. A change already confirmed is undone: the
 * old address comes back and every session ends, since whoever asked knew the password.
 */
export async function cancelEmailChange(
  { db, mailer, publicUrl }: Links & { db: Db; mailer: Mailer },
  token: string,
): Promise<{ outcome: CancelOutcome; email: string }> {
  const hash = hashToken(token);
  const result = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('email_changes')
      .selectAll()
      .where((eb) => eb.or([eb('cancel_token_hash', '=', hash), eb('undo_token_hash', '=', hash)]))
      .where('cancelled_at', 'is', null)
      .where('cancel_by', '>', new Date())
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError('not_found', EMAIL_CHANGE_LINK_INVALID);
    const now = new Date();
    await trx.updateTable('email_changes').set({ cancelled_at: now }).where('id', '=', row.id).execute();
    if (!row.confirmed_at) return { outcome: 'cancelled' as const, row };
    const current = await trx
      .selectFrom('user')
      .select('email')
      .where('id', '=', row.user_id)
      .executeTakeFirst();
    // Changed again since: undo only the change this link was sent for.
    if (current?.email !== row.new_email) throw new AppError('conflict', EMAIL_CHANGE_LINK_INVALID);
    const restoredTo = await trx
      .selectFrom('user')
      .select('id')
      .where('email', '=', row.old_email)
      .executeTakeFirst();
    if (restoredTo) throw new AppError('conflict', EMAIL_TAKEN);
    await setAccountEmail(trx, row.user_id, row.old_email, now);
    // Whoever asked knew the password (and passed any second factor): every session ends, the
    // password stops working until the member chooses a new one from the restored address, and a
    // second factor the asker may have set up is removed (the member turns theirs on again).
    await trx.deleteFrom('session').where('userId', '=', row.user_id).execute();
    await trx
      .updateTable('account')
      .set({ password: null, updatedAt: now })
      .where('userId', '=', row.user_id)
      .where('providerId', '=', 'credential')
      .execute();
    await trx.deleteFrom('twoFactor').where('userId', '=', row.user_id).execute();
    await trx.updateTable('user').set({ twoFactorEnabled: false }).where('id', '=', row.user_id).execute();
    return { outcome: 'undone' as const, row };
  });
  if (result.outcome === 'undone')
    await mailer.send(emailChangeUndoneNotice(result.row.old_email, `${publicUrl}${appRoutes.auth}`));
  return { outcome: result.outcome, email: result.row.old_email };
}

/**
 * Email changes whose every link has expired (the old address's cancel or undo link is the last, at
 * 7 days): nothing can act on them any more, and they hold two addresses of the member.
 */
export async function pruneEmailChanges(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('email_changes')
    .where('cancel_by', '<', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
