import type { Db } from '../../db/client';
import type { UserPreferencesTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  categoryLabels,
  readUnsubscribeToken,
  type UnsubscribeCategory,
} from '../../shared/notifications/unsubscribe';

type EmailColumn = keyof Pick<
  UserPreferencesTable,
  | 'notification_email_price_alerts'
  | 'notification_email_whale_alerts'
  | 'notification_email_regulatory_updates'
  | 'notification_email_adoption_alerts'
  | 'notification_email_weekly_summary'
  | 'notification_email_comment_replies'
>;

const columns: Record<Exclude<UnsubscribeCategory, 'newsletter'>, EmailColumn[]> = {
  price: ['notification_email_price_alerts'],
  whale: ['notification_email_whale_alerts'],
  regulatory: ['notification_email_regulatory_updates'],
  adoption: ['notification_email_adoption_alerts'],
  weekly: ['notification_email_weekly_summary'],
  replies: ['notification_email_comment_replies'],
  alerts: [
    'notification_email_price_alerts',
    'notification_email_whale_alerts',
    'notification_email_regulatory_updates',
    'notification_email_adoption_alerts',
  ],
};

/**
 * Switches the category's email preferences off (for 'newsletter': ends the subscription); false when
 * the account or the subscription no longer exists.
 */
async function applyUnsubscribe(
  db: Db,
  target: { userId: string; category: UnsubscribeCategory },
): Promise<boolean> {
  if (target.category === 'newsletter') {
    const row = await db
      .updateTable('newsletter_subscribers')
      .set((eb) => ({
        status: 'unsubscribed',
        confirm_token_hash: null,
        unsubscribed_at: eb.fn.coalesce('unsubscribed_at', eb.val(new Date())),
      }))
      .where('id', '=', target.userId)
      .returning('id')
      .executeTakeFirst();
    return Boolean(row);
  }
  const user = await db.selectFrom('user').select('id').where('id', '=', target.userId).executeTakeFirst();
  if (!user) return false;
  await db
    .insertInto('user_preferences')
    .values({ user_id: target.userId, theme_preference: 'light' })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
  const values = Object.fromEntries(columns[target.category].map((column) => [column, false]));
  const row = await db
    .updateTable('user_preferences')
    .set({ ...values, updated_at: new Date() })
    .where('user_id', '=', target.userId)
    .returning('user_id')
    .executeTakeFirst();
  return Boolean(row);
}

function readLink(secret: string, token: string) {
  const target = readUnsubscribeToken(secret, token);
  if (!target) throw new AppError('not_found', 'This unsubscribe link is not valid.');
  return target;
}

/** What an unsubscribe link switches off, for the page that asks to confirm. */
export function describeUnsubscribeLink(
  secret: string,
  token: string,
): { category: UnsubscribeCategory; label: string } {
  const target = readLink(secret, token);
  return { category: target.category, label: categoryLabels[target.category] };
}

/** Follows an unsubscribe link (the page's button or a mail client's RFC 8058 one-click POST). */
export async function unsubscribeWithLink(
  db: Db,
  secret: string,
  token: string,
): Promise<{ category: UnsubscribeCategory; label: string }> {
  const target = readLink(secret, token);
  if (!(await applyUnsubscribe(db, target)))
    throw new AppError('not_found', 'This account no longer exists.');
  return { category: target.category, label: categoryLabels[target.category] };
}
