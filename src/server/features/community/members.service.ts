import type { Db, Trx } from '../../db/client';
import { withdrawNotifications } from '../../shared/notifications/notifications';
import { replySource } from './comments.service';
import { describeSubjects, subjectOfRow } from './subjects.service';

/**
 * Account deletion (before the user row goes): every comment of the member loses its text and reads
 * "Comment removed" under "Deleted member" (author_id is set null by the foreign key). Replies by
 * others stay where they were.
 */
export async function anonymizeMemberComments(trx: Trx, userId: string): Promise<void> {
  const ids = (await trx.selectFrom('comments').select('id').where('author_id', '=', userId).execute()).map(
    (row) => row.id,
  );
  if (ids.length === 0) return;
  // Nothing is left to review, and the replies' notifications no longer quote them.
  await trx
    .updateTable('comment_reports')
    .set({ resolved_at: new Date() })
    .where('comment_id', 'in', ids)
    .where('resolved_at', 'is', null)
    .execute();
  await withdrawNotifications(trx, ids.map(replySource));
  await trx
    .updateTable('comments')
    .set({
      body: '',
      fingerprint: '',
      status: 'removed',
      removed_by: 'account_deleted',
      hidden_by: null,
      hidden_reason: null,
    })
    .where('author_id', '=', userId)
    .execute();
}

/** The member's discussions for 'Download my data': their name there, comments and likes. */
export async function exportMemberCommunity(db: Db, userId: string) {
  const [profile, comments, likes, reports] = await Promise.all([
    db
      .selectFrom('commenters')
      .select(['display_name', 'expertise', 'stopped_at', 'stopped_reason', 'created_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('comments')
      .select(['id', 'subject_type', 'subject_key', 'parent_id', 'body', 'status', 'created_at', 'edited_at'])
      .where('author_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute(),
    db
      .selectFrom('comment_likes as l')
      .innerJoin('comments as c', 'c.id', 'l.comment_id')
      .select(['l.comment_id', 'l.created_at', 'c.subject_type', 'c.subject_key'])
      .where('l.user_id', '=', userId)
      .orderBy('l.created_at', 'desc')
      .execute(),
    db
      .selectFrom('comment_reports as r')
      .innerJoin('comments as c', 'c.id', 'r.comment_id')
      .select(['r.comment_id', 'r.reason', 'r.details', 'r.created_at', 'c.subject_type', 'c.subject_key'])
      .where('r.reporter_id', '=', userId)
      .orderBy('r.created_at', 'desc')
      .execute(),
  ]);
  const subjects = await describeSubjects(db, [
    ...comments.map((row) => ({ type: row.subject_type, key: row.subject_key })),
    ...likes.map((row) => ({ type: row.subject_type, key: row.subject_key })),
    ...reports.map((row) => ({ type: row.subject_type, key: row.subject_key })),
  ]);
  const where = (row: Parameters<typeof subjectOfRow>[0]) => {
    const subject = subjectOfRow(row);
    const described = subjects.get(subject);
    return { subject, page: described?.path ?? null, pageTitle: described?.title ?? null };
  };
  return {
    profile: profile
      ? {
          displayName: profile.display_name,
          expertise: profile.expertise,
          commentingStoppedAt: profile.stopped_at?.toISOString() ?? null,
          commentingStoppedReason: profile.stopped_reason,
          createdAt: profile.created_at.toISOString(),
        }
      : null,
    comments: comments.map((row) => ({
      id: row.id,
      ...where(row),
      replyTo: row.parent_id,
      text: row.body,
      state: row.status,
      createdAt: row.created_at.toISOString(),
      editedAt: row.edited_at?.toISOString() ?? null,
    })),
    likes: likes.map((row) => ({
      commentId: row.comment_id,
      ...where(row),
      createdAt: row.created_at.toISOString(),
    })),
    reportsFiled: reports.map((row) => ({
      commentId: row.comment_id,
      ...where(row),
      reason: row.reason,
      details: row.details,
      createdAt: row.created_at.toISOString(),
    })),
  };
}
