import { sql } from 'kysely';
import {
  communityMessages,
  type ModerationItem,
  type ModerationList,
  type ModerationQuery,
} from '@/domain/community/community.schema';
import type { Db, Trx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { withdrawNotifications } from '../../shared/notifications/notifications';
import { replySource } from './comments.service';
import { describeSubjects, subjectOfRow } from './subjects.service';

export const MODERATION_PAGE_SIZE = 25;

const hasOpenReports = sql<boolean>`EXISTS (SELECT 1 FROM comment_reports r WHERE r.comment_id = c.id AND r.resolved_at IS NULL)`;
/** Waiting for a moderator: open reports, or hidden by reports (a moderator's own hide is decided). */
const waitingForReview = sql<boolean>`(c.status <> 'removed' AND (${hasOpenReports} OR (c.status = 'hidden' AND c.hidden_by = 'reports')))`;

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The moderation queue: reported and hidden comments first-come first-served, or any, filtered. */
export async function listModeration(db: Db, query: ModerationQuery): Promise<ModerationList> {
  let base = db
    .selectFrom('comments as c')
    .leftJoin('commenters as m', 'm.user_id', 'c.author_id')
    .leftJoin('user as u', 'u.id', 'c.author_id');
  if (query.filter === 'queue') base = base.where(waitingForReview, '=', true);
  else if (query.filter === 'reported') base = base.where(hasOpenReports, '=', true);
  else if (query.filter !== 'all') base = base.where('c.status', '=', query.filter);
  if (query.type !== 'all') base = base.where('c.subject_type', '=', query.type);
  if (query.author) base = base.where('c.author_id', '=', query.author);
  if (query.q) {
    const pattern = likePattern(query.q);
    base = base.where((eb) =>
      eb.or([
        eb('c.body', 'ilike', pattern),
        eb('m.display_name', 'ilike', pattern),
        eb('u.email', 'ilike', pattern),
      ]),
    );
  }
  const [{ total }, { waiting }] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    db
      .selectFrom('comments as c')
      .select((eb) => eb.fn.countAll<string>().as('waiting'))
      .where(waitingForReview, '=', true)
      .executeTakeFirstOrThrow(),
  ]);
  const rows = await base
    .select([
      'c.id',
      'c.subject_type',
      'c.subject_key',
      'c.parent_id',
      'c.status',
      'c.hidden_by',
      'c.hidden_reason',
      'c.removed_by',
      'c.body',
      'c.created_at',
      'c.edited_at',
      'c.author_id',
      'u.email',
      'm.display_name',
      'm.stopped_at',
      'm.stopped_reason',
      sql<number>`(SELECT count(*)::int FROM comment_likes l WHERE l.comment_id = c.id)`.as('likes'),
    ])
    .orderBy('c.created_at', query.filter === 'queue' || query.filter === 'reported' ? 'asc' : 'desc')
    .orderBy('c.id')
    .limit(MODERATION_PAGE_SIZE)
    .offset((query.page - 1) * MODERATION_PAGE_SIZE)
    .execute();
  const ids = rows.map((row) => row.id);
  const reports =
    ids.length === 0
      ? []
      : await db
          .selectFrom('comment_reports')
          .select(['comment_id', 'reason', 'details', 'created_at', 'resolved_at'])
          .where('comment_id', 'in', ids)
          .orderBy('created_at', 'desc')
          .execute();
  const subjects = await describeSubjects(
    db,
    rows.map((row) => ({ type: row.subject_type, key: row.subject_key })),
  );
  const items: ModerationItem[] = rows.map((row) => {
    const subject = subjectOfRow(row);
    const described = subjects.get(subject);
    return {
      id: row.id,
      subject,
      subjectTitle: described?.title ?? null,
      path: `${described?.path ?? '/'}#comment-${row.id}`,
      parentId: row.parent_id,
      state: row.status,
      hiddenBy: row.hidden_by,
      hiddenReason: row.hidden_reason,
      removedBy: row.removed_by,
      body: row.body,
      createdAt: row.created_at.toISOString(),
      editedAt: row.edited_at?.toISOString() ?? null,
      likes: row.likes,
      author:
        row.author_id && row.email
          ? {
              userId: row.author_id,
              email: row.email,
              displayName: row.display_name,
              stoppedAt: row.stopped_at?.toISOString() ?? null,
              stoppedReason: row.stopped_reason,
            }
          : null,
      reports: reports
        .filter((report) => report.comment_id === row.id)
        .map((report) => ({
          reason: report.reason,
          details: report.details,
          createdAt: report.created_at.toISOString(),
          open: report.resolved_at === null,
        })),
    };
  });
  return {
    items,
    page: query.page,
    pageSize: MODERATION_PAGE_SIZE,
    total: Number(total),
    waiting: Number(waiting),
  };
}

