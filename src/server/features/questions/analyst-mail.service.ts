import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';
import { newQuestionEmail } from './questions.emails';
import type { QuestionRow } from './thread.service';

/**
 * Who hears of a question: its assignee when it has one (still staff and not blocked); else the
 * analysts and administrators who are not blocked and have not turned the mail off.
 */
async function analystRecipients(db: Db, exceptUserId: string, assigneeId: string | null): Promise<string[]> {
  if (assigneeId) {
    const assignee = await db
      .selectFrom('user as u')
      .innerJoin('profiles as p', 'p.user_id', 'u.id')
      .select('u.email')
      .where('u.id', '=', assigneeId)
      .where('u.role', 'in', ['admin', 'analyst'])
      .where('p.blocked', '=', false)
      .executeTakeFirst();
    if (assignee) return [assignee.email];
  }
  const rows = await db
    .selectFrom('user as u')
    .innerJoin('profiles as p', 'p.user_id', 'u.id')
    .leftJoin('analyst_settings as s', 's.user_id', 'u.id')
    .select('u.email')
    .where('u.role', 'in', ['admin', 'analyst'])
    .where('p.blocked', '=', false)
    .where('u.id', '!=', exceptUserId)
    .where((eb) => eb.or([eb('s.email_new_questions', 'is', null), eb('s.email_new_questions', '=', true)]))
    .orderBy('u.email')
    .execute();
  return rows.map((row) => row.email);
}

/**
 * Mails the analysts about a new question, or about the member's reply in one (its assignee, or
 * everyone when nobody has it), once it is stored. A failed mail is logged; the question waits in
 * the inbox all the same.
 */
export async function mailAnalystsAboutQuestion(
  deps: { db: Db; mailer: Mailer; logger: Logger; publicUrl: string },
  asker: Viewer,
  question: QuestionRow,
  body: string,
  kind: 'question' | 'reply' = 'question',
): Promise<void> {
  const notice = {
    id: question.id,
    subject: question.subject,
    topic: question.topic,
    body,
    asker: asker.profile.full_name?.trim() || asker.user.name || asker.user.email,
    kind,
  };
  const assignee = kind === 'reply' ? question.assignee_id : null;
  for (const to of await analystRecipients(deps.db, asker.user.id, assignee)) {
    try {
      await deps.mailer.send(newQuestionEmail(to, notice, deps.publicUrl));
    } catch (error) {
      deps.logger.warn({ err: error, questionId: question.id }, 'could not mail an analyst about a question');
    }
  }
}
