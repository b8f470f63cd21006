import type { Selectable } from 'kysely';
import type { QuestionMessage, QuestionSummary } from '@/domain/questions/questions.schema';
import type { Db, Trx } from '../../db/client';
import type { AnalystQuestionsTable } from '../../db/schema';

/** What the member's and the analysts' sides share: a question's summary and its messages. */
export type QuestionRow = Selectable<AnalystQuestionsTable>;

export function toSummary(row: QuestionRow, lastActivityAt: Date = row.last_activity_at): QuestionSummary {
  return {
    id: row.id,
    subject: row.subject,
    topic: row.topic,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    lastActivityAt: lastActivityAt.toISOString(),
    closedAt: row.closed_at?.toISOString() ?? null,
  };
}

/**
 * A question's messages, oldest first. `withInternal: false` (the member's view) leaves the analysts'
 * notes out in SQL, so no later mapping can let one through.
 */
export async function messagesOf(
  db: Db | Trx,
  questionId: string,
  options: { withInternal: boolean },
): Promise<QuestionMessage[]> {
  return (await messagesOfMany(db, [questionId], options)).get(questionId) ?? [];
}

/** The messages of several questions in one read (the export), by question. */
export async function messagesOfMany(
  db: Db | Trx,
  questionIds: readonly string[],
  { withInternal }: { withInternal: boolean },
): Promise<Map<string, QuestionMessage[]>> {
  const byQuestion = new Map<string, QuestionMessage[]>();
  if (questionIds.length === 0) return byQuestion;
  let query = db
    .selectFrom('analyst_question_messages as m')
    .leftJoin('user as u', 'u.id', 'm.author_id')
    .select([
      'm.id',
      'm.question_id',
      'm.author_kind',
      'm.internal',
      'm.body',
      'm.created_at',
      'u.name as author_name',
    ])
    .where('m.question_id', 'in', questionIds);
  if (!withInternal) query = query.where('m.internal', '=', false);
  const rows = await query.orderBy('m.created_at').orderBy('m.id').execute();
  for (const row of rows) {
    const messages = byQuestion.get(row.question_id) ?? [];
    messages.push({
      id: row.id,
      author: row.author_kind,
      authorName: row.author_kind === 'analyst' ? (row.author_name ?? null) : null,
      internal: row.internal,
      body: row.body,
      createdAt: row.created_at.toISOString(),
    });
    byQuestion.set(row.question_id, messages);
  }
  return byQuestion;
}

export async function lockQuestion(trx: Trx, id: string): Promise<QuestionRow | undefined> {
  return trx.selectFrom('analyst_questions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function addMessage(
  trx: Trx,
  message: {
    questionId: string;
    authorId: string;
    authorKind: 'member' | 'analyst';
    internal: boolean;
    body: string;
  },
  now: Date,
): Promise<string> {
  const row = await trx
    .insertInto('analyst_question_messages')
    .values({
      question_id: message.questionId,
      author_id: message.authorId,
      author_kind: message.authorKind,
      internal: message.internal,
      body: message.body,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
