import crypto from 'node:crypto';
import { sql } from 'kysely';
import { CONFIRM_LINK_DAYS, CONFIRM_RESEND_MINUTES } from '@/domain/newsletter/newsletter.schema';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';
import { unsubscribeToken } from '../../shared/notifications/unsubscribe';
import { newsletterConfirmEmail, newsletterConfirmUrl, newsletterWelcomeEmail } from './newsletter.emails';

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface NewsletterDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
}

/**
 * Double opt-in, step one: records the address as pending and mails it a confirmation link. A
 * confirmed address gets no mail, and a pending one at most one every CONFIRM_RESEND_MINUTES, so the
 * box cannot be used to flood someone's inbox. The caller answers the same in every case.
 */
export async function requestSubscription(
  deps: NewsletterDeps,
  email: string,
  now: Date = new Date(),
): Promise<void> {
  const token = crypto.randomBytes(32).toString('base64url');
  const resendBefore = new Date(now.getTime() - CONFIRM_RESEND_MINUTES * 60_000);
  const row = await deps.db
    .insertInto('newsletter_subscribers')
    .values({ email, status: 'pending', confirm_token_hash: hashToken(token), confirmation_sent_at: now })
    .onConflict((conflict) =>
      conflict
        .column('email')
        .doUpdateSet({
          status: 'pending',
          confirm_token_hash: hashToken(token),
          confirmation_sent_at: now,
          unsubscribed_at: null,
        })
        .where('newsletter_subscribers.status', '!=', 'confirmed')
        .where(sql<boolean>`coalesce(newsletter_subscribers.confirmation_sent_at < ${resendBefore}, true)`),
    )
    .returning('id')
    .executeTakeFirst();
  if (!row) return;
  const link = newsletterConfirmUrl(deps.publicUrl, token);
  try {
    await deps.mailer.send(newsletterConfirmEmail(email, link, deps.publicUrl));
  } catch (error) {
    // Let the visitor ask again at once rather than wait out the resend pause for a mail that never left.
    await deps.db
      .updateTable('newsletter_subscribers')
      .set({ confirmation_sent_at: null })
      .where('id', '=', row.id)
      .execute();
    deps.logger.error({ err: error }, 'newsletter confirmation mail failed');
    throw new AppError(
      'unavailable',
      'We could not send the confirmation email just now. Please try again in a few minutes.',
    );
  }
}

/**
 * Double opt-in, step two: the link's token confirms its address and a welcome mail (with its
 * unsubscribe link) goes out; null for an unknown or old link.
 */
export async function confirmSubscription(
  deps: NewsletterDeps & { secret: string },
  token: string,
  now: Date = new Date(),
): Promise<{ email: string } | null> {
  const row = await deps.db
    .updateTable('newsletter_subscribers')
    .set({ status: 'confirmed', confirmed_at: now, confirm_token_hash: null })
    .where('confirm_token_hash', '=', hashToken(token))
    .where('status', '=', 'pending')
    .where('confirmation_sent_at', '>', new Date(now.getTime() - CONFIRM_LINK_DAYS * 86_400_000))
    .returning(['id', 'email'])
    .executeTakeFirst();
  if (!row) return null;
  const welcome = newsletterWelcomeEmail(row.email, {
    publicUrl: deps.publicUrl,
    unsubscribeToken: unsubscribeToken(deps.secret, row.id, 'newsletter'),
  });
  // The subscription stands even if this mail does not leave; the weekly mails carry the same link.
  await deps.mailer
    .send(welcome)
    .catch((error: unknown) => deps.logger.warn({ err: error }, 'newsletter welcome mail failed'));
  return { email: row.email };
}
