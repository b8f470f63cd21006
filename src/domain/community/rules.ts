/**
 * The discussions' limits and the messages that state them. Apart from the schemas (no zod): the
 * comment counts on the news and research lists use a message, and load this without the validator.
 */
export const COMMENT_MAX_LENGTH = 5000;
export const DISPLAY_NAME_MAX = 40;
export const EXPERTISE_MAX = 80;
/** An author may edit a comment for this long after posting it; the edit is marked "edited". */
export const EDIT_WINDOW_MINUTES = 15;
/** 10 comments per 10 minutes per member. */
export const COMMENT_RATE = { windowMinutes: 10, max: 10 } as const;
/** An account younger than a day may post 3 comments in that day. */
export const NEW_ACCOUNT_RATE = { hours: 24, max: 3 } as const;
/** The same text twice by one member within this window is refused. */
export const DUPLICATE_WINDOW_HOURS = 24;
/** Reports from this many different members hide a comment until a moderator reviews it. */
export const REPORTS_TO_HIDE = 3;
export const COMMENTS_PAGE_SIZE = 20;

export const communityMessages = {
  signIn: 'Sign in to join the discussion',
  verifyEmail: 'Verify your email address to join the discussion.',
  needsProfile: 'Choose the name shown with your comments before you post.',
  nameTaken: 'Another member uses this name, or one that looks the same. Choose another.',
  nameReserved:
    "Names that suggest the site's team (admin, moderator, official, XRP Research, in any alphabet or lookalike letters) are kept for the team.",
  stopped: (reason: string | null) =>
    reason
      ? `An administrator stopped you from commenting: ${reason}`
      : 'An administrator stopped you from commenting.',
  premiumResearch: 'Discussions of research posts are for members who can read the post (Premium).',
  duplicate: 'You already posted this comment. Add something new, or edit the one you posted.',
  editWindow: `Comments can be edited for ${EDIT_WINDOW_MINUTES} minutes after posting.`,
  notYours: 'You can only change your own comments.',
  notFound: 'This comment does not exist.',
  subjectNotFound: 'There is nothing to discuss here: the page does not exist.',
  replyDepth: 'Replies go under the comment that started the thread.',
  replyToRemoved: 'This comment can no longer be replied to.',
  alreadyReported: 'You have already reported this comment.',
  ownReport: 'You cannot report your own comment.',
  rate: `You can post ${COMMENT_RATE.max} comments in ${COMMENT_RATE.windowMinutes} minutes`,
  newAccount: `New accounts can post ${NEW_ACCOUNT_RATE.max} comments in their first day`,
} as const;
