import crypto from 'node:crypto';
import { sql } from 'kysely';
import {
  COMMENT_RATE,
  COMMENTS_PAGE_SIZE,
  communityMessages,
  DUPLICATE_WINDOW_HOURS,
  duplicateKey,
  editableUntil,
  excerpt,
  NEW_ACCOUNT_RATE,
  parseSubject,
  subjectText,
  type Comment,
  type CommentList,
  type CommentOrder,
  type CommentReply,
  type CommentSubject,
  type Participation,
} from '@/domain/community/community.schema';
import { isAdminRole } from '@/domain/plans/entitlements';
import type { Db, Trx } from '../../db/client';
import type { CommentStatus } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Viewer } from '../../lib/context';
import { waitText } from '../../lib/rate-limit';
import { notifyMembers } from '../alerts';
import { canReadPremium, loadSubject, type Reader, type SubjectInfo } from './subjects.service';

const readerOf = (viewer: Viewer | null): Reader | null =>
  viewer ? { isPremium: viewer.isPremium, isAdmin: viewer.isAdmin, blocked: viewer.profile.blocked } : null;

const isModerator = (viewer: Viewer | null) => Boolean(viewer && viewer.isAdmin && !viewer.profile.blocked);

export const fingerprintOf = (text: string) =>
  crypto.createHash('sha256').update(duplicateKey(text)).digest('base64url');

/** Why the viewer may not post here (or 'ok'), with the words the page shows them. */
async function participationOf(
  db: Db | Trx,
  viewer: Viewer | null,
  info: { premiumOnly: boolean } | null,
): Promise<Participation> {
  const moderator = isModerator(viewer);
  if (!viewer) return { status: 'guest', message: communityMessages.signIn, moderator, profile: null };
  if (viewer.profile.blocked)
    return { status: 'blocked', message: 'Your account has been blocked.', moderator, profile: null };
  const row = await db
    .selectFrom('commenters')
    .select(['display_name', 'expertise', 'stopped_at', 'stopped_reason'])
    .where('user_id', '=', viewer.user.id)
    .executeTakeFirst();
  const profile = row?.display_name ? { displayName: row.display_name, expertise: row.expertise } : null;
  const status = (value: Participation['status'], message: string | null): Participation => ({
    status: value,
    message,
    moderator,
    profile,
  });
  if (info?.premiumOnly && !canReadPremium(readerOf(viewer)))
    return status('locked', communityMessages.premiumResearch);
  if (!viewer.user.emailVerified) return status('unverified', communityMessages.verifyEmail);
  if (row?.stopped_at) return status('stopped', communityMessages.stopped(row.stopped_reason));
  if (!profile) return status('needs_profile', communityMessages.needsProfile);
  return status('ok', null);
}

/** Refuses (401/403/409) unless the viewer may post, like or report in this discussion. */
async function requireParticipant(
  db: Db | Trx,
  viewer: Viewer,
  info: SubjectInfo,
  options: { needsProfile: boolean; stoppedMayAct: boolean },
): Promise<void> {
  const participation = await participationOf(db, viewer, info);
  const { status, message } = participation;
  if (status === 'ok') return;
  if (status === 'needs_profile' && !options.needsProfile) return;
  if (status === 'stopped' && options.stoppedMayAct) return;
  if (status === 'guest') throw new AppError('unauthorized', communityMessages.signIn);
  if (status === 'needs_profile') throw new AppError('conflict', communityMessages.needsProfile);
  throw new AppError('forbidden', message ?? 'You cannot take part in this discussion.');
}

type CommentRow = {
  id: string;
  parent_id: string | null;
  author_id: string | null;
  body: string;
  status: CommentStatus;
  hidden_by: 'reports' | 'moderator' | null;
  hidden_reason: string | null;
  created_at: Date;
  edited_at: Date | null;
  display_name: string | null;
  expertise: string | null;
  role: string | null;
  likes: number;
  liked: boolean;
  reported: boolean;
  open_reports: number;
};

function selectComments(db: Db | Trx, viewerId: string | null) {
  return db
    .selectFrom('comments as c')
    .leftJoin('commenters as m', 'm.user_id', 'c.author_id')
    .leftJoin('user as u', 'u.id', 'c.author_id')
    .select([
      'c.id',
      'c.parent_id',
      'c.author_id',
      'c.body',
      'c.status',
      'c.hidden_by',
      'c.hidden_reason',
      'c.created_at',
      'c.edited_at',
      'm.display_name',
      'm.expertise',
      'u.role',
      sql<number>`(SELECT count(*)::int FROM comment_likes l WHERE l.comment_id = c.id)`.as('likes'),
      sql<boolean>`EXISTS (SELECT 1 FROM comment_likes l WHERE l.comment_id = c.id AND l.user_id = ${viewerId})`.as(
        'liked',
      ),
      sql<boolean>`EXISTS (SELECT 1 FROM comment_reports r WHERE r.comment_id = c.id AND r.reporter_id = ${viewerId})`.as(
        'reported',
      ),
      sql<number>`(SELECT count(*)::int FROM comment_reports r WHERE r.comment_id = c.id AND r.resolved_at IS NULL)`.as(
        'open_reports',
      ),
    ]);
}

