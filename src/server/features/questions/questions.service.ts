import { sql } from 'kysely';
import {
  MAX_OPEN_QUESTIONS,
  QUESTIONS_PER_DAY,
  questionMessages,
  type MyQuestions,
  type NewQuestion,
  type QuestionThread,
} from '@/domain/questions/questions.schema';
import type { Db, Trx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Viewer } from '../../lib/context';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';
import { mailAnalystsAboutQuestion } from './analyst-mail.service';
import { addMessage, lockQuestion, messagesOf, toSummary, type QuestionRow } from './thread.service';

export interface AskDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
}

/** Asking and replying are Premium (complimentary counts); reading and closing are not. */
export function requirePremium(viewer: Viewer, message: string): void {
  if (!viewer.isPremium) throw new AppError('forbidden', message);
}

const notFound = () => new AppError('not_found', questionMessages.notFound);
const DAY_MS = 24 * 60 * 60 * 1000;

/** The member's view of a question's last activity: their messages and the analysts' replies, never a note. */
const memberActivity = sql<Date>`coalesce((
  SELECT max(m.created_at) FROM analyst_question_messages m
  WHERE m.question_id = q.id AND NOT m.internal), q.created_at)`;

/**
 * QUESTIONS_PER_DAY asked in 24 hours, counted from the stored questions (a refused attempt costs
 * nothing); over it, 429 with when the oldest of them leaves the window.
 */
async function enforceDailyLimit(trx: Trx, userId: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - DAY_MS);
  const rows = await trx
    .selectFrom('analyst_questions')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
  const oldest = rows[0];
  if (rows.length < QUESTIONS_PER_DAY || !oldest) return;
  const seconds = (oldest.created_at.getTime() + DAY_MS - now.getTime()) / 1000;
  const hours = Math.ceil(seconds / 3600);
  throw AppError.rateLimited(
    `${questionMessages.dailyLimit(QUESTIONS_PER_DAY)}; try again in ${hours === 1 ? 'an hour' : `${hours} hours`}`,
    seconds,
  );
}

export async function openCountOf(db: Db | Trx, userId: string): Promise<number> {
  const row = await db
    .selectFrom('analyst_questions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '!=', 'closed')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listMyQuestions(db: Db, viewer: Viewer, responseTime: string): Promise<MyQuestions> {
  const rows = await db
    .selectFrom('analyst_questions as q')
    .selectAll('q')
    .select(memberActivity.as('member_activity_at'))
    .where('q.user_id', '=', viewer.user.id)
    .orderBy(sql`CASE WHEN q.status = 'closed' THEN 1 ELSE 0 END`)
    .orderBy('member_activity_at', 'desc')
    .execute();
  const openCount = rows.filter((row) => row.status !== 'closed').length;
  const cannotAskReason = !viewer.isPremium
    ? questionMessages.premium
    : openCount >= MAX_OPEN_QUESTIONS
      ? questionMessages.tooManyOpen
      : null;
  return {
    questions: rows.map((row) => toSummary(row, new Date(row.member_activity_at))),
    openCount,
    maxOpen: MAX_OPEN_QUESTIONS,
    canAsk: cannotAskReason === null,
    cannotAskReason,
    premium: viewer.isPremium,
    responseTime,
  };
}

/** The member's own question, or 404: another member's question does not exist for them. */
async function ownQuestion(db: Db | Trx, viewer: Viewer, id: string, lock = false): Promise<QuestionRow> {
  const row = lock
    ? await lockQuestion(db as Trx, id)
    : await db.selectFrom('analyst_questions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || row.user_id !== viewer.user.id) throw notFound();
  return row;
}

async function memberThread(db: Db | Trx, row: QuestionRow): Promise<QuestionThread> {
  const messages = await messagesOf(db, row.id, { withInternal: false });
  const last = messages.at(-1)?.createdAt;
  return { ...toSummary(row, last ? new Date(last) : row.created_at), messages };
}

export async function readOwnQuestion(db: Db, viewer: Viewer, id: string): Promise<QuestionThread> {
  return memberThread(db, await ownQuestion(db, viewer, id));
}

/**
 * A new question: at most MAX_OPEN_QUESTIONS not closed at once (checked under a lock on the member's
 * profile row, so two at the same moment cannot both pass). Analysts are mailed once it is stored.
 */
export async function askQuestion(
  deps: AskDeps,
  viewer: Viewer,
  input: NewQuestion,
  now = new Date(),
): Promise<QuestionThread> {
  requirePremium(viewer, questionMessages.premium);
  const question = await deps.db.transaction().execute(async (trx) => {
    await trx.selectFrom('profiles').select('id').where('user_id', '=', viewer.user.id).forUpdate().execute();
    if ((await openCountOf(trx, viewer.user.id)) >= MAX_OPEN_QUESTIONS)
      throw new AppError('conflict', questionMessages.tooManyOpen);
    await enforceDailyLimit(trx, viewer.user.id, now);
    const row = await trx
      .insertInto('analyst_questions')
      .values({
        user_id: viewer.user.id,
        subject: input.subject,
        topic: input.topic ?? null,
        created_at: now,
        last_activity_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await addMessage(
      trx,
      {
        questionId: row.id,
        authorId: viewer.user.id,
        authorKind: 'member',
        internal: false,
        body: input.body,
      },
      now,
    );
    return row;
  });
  await mailAnalystsAboutQuestion(deps, viewer, question, input.body);
  return memberThread(deps.db, question);
}

/**
 * The member's reply: the question waits for an analyst again, and its assignee (or, unassigned,
 * every analyst who takes the mail) is told. Not once closed; Premium only.
 */
export async function replyToOwnQuestion(
  deps: AskDeps,
  viewer: Viewer,
  id: string,
  body: string,
  now = new Date(),
): Promise<QuestionThread> {
  const { db } = deps;
  const row = await db.transaction().execute(async (trx) => {
    const question = await ownQuestion(trx, viewer, id, true);
    requirePremium(viewer, questionMessages.premiumToReply);
    if (question.status === 'closed') throw new AppError('conflict', questionMessages.closed);
    await addMessage(
      trx,
      { questionId: id, authorId: viewer.user.id, authorKind: 'member', internal: false, body },
      now,
    );
    return trx
      .updateTable('analyst_questions')
      .set({ status: 'open', last_activity_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  await mailAnalystsAboutQuestion(deps, viewer, row, body, 'reply');
  return memberThread(db, row);
}

export async function closeOwnQuestion(
  db: Db,
  viewer: Viewer,
  id: string,
  now = new Date(),
): Promise<QuestionThread> {
  const row = await db.transaction().execute(async (trx) => {
    const question = await ownQuestion(trx, viewer, id, true);
    if (question.status === 'closed') throw new AppError('conflict', questionMessages.alreadyClosed);
    return trx
      .updateTable('analyst_questions')
      .set({ status: 'closed', closed_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return memberThread(db, row);
}
