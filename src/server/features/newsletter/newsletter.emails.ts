import { CONFIRM_LINK_DAYS } from '@/domain/newsletter/newsletter.schema';
import type { MailMessage } from '../../lib/mailer';
import { withUnsubscribe } from '../../shared/notifications/emails';

export function newsletterConfirmUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;
}

/** The double opt-in mail: nothing else is ever sent to an address that does not confirm. */
export function newsletterConfirmEmail(to: string, link: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: 'Confirm your XRP Research newsletter subscription',
    link,
    text: [
      'Please confirm that you want the XRP Research weekly market summary at this address:',
      '',
      link,
      '',
      `The link works for ${CONFIRM_LINK_DAYS} days. If you did not sign up, ignore this mail: you will not hear from us again.`,
      '',
      '—',
      `XRP Research · ${publicUrl}`,
    ].join('\n'),
  };
}

/** Sent once the address is confirmed: what comes when, and the way out from the first mail on. */
export function newsletterWelcomeEmail(
  to: string,
  links: { publicUrl: string; unsubscribeToken: string },
): MailMessage {
  return withUnsubscribe(
    to,
    "You're subscribed to the XRP Research newsletter",
    [
      'Welcome! Every Monday morning (UTC) you will receive the XRP weekly market summary: price and its',
      'change, Fear & Greed, whale transfers and the top headlines of the week.',
      '',
      `Past weeks are on the site: ${links.publicUrl}/analysis`,
    ].join('\n'),
    { ...links, category: 'newsletter' },
  );
}
