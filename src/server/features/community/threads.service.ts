import { sql } from 'kysely';
import {
  COMMENTS_PAGE_SIZE,
  communityMessages,
  editableUntil,
  parseSubject,
  subjectText,
  type Comment,
  type CommentList,
  type CommentOrder,
  type CommentReply,
  type CommentSubject,
} from '@/domain/community/community.schema';
import { isAdminRole } from '@/domain/plans/entitlements';
import type { Db, Trx } from '../../db/client';
import type { CommentStatus } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Viewer } from '../../lib/context';
import { canReadPremium, loadSubject, subjectOfRow } from './subjects.service';
import { isModerator, participationOf, readerOf } from './participation.service';

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
/** `mayWrite`: the viewer may post here now (a member stopped from commenting may not edit either). */
function toDto(row: CommentRow, viewer: Viewer | null, now: Date, mayWrite = true): CommentReply {
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
    editableUntil: mine && mayWrite && row.status === 'visible' && until > now ? until.toISOString() : null,
    reportedByMe: row.reported,
    hiddenBy: row.status === 'hidden' ? row.hidden_by : null,
    hiddenNote: row.status === 'hidden' && (mine || moderator) ? row.hidden_reason : null,
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
  const mayWrite = participation.status === 'ok';
  const repliesOf = new Map<string, CommentReply[]>();
  for (const row of replies)
    repliesOf.set(row.parent_id!, [
      ...(repliesOf.get(row.parent_id!) ?? []),
      toDto(row, viewer, now, mayWrite),
    ]);
  return {
    subject: subjectText(subject),
    order: query.order,
    count,
    page,
    pageSize: COMMENTS_PAGE_SIZE,
    threads: Number(threads.total),
    comments: tops.map((row) => ({
      ...toDto(row, viewer, now, mayWrite),
      replies: repliesOf.get(row.id) ?? [],
    })),
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
export async function commentCounts(
  db: Db,
  subjects: readonly string[],
  viewer: Viewer | null,
): Promise<Record<string, number>> {
  // A research discussion is for those who can read the post: others are not told its size.
  const readsResearch = canReadPremium(readerOf(viewer));
  const parsed = subjects
    .map(parseSubject)
    .filter((subject) => subject !== null && (subject.type !== 'research' || readsResearch))
    .map((subject) => subject!);
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
  for (const row of rows) counts[subjectOfRow(row)] = Number(row.count);
  return counts;
}

export async function readOne(db: Db | Trx, id: string, viewer: Viewer, now: Date): Promise<Comment> {
  const row = (await selectComments(db, viewer.user.id).where('c.id', '=', id).executeTakeFirst()) as
    CommentRow | undefined;
  if (!row) throw new AppError('not_found', communityMessages.notFound);
  return { ...toDto(row, viewer, now), replies: [] };
}
