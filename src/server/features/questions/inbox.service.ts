import { sql, type ExpressionBuilder } from 'kysely';
import {
  INBOX_PAGE_SIZE,
  MAX_OPEN_QUESTIONS,
  questionMessages,
  type Analyst,
  type AnalystMessageInput,
  type InboxList,
  type InboxQuery,
  type InboxQuestion,
  type InboxSettings,
  type InboxThread,
  type InboxUpdate,
} from '@/domain/questions/questions.schema';
import { isAnalystRole } from '@/domain/plans/entitlements';
import type { Db, Trx } from '../../db/client';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Viewer } from '../../lib/context';
import { notifyMembers } from '../../shared/notifications/notifications';
import { askPath } from './questions.emails';
import { openCountOf } from './questions.service';
import { addMessage, lockQuestion, messagesOf, toSummary } from './thread.service';

const notFound = () => new AppError('not_found', questionMessages.notFound);

function inboxRows(db: Db | Trx) {
  return db
    .selectFrom('analyst_questions as q')
    .innerJoin('user as mu', 'mu.id', 'q.user_id')
    .innerJoin('profiles as mp', 'mp.user_id', 'q.user_id')
    .leftJoin('user as au', 'au.id', 'q.assignee_id')
    .selectAll('q')
    .select([
      'mu.email as member_email',
      'mu.name as member_user_name',
      'mu.createdAt as member_joined_at',
      'mp.full_name as member_full_name',
      'mp.subscription_plan as member_plan',
      'au.name as assignee_name',
    ])
    .select(
      sql<'member' | 'analyst'>`(
        SELECT m.author_kind FROM analyst_question_messages m WHERE m.question_id = q.id AND NOT m.internal
        ORDER BY m.created_at DESC, m.id DESC LIMIT 1)`.as('last_message_by'),
    );
}

type InboxRow = Awaited<ReturnType<ReturnType<typeof inboxRows>['executeTakeFirstOrThrow']>>;

function toInboxQuestion(row: InboxRow): InboxQuestion {
  return {
    ...toSummary(row),
    member: {
      id: row.user_id,
      name: row.member_full_name?.trim() || row.member_user_name || null,
      email: row.member_email,
      plan: row.member_plan,
      joinedAt: new Date(row.member_joined_at).toISOString(),
    },
    assignee: row.assignee_id ? { id: row.assignee_id, name: row.assignee_name ?? 'Analyst' } : null,
    firstResponseAt: row.first_response_at?.toISOString() ?? null,
    lastMessageBy: row.last_message_by,
  };
}

type Q = ExpressionBuilder<Database & { q: Database['analyst_questions'] }, 'q'>;
const inView = (view: InboxQuery['view'], viewerId: string) => (eb: Q) =>
  view === 'unassigned'
    ? eb('q.assignee_id', 'is', null)
    : view === 'mine'
      ? eb('q.assignee_id', '=', viewerId)
      : eb.lit(true);

/** The view (unassigned, mine, all) and the status and topic filters. */
const matching = (query: InboxQuery, viewerId: string) => (eb: Q) =>
  eb.and([
    inView(query.view, viewerId)(eb),
    ...(query.status === 'active'
      ? [eb('q.status', '!=', 'closed')]
      : query.status
        ? [eb('q.status', '=', query.status)]
        : []),
    ...(query.topic ? [eb('q.topic', '=', query.topic)] : []),
  ]);

export async function listInbox(db: Db, viewer: Viewer, query: InboxQuery): Promise<InboxList> {
  const me = viewer.user.id;
  const offset = (query.page - 1) * INBOX_PAGE_SIZE;
  const [page, total, counts] = await Promise.all([
    inboxRows(db)
      .where(matching(query, me))
      .orderBy('q.last_activity_at', 'desc')
      .orderBy('q.id')
      .limit(INBOX_PAGE_SIZE)
      .offset(offset)
      .execute(),
    db
      .selectFrom('analyst_questions as q')
      .where(matching(query, me))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('analyst_questions')
      .select([
        sql<string>`count(*) FILTER (WHERE assignee_id IS NULL)`.as('unassigned'),
        sql<string>`count(*) FILTER (WHERE assignee_id = ${me})`.as('mine'),
        sql<string>`count(*)`.as('all'),
      ])
      .where('status', '!=', 'closed')
      .executeTakeFirstOrThrow(),
  ]);
  return {
    questions: page.map(toInboxQuestion),
    total: Number(total.n),
    page: query.page,
    pageSize: INBOX_PAGE_SIZE,
    counts: { unassigned: Number(counts.unassigned), mine: Number(counts.mine), all: Number(counts.all) },
  };
}

