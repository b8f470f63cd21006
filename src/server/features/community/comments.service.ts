import crypto from 'node:crypto';
import { sql } from 'kysely';
import {
  COMMENT_RATE,
  communityMessages,
  DUPLICATE_WINDOW_HOURS,
  duplicateKey,
  editableUntil,
  excerpt,
  NEW_ACCOUNT_RATE,
  parseSubject,
  type Comment,
} from '@/domain/community/community.schema';
import { caselessSkeleton } from '@/domain/community/lookalikes';
import type { Db, Trx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Viewer } from '../../lib/context';
import { waitText } from '../../lib/rate-limit';
import { notifyMembers, withdrawNotifications } from '../../shared/notifications/notifications';
import { loadTarget, readerOf, requireParticipant } from './participation.service';
import { loadSubject } from './subjects.service';
import { readOne } from './threads.service';

/** The source key of the notification a reply sends (one per reply). */
export const replySource = (commentId: string) => `reply:${commentId}`;

/**
 * The same text, for the duplicate rule: what duplicateKey keeps (no case, spacing or invisible
 * characters), compared by how it looks, so a letter swapped for its lookalike does not make it new.
 */
export const fingerprintOf = (text: string) =>
  crypto
    .createHash('sha256')
    .update(caselessSkeleton(duplicateKey(text)))
    .digest('base64url');

/**
 * The abuse limits, counted from the stored comments under the member's row lock (so they hold
 * across instances and concurrent requests): 10 in 10 minutes, 3 in an account's first day, and not
 * the same text twice within a day.
 */
async function enforceLimits(trx: Trx, viewer: Viewer, fingerprint: string, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - COMMENT_RATE.windowMinutes * 60_000);
  const recent = await trx
    .selectFrom('comments')
    .select(['created_at', 'fingerprint', 'status'])
    .where('author_id', '=', viewer.user.id)
    .where(
      'created_at',
      '>',
      new Date(now.getTime() - Math.max(DUPLICATE_WINDOW_HOURS, NEW_ACCOUNT_RATE.hours) * 3_600_000),
    )
    .orderBy('created_at', 'asc')
    .execute();
  if (recent.some((row) => row.fingerprint === fingerprint && row.status !== 'removed'))
    throw new AppError('conflict', communityMessages.duplicate);
  const inWindow = recent.filter((row) => row.created_at > windowStart);
  if (inWindow.length >= COMMENT_RATE.max) {
    const freeAt =
      inWindow[inWindow.length - COMMENT_RATE.max]!.created_at.getTime() +
      COMMENT_RATE.windowMinutes * 60_000;
    const wait = (freeAt - now.getTime()) / 1000;
    throw AppError.rateLimited(`${communityMessages.rate}; try again in ${waitText(wait)}.`, wait);
  }
  const accountAge = now.getTime() - new Date(viewer.user.createdAt).getTime();
  if (accountAge < NEW_ACCOUNT_RATE.hours * 3_600_000) {
    const sinceJoining = recent.filter((row) => row.created_at >= new Date(viewer.user.createdAt));
    if (sinceJoining.length >= NEW_ACCOUNT_RATE.max) {
      const wait = (NEW_ACCOUNT_RATE.hours * 3_600_000 - accountAge) / 1000;
      throw AppError.rateLimited(`${communityMessages.newAccount}; try again in ${waitText(wait)}.`, wait);
    }
  }
}