/** A stored comment as this viewer may see it: hidden text for moderators only, removed text never. */
function toDto(row: CommentRow, viewer: Viewer | null, now: Date): CommentReply {
  const moderator = isModerator(viewer);
  const mine = Boolean(viewer && row.author_id === viewer.user.id);
  const until = editableUntil(row.created_at);
  const deletedAuthor = row.author_id === null;
  return {
    id: row.id,
    parentId: row.parent_id,
    author: {
      displayName: deletedAuthor ? null : (row.display_name ?? 'Member'),
      expertise: deletedAuthor ? null : row.expertise,
      staff: !deletedAuthor && isAdminRole(row.role),
    },
    state: row.status,
    body: row.status === 'visible' || (row.status === 'hidden' && moderator) ? row.body : null,
    createdAt: row.created_at.toISOString(),
    editedAt: row.edited_at?.toISOString() ?? null,
    likes: row.likes,
    liked: row.liked,
    mine,
    editableUntil: mine && row.status === 'visible' && until > now ? until.toISOString() : null,
    reportedByMe: row.reported,
    moderation: moderator
      ? { openReports: row.open_reports, hiddenBy: row.hidden_by, hiddenReason: row.hidden_reason }
      : null,
  };
}

/** A thread is shown unless its first comment was removed and nothing in it remains. */
const shownThread = (db: Db, subject: CommentSubject) =>
  db
    .selectFrom('comments as c')
    .where('c.subject_type', '=', subject.type)
    .where('c.subject_key', '=', subject.key)
    .where('c.parent_id', 'is', null)
    .where((eb) =>
      eb.or([
        eb('c.status', '!=', 'removed'),
        eb.exists(
          eb
            .selectFrom('comments as r')
            .select('r.id')
            .whereRef('r.parent_id', '=', 'c.id')
            .where('r.status', '!=', 'removed'),
        ),
      ]),
    );

/** One page of a discussion's threads, newest or oldest first; replies oldest first under each. */
export async function listComments(
  db: Db,
  query: { subject: string; order: CommentOrder; page: number; focus?: string | undefined },
  viewer: Viewer | null,
  now = new Date(),
): Promise<CommentList> {
  const subject = parseSubject(query.subject);
  if (!subject) throw new AppError('not_found', communityMessages.subjectNotFound);
  const info = await loadSubject(db, subject, readerOf(viewer));
  const viewerId = viewer?.user.id ?? null;
  const direction = query.order === 'newest' ? 'desc' : 'asc';
  const page = query.focus
    ? ((await pageOf(db, subject, query.focus, query.order)) ?? query.page)
    : query.page;
  const [threads, count, participation] = await Promise.all([
    shownThread(db, subject)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
    visibleCount(db, subject),
    participationOf(db, viewer, info),
  ]);
  const pageIds = await shownThread(db, subject)
    .select('c.id')
    .orderBy('c.created_at', direction)
    .orderBy('c.id', direction)
    .limit(COMMENTS_PAGE_SIZE)
    .offset((page - 1) * COMMENTS_PAGE_SIZE)
    .execute();
  const tops =
    pageIds.length === 0
      ? []
      : ((await selectComments(db, viewerId)
          .where(
            'c.id',
            'in',
            pageIds.map((row) => row.id),
          )
          .orderBy('c.created_at', direction)
          .orderBy('c.id', direction)
          .execute()) as CommentRow[]);
  const replies =
    tops.length === 0
      ? []
      : ((await selectComments(db, viewerId)
          .where(
            'c.parent_id',
            'in',
            tops.map((row) => row.id),
          )
          .where('c.status', '!=', 'removed')
          .orderBy('c.created_at', 'asc')
          .orderBy('c.id', 'asc')
          .execute()) as CommentRow[]);
  const repliesOf = new Map<string, CommentReply[]>();
  for (const row of replies)
    repliesOf.set(row.parent_id!, [...(repliesOf.get(row.parent_id!) ?? []), toDto(row, viewer, now)]);
  return {
    subject: subjectText(subject),
    order: query.order,
    count,
    page,
    pageSize: COMMENTS_PAGE_SIZE,
    threads: Number(threads.total),
    comments: tops.map((row) => ({ ...toDto(row, viewer, now), replies: repliesOf.get(row.id) ?? [] })),
    participation,
  };
}

