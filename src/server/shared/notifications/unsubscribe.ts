import crypto from 'node:crypto';
import { z } from 'zod';

export const unsubscribeCategorySchema = z.enum([
  'price',
  'whale',
  'regulatory',
  'adoption',
  'weekly',
  'alerts',
  'newsletter',
  'replies',
]);
export type UnsubscribeCategory = z.infer<typeof unsubscribeCategorySchema>;

export const categoryLabels: Record<UnsubscribeCategory, string> = {
  price: 'price alert emails',
  whale: 'whale alert emails',
  regulatory: 'regulatory update emails',
  adoption: 'adoption alert emails',
  weekly: 'the weekly market summary',
  alerts: 'all alert emails',
  newsletter: 'the XRP Research newsletter',
  replies: 'emails about replies to your comments',
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

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
}

export function oneClickUnsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/unsubscribe?token=${encodeURIComponent(token)}`;
}
