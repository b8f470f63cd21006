import { z } from 'zod';
import { emailAddressSchema } from '../account/account.schema';

export const newsletterSignupSchema = z
  .object({
    email: emailAddressSchema,
  })
  .meta({ id: 'NewsletterSignup' });
export type NewsletterSignup = z.infer<typeof newsletterSignupSchema>;

export const newsletterConfirmSchema = z
  .object({ token: z.string().min(20, 'This link is incomplete').max(200, 'This link is not valid') })
  .meta({ id: 'NewsletterConfirm' });

/** The sign-up answer is the same for every address: it does not reveal who is on the list. */
export const NEWSLETTER_CHECK_INBOX = 'Check your inbox: we sent you a link to confirm your subscription.';
export const NEWSLETTER_SUBSCRIBED = "You're subscribed to the XRP Research newsletter.";
export const NEWSLETTER_LINK_INVALID =
  'This confirmation link is not valid or has expired. Sign up again with the newsletter box at the bottom of any page.';

/** How long a confirmation link works. */
export const CONFIRM_LINK_DAYS = 7;
/** A new confirmation mail for the same address is sent at most this often. */
export const CONFIRM_RESEND_MINUTES = 10;