/** The page (in this order) holding the thread of comment `id`, or null when it is not shown here. */
async function pageOf(
  db: Db,
  subject: CommentSubject,
  id: string,
  order: CommentOrder,
): Promise<number | null> {
  const comment = await db
    .selectFrom('comments')
    .select(['id', 'parent_id', 'subject_type', 'subject_key'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!comment || comment.subject_type !== subject.type || comment.subject_key !== subject.key) return null;
  const thread = await db
    .selectFrom('comments')
    .select(['id', 'created_at'])
    .where('id', '=', comment.parent_id ?? comment.id)
    .executeTakeFirstOrThrow();
  const before = await shownThread(db, subject)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where((eb) =>
      order === 'newest'
        ? eb.or([
            eb('c.created_at', '>', thread.created_at),
            eb.and([eb('c.created_at', '=', thread.created_at), eb('c.id', '>', thread.id)]),
          ])
        : eb.or([
            eb('c.created_at', '<', thread.created_at),
            eb.and([eb('c.created_at', '=', thread.created_at), eb('c.id', '<', thread.id)]),
          ]),
    )
    .executeTakeFirstOrThrow();
  return Math.floor(Number(before.count) / COMMENTS_PAGE_SIZE) + 1;
}

async function visibleCount(db: Db, subject: CommentSubject): Promise<number> {
  const row = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('subject_type', '=', subject.type)
    .where('subject_key', '=', subject.key)
    .where('status', '=', 'visible')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Visible comments per discussion, for the cards (0 for a discussion nobody has joined). */
export async function commentCounts(db: Db, subjects: readonly string[]): Promise<Record<string, number>> {
  const parsed = subjects.map(parseSubject).filter((subject) => subject !== null);
  const counts: Record<string, number> = Object.fromEntries(
    parsed.map((subject) => [subjectText(subject), 0]),
  );
  if (parsed.length === 0) return counts;
  const rows = await db
    .selectFrom('comments')
    .select(['subject_type', 'subject_key', (eb) => eb.fn.countAll<string>().as('count')])
    .where('status', '=', 'visible')
    .where((eb) =>
      eb.or(
        parsed.map((subject) =>
          eb.and([eb('subject_type', '=', subject.type), eb('subject_key', '=', subject.key)]),
        ),
      ),
    )
    .groupBy(['subject_type', 'subject_key'])
    .execute();
  for (const row of rows) counts[`${row.subject_type}:${row.subject_key}`] = Number(row.count);
  return counts;
}

async function readOne(db: Db | Trx, id: string, viewer: Viewer, now: Date): Promise<Comment> {
  const row = (await selectComments(db, viewer.user.id).where('c.id', '=', id).executeTakeFirst()) as
    CommentRow | undefined;
  if (!row) throw new AppError('not_found', communityMessages.notFound);
  return { ...toDto(row, viewer, now), replies: [] };
}

/** The stored comment with its discussion, checked against what the viewer may read. */
async function loadTarget(db: Db | Trx, viewer: Viewer, id: string) {
  const row = await db
    .selectFrom('comments')
    .select(['id', 'subject_type', 'subject_key', 'parent_id', 'author_id', 'status', 'created_at', 'body'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', communityMessages.notFound);
  const info = await loadSubject(db, { type: row.subject_type, key: row.subject_key }, readerOf(viewer));
  return { row, info };
}

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
    throw new AppError(
      'rate_limited',
      `${communityMessages.rate}; try again in ${waitText((freeAt - now.getTime()) / 1000)}.`,
    );
  }
  const accountAge = now.getTime() - new Date(viewer.user.createdAt).getTime();
  if (accountAge < NEW_ACCOUNT_RATE.hours * 3_600_000) {
    const sinceJoining = recent.filter((row) => row.created_at >= new Date(viewer.user.createdAt));
    if (sinceJoining.length >= NEW_ACCOUNT_RATE.max)
      throw new AppError(
        'rate_limited',
        `${communityMessages.newAccount}; try again in ${waitText((NEW_ACCOUNT_RATE.hours * 3_600_000 - accountAge) / 1000)}.`,
      );
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
            sourceKey: `reply:${row.id}`,
            title: `${me.display_name ?? 'A member'} replied to your comment`,
            body: `On “${excerpt(info.title, 120)}”: ${excerpt(input.body, 200)}`,
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
    const { row } = await loadTarget(trx, viewer, id);
    if (row.author_id !== viewer.user.id) throw new AppError('forbidden', communityMessages.notYours);
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

export { loadTarget, readerOf, requireParticipant };
