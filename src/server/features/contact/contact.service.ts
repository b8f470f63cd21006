import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { adminEmails } from '../../lib/profiles';
import type { Mailer, MailMessage } from '../../lib/mailer';

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

export function contactEmail(to: string, input: ContactMessage, publicUrl: string): MailMessage {
  return {
    to,
    replyTo: input.email,
    subject: `Contact form: ${input.name}`,
    text: [
      `${input.name} <${input.email}> wrote through the contact form:`,
      '',
      input.message,
      '',
      '—',
      `Reply to this mail to answer. XRP Research · ${publicUrl}`,
    ].join('\n'),
  };
}

/**
 * Stores a contact message, then mails it to every administrator who is not blocked. The message is
 * kept whatever happens to the mail (its email_status says), so nothing a visitor writes is lost.
 */
export async function submitContactMessage(
  deps: { db: Db; mailer: Mailer; logger: Logger; publicUrl: string },
  input: ContactMessage,
  userId: string | null,
): Promise<void> {
  const stored = await deps.db
    .insertInto('contact_messages')
    .values({ name: input.name, email: input.email, message: input.message, user_id: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const admins = await adminEmails(deps.db);
  let status: 'sent' | 'failed' = 'sent';
  if (admins.length === 0) {
    status = 'failed';
    deps.logger.warn(
      { messageId: stored.id },
      'contact message stored, but there is no administrator to mail',
    );
  }
  for (const admin of admins) {
    try {
      await deps.mailer.send(contactEmail(admin, input, deps.publicUrl));
    } catch (error) {
      status = 'failed';
      deps.logger.error({ err: error, messageId: stored.id }, 'contact message mail failed');
    }
  }
  await deps.db
    .updateTable('contact_messages')
    .set({ email_status: status })
    .where('id', '=', stored.id)
    .execute();
}