export async function readInboxQuestion(db: Db | Trx, id: string): Promise<InboxThread> {
  const row = await inboxRows(db).where('q.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return { ...toInboxQuestion(row), messages: await messagesOf(db, id, { withInternal: true }) };
}

/**
 * An analyst's reply or internal note. A reply is the member's answer: the question becomes
 * answered, its first response time is set once, it becomes the replying analyst's if nobody had it,
 * and the member is notified in the app and by mail (in this transaction). A note changes nothing
 * the member can see.
 */
export async function replyAsAnalyst(
  db: Db,
  viewer: Viewer,
  id: string,
  input: AnalystMessageInput,
  now = new Date(),
): Promise<InboxThread> {
  const internal = input.internal ?? false;
  return db.transaction().execute(async (trx) => {
    const question = await lockQuestion(trx, id);
    if (!question) throw notFound();
    if (question.status === 'closed' && !internal)
      throw new AppError('conflict', questionMessages.closedForAnalyst);
    // A staff member's own question (they may be Premium too) is answered by someone else.
    if (question.user_id === viewer.user.id && !internal)
      throw new AppError('conflict', questionMessages.ownQuestion);
    const messageId = await addMessage(
      trx,
      { questionId: id, authorId: viewer.user.id, authorKind: 'analyst', internal, body: input.body },
      now,
    );
    await trx
      .updateTable('analyst_questions')
      .set(
        internal
          ? { last_activity_at: now }
          : {
              last_activity_at: now,
              status: 'answered',
              first_response_at: question.first_response_at ?? now,
              assignee_id: question.assignee_id ?? viewer.user.id,
            },
      )
      .where('id', '=', id)
      .execute();
    if (!internal)
      await notifyMembers(
        trx,
        [
          {
            userId: question.user_id,
            type: 'answer',
            sourceKey: `answer:${messageId}`,
            title: `${viewer.user.name || 'An analyst'} answered “${excerpt(question.subject, 80)}”`,
            body: input.body,
            url: askPath(id),
          },
        ],
        now,
      );
    return readInboxQuestion(trx, id);
  });
}

const excerpt = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Assign to an analyst (or nobody), close, or reopen. */
export async function updateInboxQuestion(
  db: Db,
  id: string,
  change: InboxUpdate,
  now = new Date(),
): Promise<InboxThread> {
  return db.transaction().execute(async (trx) => {
    const question = await lockQuestion(trx, id);
    if (!question) throw notFound();
    if (change.assigneeId) {
      const assignee = await trx
        .selectFrom('user as u')
        .innerJoin('profiles as p', 'p.user_id', 'u.id')
        .select(['u.role', 'p.blocked'])
        .where('u.id', '=', change.assigneeId)
        .executeTakeFirst();
      if (!assignee || !isAnalystRole(assignee.role) || assignee.blocked)
        throw new AppError('validation_error', questionMessages.notAnalyst);
    }
    if (change.status === 'closed' && question.status === 'closed')
      throw new AppError('conflict', questionMessages.alreadyClosed);
    if (change.status === 'open' && question.status !== 'closed')
      throw new AppError('conflict', 'This question is not closed.');
    // Reopened: whoever wrote last decides whether it waits for an analyst.
    const reopened =
      change.status === 'open'
        ? (await lastPublicAuthor(trx, id)) === 'analyst'
          ? 'answered'
          : 'open'
        : undefined;
    // Reopening counts against the member's open questions as asking does.
    if (reopened) {
      await trx
        .selectFrom('profiles')
        .select('id')
        .where('user_id', '=', question.user_id)
        .forUpdate()
        .execute();
      if ((await openCountOf(trx, question.user_id)) >= MAX_OPEN_QUESTIONS)
        throw new AppError('conflict', questionMessages.reopenOverLimit);
    }
    await trx
      .updateTable('analyst_questions')
      .set({
        ...(change.assigneeId !== undefined ? { assignee_id: change.assigneeId } : {}),
        ...(change.status === 'closed' ? { status: 'closed' as const, closed_at: now } : {}),
        ...(reopened ? { status: reopened, closed_at: null } : {}),
      })
      .where('id', '=', id)
      .execute();
    return readInboxQuestion(trx, id);
  });
}

async function lastPublicAuthor(trx: Trx, id: string): Promise<'member' | 'analyst' | undefined> {
  const row = await trx
    .selectFrom('analyst_question_messages')
    .select('author_kind')
    .where('question_id', '=', id)
    .where('internal', '=', false)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.author_kind;
}

/** Who can be assigned: analysts and administrators who are not blocked. */
export async function listAnalysts(db: Db): Promise<Analyst[]> {
  const rows = await db
    .selectFrom('user as u')
    .innerJoin('profiles as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.name', 'u.email', 'u.role'])
    .where('u.role', 'in', ['admin', 'analyst'])
    .where('p.blocked', '=', false)
    .orderBy('u.name')
    .orderBy('u.email')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name || row.email,
    email: row.email,
    role: row.role === 'admin' ? 'admin' : 'analyst',
  }));
}

export async function getInboxSettings(db: Db, userId: string): Promise<InboxSettings> {
  const row = await db
    .selectFrom('analyst_settings')
    .select('email_new_questions')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { emailNewQuestions: row?.email_new_questions ?? true };
}

export async function saveInboxSettings(
  db: Db,
  userId: string,
  input: InboxSettings,
): Promise<InboxSettings> {
  await db
    .insertInto('analyst_settings')
    .values({ user_id: userId, email_new_questions: input.emailNewQuestions, updated_at: new Date() })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ email_new_questions: input.emailNewQuestions, updated_at: new Date() }),
    )
    .execute();
  return getInboxSettings(db, userId);
}
