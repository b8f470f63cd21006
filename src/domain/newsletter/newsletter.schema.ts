import { z } from 'zod';

export const newsletterSignupSchema = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, 'Please enter a valid email address')
      .pipe(z.email('Please enter a valid email address')),
  })
  .meta({ id: 'NewsletterSignup' });
export type NewsletterSignup = z.infer<typeof newsletterSignupSchema>;

export const NEWSLETTER_SUBSCRIBED = "You're subscribed to the XRP Research newsletter.";