/** Posts a comment or a reply; a reply to a reply joins its thread. The replied-to author is notified. */
export async function createComment(
  db: Db,
  viewer: Viewer,
  input: { subject: string; body: string; parentId?: string | undefined },
  now = new Date(),
): Promise<Comment> {
  const subject = parseSubject(input.subject);
  if (!subject) throw new AppError('not_found', communityMessages.subjectNotFound);
  const fingerprint = fingerprintOf(input.body);
  const id = await db.transaction().execute(async (trx) => {
    const info = await loadSubject(trx, subject, readerOf(viewer));
    await requireParticipant(trx, viewer, info, { needsProfile: true, stoppedMayAct: false });
    // One member's posts queue here, on any instance: the limits below count what is stored.
    const me = await trx
      .selectFrom('commenters')
      .select('display_name')
      .where('user_id', '=', viewer.user.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    let threadId: string | null = null;
    let repliedTo: { id: string; author_id: string | null } | null = null;
    if (input.parentId) {
      const parent = await trx
        .selectFrom('comments')
        .select(['id', 'parent_id', 'author_id', 'status', 'subject_type', 'subject_key'])
        .where('id', '=', input.parentId)
        .executeTakeFirst();
      if (!parent || parent.subject_type !== subject.type || parent.subject_key !== subject.key)
        throw new AppError('not_found', communityMessages.notFound);
      if (parent.status !== 'visible') throw new AppError('conflict', communityMessages.replyToRemoved);
      threadId = parent.parent_id ?? parent.id;
      repliedTo = parent;
    }
    await enforceLimits(trx, viewer, fingerprint, now);
    const row = await trx
      .insertInto('comments')
      .values({
        subject_type: subject.type,
        subject_key: subject.key,
        parent_id: threadId,
        author_id: viewer.user.id,
        body: input.body,
        fingerprint,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (repliedTo?.author_id && repliedTo.author_id !== viewer.user.id)
      await notifyMembers(
        trx,
        [
          {
            userId: repliedTo.author_id,
            type: 'reply',
            sourceKey: replySource(row.id),
            title: `${me.display_name ?? 'A member'} replied to your comment`,
            // What was said first (the bell shows two lines), then where.
            body: `${excerpt(input.body, 200)} — on “${excerpt(info.title, 80)}”`,
            url: `${info.path}#comment-${row.id}`,
          },
        ],
        now,
      );
    return row.id;
  });
  return readOne(db, id, viewer, now);
}

/** The author's edit within the window; the comment is marked edited. */
export async function editComment(
  db: Db,
  viewer: Viewer,
  id: string,
  body: string,
  now = new Date(),
): Promise<Comment> {
  await db.transaction().execute(async (trx) => {
    const { row, info } = await loadTarget(trx, viewer, id);
    if (row.author_id !== viewer.user.id) throw new AppError('forbidden', communityMessages.notYours);
    // Stopped from commenting, no longer verified, or blocked: no edits either.
    await requireParticipant(trx, viewer, info, { needsProfile: false, stoppedMayAct: false });
    if (row.status !== 'visible')
      throw new AppError('conflict', 'Hidden or removed comments cannot be edited.');
    if (editableUntil(row.created_at) <= now) throw new AppError('conflict', communityMessages.editWindow);
    if (row.body === body) return;
    await trx
      .updateTable('comments')
      .set({ body, fingerprint: fingerprintOf(body), edited_at: now })
      .where('id', '=', id)
      .execute();
  });
  return readOne(db, id, viewer, now);
}

/** The author deletes their comment: the text goes, replies stay under "Comment removed". */
export async function removeOwnComment(db: Db, viewer: Viewer, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { row } = await loadTarget(trx, viewer, id);
    if (row.author_id !== viewer.user.id) throw new AppError('forbidden', communityMessages.notYours);
    if (row.status === 'removed') return;
    await trx
      .updateTable('comments')
      .set({ status: 'removed', removed_by: 'author', body: '', fingerprint: '' })
      .where('id', '=', id)
      .execute();
    await trx
      .updateTable('comment_reports')
      .set({ resolved_at: new Date() })
      .where('comment_id', '=', id)
      .where('resolved_at', 'is', null)
      .execute();
    // The reply's notification quoted it: the text goes from there too.
    await withdrawNotifications(trx, [replySource(id)]);
  });
}

async function likeState(db: Db | Trx, id: string, userId: string) {
  const row = await db
    .selectFrom('comment_likes')
    .select([
      (eb) => eb.fn.countAll<string>().as('likes'),
      sql<boolean>`bool_or(user_id = ${userId})`.as('liked'),
    ])
    .where('comment_id', '=', id)
    .executeTakeFirstOrThrow();
  return { likes: Number(row.likes), liked: Boolean(row.liked) };
}

/** One like per member (liking again changes nothing). */
export async function likeComment(db: Db, viewer: Viewer, id: string) {
  const { row, info } = await loadTarget(db, viewer, id);
  await requireParticipant(db, viewer, info, { needsProfile: false, stoppedMayAct: true });
  if (row.status !== 'visible') throw new AppError('conflict', 'Only visible comments can be liked.');
  await db
    .insertInto('comment_likes')
    .values({ comment_id: id, user_id: viewer.user.id })
    .onConflict((conflict) => conflict.columns(['comment_id', 'user_id']).doNothing())
    .execute();
  return likeState(db, id, viewer.user.id);
}

export async function unlikeComment(db: Db, viewer: Viewer, id: string) {
  await loadTarget(db, viewer, id);
  await db
    .deleteFrom('comment_likes')
    .where('comment_id', '=', id)
    .where('user_id', '=', viewer.user.id)
    .execute();
  return likeState(db, id, viewer.user.id);
}
