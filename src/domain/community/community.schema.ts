import { z } from 'zod';
import { pageParamSchema } from '../pagination/pagination.schema';
import { weekRange } from '../analysis/analysis.schema';
import { normalizeCommentBody } from './comment-text';
import { COMMENT_MAX_LENGTH, DISPLAY_NAME_MAX, EDIT_WINDOW_MINUTES, EXPERTISE_MAX } from './rules';

/** What a discussion hangs under: a news article, a research post (by id) or a weekly analysis (ISO week). */
export const commentSubjectTypes = ['news', 'research', 'analysis'] as const;
export type CommentSubjectType = (typeof commentSubjectTypes)[number];

export interface CommentSubject {
  type: CommentSubjectType;
  key: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `news:<id>`, `research:<id>` or `analysis:2026-W48` → its parts; null for anything else. */
export function parseSubject(value: string): CommentSubject | null {
  const colon = value.indexOf(':');
  if (colon < 0) return null;
  const type = value.slice(0, colon);
  const key = value.slice(colon + 1);
  if (type === 'news' || type === 'research') return UUID.test(key) ? { type, key: key.toLowerCase() } : null;
  if (type === 'analysis') return weekRange(key) ? { type, key } : null;
  return null;
}

export const subjectText = (subject: CommentSubject) => `${subject.type}:${subject.key}`;

export const commentSubjectSchema = z
  .string()
  .max(60)
  .refine(
    (value) => parseSubject(value) !== null,
    'Not a discussion: use news:<id>, research:<id> or analysis:<week>',
  );

/** Where a discussion lives on the site, for links in mails, notifications and the admin queue. */
export function subjectPath(subject: CommentSubject, researchSlug?: string | null): string {
  switch (subject.type) {
    case 'news':
      return `/news/${subject.key}`;
    case 'research':
      return `/research/${researchSlug ?? subject.key}`;
    case 'analysis':
      return `/analysis/${subject.key}`;
  }
}

export { duplicateKey, normalizeCommentBody } from './comment-text';
export {
  COMMENT_MAX_LENGTH,
  COMMENT_RATE,
  COMMENTS_PAGE_SIZE,
  communityMessages,
  DISPLAY_NAME_MAX,
  DUPLICATE_WINDOW_HOURS,
  EDIT_WINDOW_MINUTES,
  EXPERTISE_MAX,
  NEW_ACCOUNT_RATE,
  REPORTS_TO_HIDE,
} from './rules';

/** A comment on one line, cut at `length` characters (for notifications and mails). */
export function excerpt(text: string, length: number): string {
  const flat = text.split(/\s+/).join(' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

/** Until when the author may edit a comment posted at `createdAt`. */
export function editableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + EDIT_WINDOW_MINUTES * 60_000);
}

const body = z
  .string()
  .transform(normalizeCommentBody)
  .pipe(
    z
      .string()
      .min(1, 'Write something first.')
      .max(
        COMMENT_MAX_LENGTH,
        `A comment is at most ${COMMENT_MAX_LENGTH.toLocaleString('en-US')} characters.`,
      ),
  );

export const commentInputSchema = z
  .object({
    subject: commentSubjectSchema,
    body,
    parentId: z.uuid('This comment does not exist.').optional(),
  })
  .meta({ id: 'CommentInput' });
export type CommentInput = z.input<typeof commentInputSchema>;

export const commentEditSchema = z.object({ body }).meta({ id: 'CommentEdit' });

const singleLine = (label: string, min: number, max: number) =>
  z
    .string()
    .transform((value) => normalizeCommentBody(value).split(/\s+/).join(' '))
    .pipe(
      z
        .string()
        .min(min, min === 1 ? `Enter your ${label}.` : `Your ${label} needs at least ${min} characters.`)
        .max(max, `Your ${label} is at most ${max} characters.`),
    );

export const commenterProfileInputSchema = z
  .object({
    displayName: singleLine('display name', 2, DISPLAY_NAME_MAX),
    expertise: z
      .string()
      .transform((value) => normalizeCommentBody(value).split(/\s+/).join(' '))
      .pipe(z.string().max(EXPERTISE_MAX, `Your expertise line is at most ${EXPERTISE_MAX} characters.`))
      .nullable()
      .optional(),
  })
  .meta({ id: 'CommenterProfileInput' });
export type CommenterProfileInput = z.input<typeof commenterProfileInputSchema>;

export const commenterProfileSchema = z
  .object({
    displayName: z.string().nullable(),
    expertise: z.string().nullable(),
    /** Why this member cannot comment now (null: they can), in words for the member. */
    blockedReason: z.string().nullable(),
  })
  .meta({ id: 'CommenterProfile' });
export type CommenterProfile = z.infer<typeof commenterProfileSchema>;

export const reportReasons = [
  { value: 'spam', label: 'Spam or advertising' },
  { value: 'abuse', label: 'Harassment or abuse' },
  { value: 'misinformation', label: 'Misleading or false information' },
  { value: 'off_topic', label: 'Off topic' },
  { value: 'other', label: 'Something else' },
] as const;
export const reportReasonSchema = z.enum(['spam', 'abuse', 'misinformation', 'off_topic', 'other'], {
  error: 'Choose a reason.',
});
export type ReportReason = z.infer<typeof reportReasonSchema>;

export const reportInputSchema = z
  .object({
    reason: reportReasonSchema,
    details: z.string().trim().max(500, 'Details are at most 500 characters.').optional(),
  })
  .meta({ id: 'CommentReportInput' });

export const commentOrderSchema = z.enum(['newest', 'oldest']);
export type CommentOrder = z.infer<typeof commentOrderSchema>;

export const commentListQuerySchema = z.object({
  subject: commentSubjectSchema,
  order: commentOrderSchema.default('newest'),
  page: pageParamSchema(1000),
  /** A comment to show (a notification's link): the answer is the page holding its thread instead. */
  focus: z.uuid('This comment does not exist.').optional(),
});

export const commentStateSchema = z.enum(['visible', 'hidden', 'removed']);
/** A hidden comment was hidden by members' reports (until reviewed) or by a moderator. */
export const hiddenBySchema = z.enum(['reports', 'moderator']);

const commentShape = {
  id: z.string(),
  parentId: z.string().nullable(),
  author: z.object({
    /** null: the member deleted their account ("Deleted member"). */
    displayName: z.string().nullable(),
    expertise: z.string().nullable(),
    /** The site's own team (administrators). */
    staff: z.boolean(),
  }),
  state: commentStateSchema,
  /** null when hidden (to all but moderators) or removed. */
  body: z.string().nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  likes: z.number().int(),
  liked: z.boolean(),
  mine: z.boolean(),
  /** Set while the viewer may still edit it. */
  editableUntil: z.string().nullable(),
  reportedByMe: z.boolean(),
  /** A hidden comment: hidden by members' reports (until a moderator reviews it) or by a moderator. */
  hiddenBy: hiddenBySchema.nullable(),
  /** The moderator's reason for hiding it, shown to its author (and moderators). */
  hiddenNote: z.string().nullable(),
  /** Moderators only: open reports, and who hid it and why. */
  moderation: z
    .object({
      openReports: z.number().int(),
      hiddenBy: hiddenBySchema.nullable(),
      hiddenReason: z.string().nullable(),
    })
    .nullable(),
};

export const commentSchema = z
  .object({ ...commentShape, replies: z.array(z.object(commentShape)) })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof commentSchema>;
export type CommentReply = Comment['replies'][number];

export const participationSchema = z.object({
  /** 'ok': may post; otherwise why not, and `message` says it to the member. */
  status: z.enum(['ok', 'guest', 'unverified', 'stopped', 'blocked', 'needs_profile', 'locked']),
  message: z.string().nullable(),
  moderator: z.boolean(),
  profile: z.object({ displayName: z.string(), expertise: z.string().nullable() }).nullable(),
});
export type Participation = z.infer<typeof participationSchema>;

export const commentListSchema = z
  .object({
    subject: z.string(),
    order: commentOrderSchema,
    /** Visible comments and replies (what the count on cards says). */
    count: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Threads (top-level comments) shown on pages, for paging. */
    threads: z.number().int(),
    comments: z.array(commentSchema),
    participation: participationSchema,
  })
  .meta({ id: 'CommentList' });
export type CommentList = z.infer<typeof commentListSchema>;

export const commentCountsQuerySchema = z.object({
  subjects: z
    .string()
    .transform((value) => [...new Set(value.split(',').filter(Boolean))])
    .pipe(
      z
        .array(commentSubjectSchema)
        .min(1, 'Name at least one discussion.')
        .max(100, 'At most 100 discussions at once.'),
    ),
});
export const commentCountsSchema = z
  .object({ counts: z.record(z.string(), z.number().int()) })
  .meta({ id: 'CommentCounts' });

// --- moderation (the admin dashboard's Comments tab) ---

export const moderationFilterSchema = z.enum(['queue', 'reported', 'hidden', 'removed', 'all']);
export type ModerationFilter = z.infer<typeof moderationFilterSchema>;

export const moderationQuerySchema = z.object({
  filter: moderationFilterSchema.default('queue'),
  type: z.enum(['all', ...commentSubjectTypes]).default('all'),
  q: z.string().trim().max(200, 'Search is at most 200 characters').optional(),
  /** One member's history. */
  author: z.string().max(100).optional(),
  page: pageParamSchema(1000),
});
export type ModerationQuery = z.infer<typeof moderationQuerySchema>;

export const moderationItemSchema = z
  .object({
    id: z.string(),
    subject: z.string(),
    subjectTitle: z.string().nullable(),
    path: z.string(),
    parentId: z.string().nullable(),
    state: commentStateSchema,
    hiddenBy: hiddenBySchema.nullable(),
    /** The moderator's reason (null when reports hid it). */
    hiddenReason: z.string().nullable(),
    removedBy: z.enum(['author', 'moderator', 'account_deleted']).nullable(),
    body: z.string(),
    createdAt: z.string(),
    editedAt: z.string().nullable(),
    likes: z.number().int(),
    author: z
      .object({
        userId: z.string(),
        email: z.string(),
        displayName: z.string().nullable(),
        stoppedAt: z.string().nullable(),
        stoppedReason: z.string().nullable(),
      })
      .nullable(),
    reports: z.array(
      z.object({
        reason: reportReasonSchema,
        details: z.string().nullable(),
        createdAt: z.string(),
        open: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'ModeratedComment' });
export type ModerationItem = z.infer<typeof moderationItemSchema>;

export const moderationListSchema = z
  .object({
    items: z.array(moderationItemSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    /** Comments waiting for review: open reports, or hidden by reports and not yet reviewed. */
    waiting: z.number().int(),
  })
  .meta({ id: 'ModeratedCommentList' });
export type ModerationList = z.infer<typeof moderationListSchema>;

const reasonText = z
  .string()
  .trim()
  .min(3, 'Give a reason (at least 3 characters).')
  .max(500, 'A reason is at most 500 characters.');

export const hideInputSchema = z.object({ reason: reasonText }).meta({ id: 'CommentHideInput' });
export const stopCommentingSchema = z.object({ reason: reasonText }).meta({ id: 'StopCommentingInput' });
