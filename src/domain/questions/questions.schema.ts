import { z } from 'zod';
import { pageParamSchema } from '../pagination/pagination.schema';
import { subscriptionPlanSchema } from '../plans/plans.schema';

/**
 * Direct analyst access: a Premium member's private questions to the site's analysts, and
 * the analysts' inbox. A question is a thread: its first message is the member's question.
 */
export const QUESTION_TOPICS = ['market', 'regulation', 'technical', 'portfolio'] as const;
export const questionTopicSchema = z.enum(QUESTION_TOPICS);
export type QuestionTopic = z.infer<typeof questionTopicSchema>;
export const topicLabels: Record<QuestionTopic, string> = {
  market: 'Market',
  regulation: 'Regulation',
  technical: 'Technical',
  portfolio: 'Portfolio',
};

/** open: waiting for an analyst; answered: an analyst replied last; closed: done (by either side). */
export const QUESTION_STATUSES = ['open', 'answered', 'closed'] as const;
export const questionStatusSchema = z.enum(QUESTION_STATUSES);
export type QuestionStatus = z.infer<typeof questionStatusSchema>;
export const statusLabels: Record<QuestionStatus, string> = {
  open: 'Open',
  answered: 'Answered',
  closed: 'Closed',
};

/** A member may have this many questions that are not closed (open or answered) at once. */
export const MAX_OPEN_QUESTIONS = 5;
export const QUESTION_SUBJECT_MAX = 150;
export const QUESTION_BODY_MAX = 5000;
export const INBOX_PAGE_SIZE = 20;
/** Each new question mails every analyst: a member may ask this many in 24 hours (asked, not attempted). */
export const QUESTIONS_PER_DAY = 10;
/** The promise the /ask page makes when the operator sets none (ANALYST_RESPONSE_TIME). */
export const DEFAULT_RESPONSE_TIME = 'within one business day';

export const questionMessages = {
  premium: 'Asking our analysts is part of Premium. Upgrade to ask a question.',
  premiumToReply: 'Your plan no longer includes analyst access: you can read your questions, not reply.',
  tooManyOpen: `You have ${MAX_OPEN_QUESTIONS} open questions, the most at once. Close one you no longer need before asking another.`,
  notFound: 'This question does not exist.',
  closed: 'This question is closed. Ask a new question if you need more.',
  closedForAnalyst: 'This question is closed: reopen it to reply. You can still add internal notes.',
  ownQuestion: 'You asked this question: another analyst answers it.',
  reopenOverLimit: `The member already has ${MAX_OPEN_QUESTIONS} open questions: this one stays closed.`,
  dailyLimit: (max: number) => `You can ask ${max} questions a day`,
  alreadyClosed: 'This question is already closed.',
  notAnalyst: 'Only an analyst can be assigned a question.',
  analystAccess: 'Analyst access is required.',
} as const;

const text = (max: number, what: string) =>
  z
    .string()
    .trim()
    .min(1, `Write your ${what}`)
    .max(max, `Keep your ${what} to ${max.toLocaleString('en-US')} characters or fewer`)
    .refine((value) => !value.includes('\u0000'), 'Remove the NUL character');

/**
 * Line breaks, with the spaces around them, as one space: split at the breaks and trim the edges
 * that met one: linear, where the expression it replaces (optional spaces, a break, optional spaces)
 * rescanned a run of spaces from each of its positions.
 */
export function oneLine(value: string): string {
  const lines = value.split(/[\r\n]+/);
  if (lines.length === 1) return value;
  const first = lines[0]!.trimEnd();
  const last = lines[lines.length - 1]!.trimStart();
  const middle = lines
    .slice(1, -1)
    .map((line) => line.trim())
    .filter(Boolean);
  return [first, ...middle, last].join(' ');
}

export const newQuestionSchema = z
  .object({
    // One line: line breaks (pasted text) become spaces, as a mail subject must.
    subject: text(QUESTION_SUBJECT_MAX, 'subject').transform(oneLine),
    body: text(QUESTION_BODY_MAX, 'question'),
    topic: questionTopicSchema.nullable().optional(),
  })
  .meta({ id: 'NewQuestion' });
export type NewQuestion = z.infer<typeof newQuestionSchema>;

export const newQuestionMessageSchema = z
  .object({ body: text(QUESTION_BODY_MAX, 'reply') })
  .meta({ id: 'NewQuestionMessage' });

/** An analyst's reply to the member, or (internal) a note only analysts see. */
export const analystMessageSchema = z
  .object({ body: text(QUESTION_BODY_MAX, 'reply'), internal: z.boolean().default(false) })
  .meta({ id: 'AnalystMessage' });
export type AnalystMessageInput = z.input<typeof analystMessageSchema>;

export const questionMessageSchema = z
  .object({
    id: z.string(),
    author: z.enum(['member', 'analyst']),
    /** The analyst's name; null for the member, or for an analyst whose account is gone. */
    authorName: z.string().nullable(),
    /** Internal notes only ever reach analysts. */
    internal: z.boolean(),
    body: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'QuestionMessage' });
export type QuestionMessage = z.infer<typeof questionMessageSchema>;