async function lockComment(trx: Trx, id: string) {
  const row = await trx
    .selectFrom('comments')
    .select([
      'id',
      'status',
      'author_id',
      'body',
      'hidden_by',
      'hidden_reason',
      'subject_type',
      'subject_key',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', communityMessages.notFound);
  return row;
}

const closeReports = (trx: Trx, id: string) =>
  trx
    .updateTable('comment_reports')
    .set({ resolved_at: new Date() })
    .where('comment_id', '=', id)
    .where('resolved_at', 'is', null)
    .execute();

/** Hides a visible comment from members, with the moderator's reason; audited in the same transaction. */
export async function hideComment(db: Db, adminId: string, id: string, reason: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockComment(trx, id);
    if (row.status !== 'visible')
      throw new AppError(
        'conflict',
        row.status === 'hidden' ? 'This comment is already hidden.' : 'This comment was removed.',
      );
    await trx
      .updateTable('comments')
      .set({ status: 'hidden', hidden_by: 'moderator', hidden_reason: reason })
      .where('id', '=', id)
      .execute();
    await closeReports(trx, id);
    await recordAudit(trx, {
      adminUserId: adminId,
      actionType: 'comment_hide',
      targetUserId: row.author_id,
      oldValue: { comment: id, subject: subjectOfRow(row), status: row.status },
      newValue: { status: 'hidden' },
      reason,
    });
  });
}

/** Shows a hidden comment again, or keeps a reported one: its open reports are closed as reviewed. */
export async function restoreComment(db: Db, adminId: string, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockComment(trx, id);
    if (row.status === 'removed') throw new AppError('conflict', 'Removed comments cannot be restored.');
    await trx
      .updateTable('comments')
      .set({ status: 'visible', hidden_by: null, hidden_reason: null, reviewed_at: new Date() })
      .where('id', '=', id)
      .execute();
    await closeReports(trx, id);
    await recordAudit(trx, {
      adminUserId: adminId,
      actionType: 'comment_restore',
      targetUserId: row.author_id,
      oldValue: {
        comment: id,
        subject: subjectOfRow(row),
        status: row.status,
        hiddenBy: row.hidden_by,
        hiddenReason: row.hidden_reason,
      },
      newValue: { status: 'visible' },
    });
  });
}

/** Deletes a comment's text for good (replies stay under "Comment removed"); the audit row keeps it. */
export async function deleteComment(db: Db, adminId: string, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockComment(trx, id);
    if (row.status === 'removed') {
      // Already gone (by its author or with their account): what is left to decide is its reports.
      await closeReports(trx, id);
      return;
    }
    await trx
      .updateTable('comments')
      .set({ status: 'removed', removed_by: 'moderator', body: '', fingerprint: '' })
      .where('id', '=', id)
      .execute();
    await closeReports(trx, id);
    await recordAudit(trx, {
      adminUserId: adminId,
      actionType: 'comment_delete',
      targetUserId: row.author_id,
      oldValue: { comment: id, subject: subjectOfRow(row), status: row.status, body: row.body },
    });
    await withdrawNotifications(trx, [replySource(id)]);
  });
}

const commentingOf = (row: { stopped_at: Date | null; stopped_reason: string | null }) => ({
  stoppedAt: row.stopped_at?.toISOString() ?? null,
  stoppedReason: row.stopped_reason,
});

async function requireMember(trx: Trx, userId: string) {
  const user = await trx.selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) throw new AppError('not_found', 'This member does not exist.');
}

/** Stops a member from commenting (they still read, like and report), with the reason they are shown. */
export async function stopCommenting(db: Db, adminId: string, userId: string, reason: string) {
  return db.transaction().execute(async (trx) => {
    await requireMember(trx, userId);
    const now = new Date();
    const row = await trx
      .insertInto('commenters')
      .values({ user_id: userId, display_name: null, stopped_at: now, stopped_reason: reason })
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet({ stopped_at: now, stopped_reason: reason, updated_at: now }),
      )
      .returning(['stopped_at', 'stopped_reason'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      adminUserId: adminId,
      actionType: 'commenting_stop',
      targetUserId: userId,
      newValue: { commenting: 'stopped' },
      reason,
    });
    return commentingOf(row);
  });
}

export async function resumeCommenting(db: Db, adminId: string, userId: string) {
  return db.transaction().execute(async (trx) => {
    await requireMember(trx, userId);
    const row = await trx
      .updateTable('commenters')
      .set({ stopped_at: null, stopped_reason: null, updated_at: new Date() })
      .where('user_id', '=', userId)
      .returning(['stopped_at', 'stopped_reason'])
      .executeTakeFirst();
    await recordAudit(trx, {
      adminUserId: adminId,
      actionType: 'commenting_resume',
      targetUserId: userId,
      newValue: { commenting: 'allowed' },
    });
    return commentingOf(row ?? { stopped_at: null, stopped_reason: null });
  });
}
