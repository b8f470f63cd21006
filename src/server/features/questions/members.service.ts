import type { Db, Trx } from '../../db/client';
import { messagesOfMany } from './thread.service';

/**
 * 'Download my data': the member's questions with their messages as the member sees them (the
 * analysts' internal notes are the site's, not the member's). Account deletion needs nothing here:
 * the questions and their messages go with the user row (ON DELETE CASCADE).
 */
export async function exportMemberQuestions(db: Db, userId: string) {
  const questions = await db
    .selectFrom('analyst_questions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const messages = await messagesOfMany(
    db,
    questions.map((question) => question.id),
    { withInternal: false },
  );
  return questions.map((question) => ({
    id: question.id,
    subject: question.subject,
    topic: question.topic,
    status: question.status,
    createdAt: question.created_at.toISOString(),
    closedAt: question.closed_at?.toISOString() ?? null,
    messages: (messages.get(question.id) ?? []).map((message) => ({
      from: message.author === 'member' ? 'you' : (message.authorName ?? 'Former analyst'),
      body: message.body,
      createdAt: message.createdAt,
    })),
  }));
}

/** Someone is no longer an analyst: the questions they had wait unassigned for the others. */
export async function releaseAssignments(trx: Trx, userId: string): Promise<void> {
  await trx
    .updateTable('analyst_questions')
    .set({ assignee_id: null })
    .where('assignee_id', '=', userId)
    .execute();
}