export const questionSummarySchema = z
  .object({
    id: z.string(),
    subject: z.string(),
    topic: questionTopicSchema.nullable(),
    status: questionStatusSchema,
    createdAt: z.string(),
    /** The last message's time (not counting internal notes for the member). */
    lastActivityAt: z.string(),
    closedAt: z.string().nullable(),
  })
  .meta({ id: 'QuestionSummary' });
export type QuestionSummary = z.infer<typeof questionSummarySchema>;

export const questionThreadSchema = questionSummarySchema
  .extend({ messages: z.array(questionMessageSchema) })
  .meta({ id: 'QuestionThread' });
export type QuestionThread = z.infer<typeof questionThreadSchema>;

export const myQuestionsSchema = z
  .object({
    questions: z.array(questionSummarySchema),
    /** Questions not closed. */
    openCount: z.number().int(),
    maxOpen: z.number().int(),
    /** Premium (or complimentary) and under the limit. */
    canAsk: z.boolean(),
    /** Why not, when canAsk is false. */
    cannotAskReason: z.string().nullable(),
    premium: z.boolean(),
    /** What the site promises, e.g. "within one business day" (ANALYST_RESPONSE_TIME). */
    responseTime: z.string(),
  })
  .meta({ id: 'MyQuestions' });
export type MyQuestions = z.infer<typeof myQuestionsSchema>;

// ——— The analysts' inbox ———

export const INBOX_VIEWS = ['unassigned', 'mine', 'all'] as const;
export const inboxViewSchema = z.enum(INBOX_VIEWS);
export type InboxView = z.infer<typeof inboxViewSchema>;

/** The inbox's status filter: one status, or `active` (open or answered: everything not closed). */
export const INBOX_STATUS_FILTERS = ['active', ...QUESTION_STATUSES] as const;
export type InboxStatusFilter = (typeof INBOX_STATUS_FILTERS)[number];
export const inboxStatusFilterLabels: Record<InboxStatusFilter, string> = {
  active: 'Open or answered',
  ...statusLabels,
};

export const inboxQuerySchema = z.object({
  view: inboxViewSchema.default('unassigned'),
  status: z.enum(INBOX_STATUS_FILTERS).optional(),
  topic: questionTopicSchema.optional(),
  page: pageParamSchema(),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export const analystSchema = z
  .object({ id: z.string(), name: z.string(), email: z.string(), role: z.enum(['admin', 'analyst']) })
  .meta({ id: 'Analyst' });
export type Analyst = z.infer<typeof analystSchema>;

export const inboxQuestionSchema = questionSummarySchema
  .extend({
    /** Who asked: their plan now and when they joined, beside the thread. */
    member: z.object({
      id: z.string(),
      name: z.string().nullable(),
      email: z.string(),
      plan: subscriptionPlanSchema,
      joinedAt: z.string(),
    }),
    assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
    firstResponseAt: z.string().nullable(),
    /** Who wrote last (internal notes aside): a member's message waits for an answer. */
    lastMessageBy: z.enum(['member', 'analyst']),
  })
  .meta({ id: 'InboxQuestion' });
export type InboxQuestion = z.infer<typeof inboxQuestionSchema>;

export const inboxListSchema = z
  .object({
    questions: z.array(inboxQuestionSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Questions not closed in each view, for the view switch. */
    counts: z.object({ unassigned: z.number().int(), mine: z.number().int(), all: z.number().int() }),
  })
  .meta({ id: 'InboxList' });
export type InboxList = z.infer<typeof inboxListSchema>;

export const inboxThreadSchema = inboxQuestionSchema
  .extend({ messages: z.array(questionMessageSchema) })
  .meta({ id: 'InboxThread' });
export type InboxThread = z.infer<typeof inboxThreadSchema>;

/** Assign (an analyst's id, or null to unassign), close, or reopen. */
export const inboxUpdateSchema = z
  .object({
    assigneeId: z.string().min(1).max(100).nullable().optional(),
    status: z.enum(['open', 'closed']).optional(),
  })
  .refine((body) => body.assigneeId !== undefined || body.status !== undefined, 'Send assigneeId or status')
  .meta({ id: 'InboxUpdate' });
export type InboxUpdate = z.infer<typeof inboxUpdateSchema>;

export const inboxSettingsSchema = z.object({ emailNewQuestions: z.boolean() }).meta({ id: 'InboxSettings' });
export type InboxSettings = z.infer<typeof inboxSettingsSchema>;

/** The admin overview's figures about questions. Times in seconds; null when there is none. */
export const questionMetricsSchema = z
  .object({
    /** Not closed. */
    open: z.number().int(),
    /** Open and waiting for an analyst's reply. */
    awaitingReply: z.number().int(),
    /** Over questions asked in the last 30 days that have had a first response. */
    firstResponseMedianSeconds: z.number().nullable(),
    firstResponseP90Seconds: z.number().nullable(),
    answeredLast30Days: z.number().int(),
    askedLast30Days: z.number().int(),
    /** Questions asked in each of the last 4 weeks (7-day windows ending now), newest first. */
    weeks: z.array(z.object({ start: z.string(), end: z.string(), count: z.number().int() })),
  })
  .meta({ id: 'QuestionMetrics' });
export type QuestionMetrics = z.infer<typeof questionMetricsSchema>;
