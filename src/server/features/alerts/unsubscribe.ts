import crypto from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { UserPreferencesTable } from '../../db/schema';

export const unsubscribeCategorySchema = z.enum([
  'price',
  'whale',
  'regulatory',
  'adoption',
  'weekly',
  'alerts',
  'newsletter',
]);
export type UnsubscribeCategory = z.infer<typeof unsubscribeCategorySchema>;

type EmailColumn = keyof Pick<
  UserPreferencesTable,
  | 'notification_email_price_alerts'
  | 'notification_email_whale_alerts'
  | 'notification_email_regulatory_updates'
  | 'notification_email_adoption_alerts'
  | 'notification_email_weekly_summary'
>;

const columns: Record<Exclude<UnsubscribeCategory, 'newsletter'>, EmailColumn[]> = {
  price: ['notification_email_price_alerts'],
  whale: ['notification_email_whale_alerts'],
  regulatory: ['notification_email_regulatory_updates'],
  adoption: ['notification_email_adoption_alerts'],
  weekly: ['notification_email_weekly_summary'],
  alerts: [
    'notification_email_price_alerts',
    'notification_email_whale_alerts',
    'notification_email_regulatory_updates',
    'notification_email_adoption_alerts',
  ],
};

export const categoryLabels: Record<UnsubscribeCategory, string> = {
  price: 'price alert emails',
  whale: 'whale alert emails',
  regulatory: 'regulatory update emails',
  adoption: 'adoption alert emails',
  weekly: 'the weekly market summary',
  alerts: 'all alert emails',
  newsletter: 'the XRP Research newsletter',
};

const sign = (secret: string, payload: string) =>
  crypto.createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');

/**
 * An unsubscribe link's token: the user (for 'newsletter': the subscriber) and the category, signed
 * with the server secret. It works without signing in and does not expire (a mail read months later
 * must still unsubscribe).
 */
export function unsubscribeToken(secret: string, userId: string, category: UnsubscribeCategory): string {
  const payload = Buffer.from(JSON.stringify([userId, category])).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; category: UnsubscribeCategory } | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  try {
    const [userId, category] = z
      .tuple([z.string().min(1), unsubscribeCategorySchema])
      .parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return { userId, category };
  } catch {
    return null;
  }
}

/**
 * Switches the category's email preferences off (for 'newsletter': ends the subscription); false when
 * the account or the subscription no longer exists.
 */
export async function applyUnsubscribe(
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

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
}

export function oneClickUnsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/unsubscribe?token=${encodeURIComponent(token)}`;
}
