import { z } from 'zod';
import { emailAddressSchema } from '../account/account.schema';

const singleLine = /^[^\r\n]*$/;

export const CONTACT_MESSAGE_MAX = 5000;

/** The /contact form. `website` is a honeypot: people never see it, so only bots fill it in. */
export const contactMessageSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Please enter your name')
      .max(100, 'Please keep your name under 100 characters')
      .regex(singleLine, 'Please enter your name on one line'),
    email: emailAddressSchema,
    message: z
      .string()
      .trim()
      .min(10, 'Please write at least 10 characters')
      .max(CONTACT_MESSAGE_MAX, `Please keep your message under ${CONTACT_MESSAGE_MAX} characters`),
    website: z.string().max(500).optional(),
  })
  .meta({ id: 'ContactMessage' });
export type ContactMessageInput = z.input<typeof contactMessageSchema>;

export const CONTACT_SENT = "Thanks for your message. We'll reply by email, usually within two working days.";
