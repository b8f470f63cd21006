/** Answers of the community API for the feature's component tests, shaped by the contract's schemas. */
import type { Comment, CommentList, CommentReply, Participation } from '@/domain/community/community.schema';

export const ARTICLE_ID = '5f0c2b8e-6a43-4c8e-9a57-3d1f0e2b7c11';
export const SUBJECT = `news:${ARTICLE_ID}`;
export const FIRST_ID = '0b6f9d2a-1c3e-4f5a-8b7c-9d0e1f2a3b4c';
export const SECOND_ID = '7a1e3c5d-2b4f-4a6c-8e0d-1f3b5d7f9a2c';
export const REPLY_ID = 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f';
export const NEW_ID = 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b';

export function participation(overrides: Partial<Participation> = {}): Participation {
  return {
    status: 'ok',
    message: null,
    moderator: false,
    profile: { displayName: 'Dana R.', expertise: null },
    ...overrides,
  };
}

export function reply(overrides: Partial<CommentReply> = {}): CommentReply {
  return {
    id: REPLY_ID,
    parentId: FIRST_ID,
    author: { displayName: 'Ben Ortiz', expertise: null, staff: false },
    state: 'visible',
    body: 'Agreed, the inflows look steady.',
    createdAt: '2026-11-25T11:30:00.000Z',
    editedAt: null,
    likes: 0,
    liked: false,
    mine: false,
    editableUntil: null,
    reportedByMe: false,
    hiddenBy: null,
    hiddenNote: null,
    moderation: null,
    ...overrides,
  };
}

export function comment(overrides: Partial<Comment> = {}): Comment {
  return {
    ...reply({
      id: FIRST_ID,
      parentId: null,
      author: { displayName: 'Ann Lee', expertise: 'Treasury analyst', staff: false },
      body: 'Third week of inflows in a row.\nWorth watching.',
      createdAt: '2026-11-25T10:00:00.000Z',
      likes: 2,
    }),
    replies: [],
    ...overrides,
  };
}

export function commentList(overrides: Partial<CommentList> = {}): CommentList {
  const comments = overrides.comments ?? [comment()];
  return {
    subject: SUBJECT,
    order: 'newest',
    count: comments.reduce((total, item) => total + 1 + item.replies.length, 0),
    page: 1,
    pageSize: 20,
    threads: comments.length,
    comments,
    participation: participation(),
    ...overrides,
  };
}

/** The toast in front, as a member reads it (earlier tests' toasts stay in sonner's list behind it). */
export const frontToast = () =>
  document.querySelector('[data-sonner-toast][data-front="true"]')?.textContent ?? null;
