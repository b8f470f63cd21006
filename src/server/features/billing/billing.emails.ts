import type { MailMessage } from '../../lib/mailer';

const signature = '\n\n— XRP Research\nThis is an automatic message about your membership.';

function formatAmount(amountCents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amountCents / 100,
  );
}

/** invoice.payment_failed: the card was declined; Premium continues while the provider retries. */
export function paymentFailedEmail(
  to: string,
  input: { amountCents: number; currency: string; membershipUrl: string },
): MailMessage {
  return {
    to,
    subject: 'Your XRP Research Premium payment failed',
    text: `We could not take your Premium payment of ${formatAmount(input.amountCents, input.currency)}.\n\nYour Premium access continues for now while the payment is retried. To keep it, update your card from the billing page ("Manage Subscription"):\n${input.membershipUrl}\n\nIf you meant to cancel, you do not need to do anything: Premium ends when the retries stop.${signature}`,
    link: input.membershipUrl,
  };
}
