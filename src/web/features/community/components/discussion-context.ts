import { createContext, use } from 'react';
import type { Participation } from '@/domain/community/community.schema';

/** Where a reply goes: under the thread's first comment, naming the comment replied to. */
export interface ReplyTarget {
  threadId: string;
  commentId: string;
  name: string;
}

/** The discussion's heading: where focus goes when the comment that had it leaves the page. */
export const DISCUSSION_HEADING_ID = 'comments-heading';

export interface DiscussionContextValue {
  subject: string;
  participation: Participation;
  /**
   * Resolves once the member has a display name, asking for one first; rejects if they cancel.
   * `boxId`: the text box whose comment waits (the focus returns there).
   */
  ensureProfile(boxId: string): Promise<void>;
  replyTarget: ReplyTarget | null;
  setReplyTarget(target: ReplyTarget | null): void;
}

/** The member closed the display-name dialog: the comment waits, as typed, and nothing is said. */
export class ProfileCancelled extends Error {
  constructor() {
    super('Choose a display name to post.');
    this.name = 'ProfileCancelled';
  }
}

export const DiscussionContext = createContext<DiscussionContextValue | null>(null);

export function useDiscussion(): DiscussionContextValue {
  const value = use(DiscussionContext);
  if (!value) throw new Error('useDiscussion must be used within a Discussion');
  return value;
}

/** May post and reply (a member without a display name is asked for one first). */
export const canPost = (participation: Participation) =>
  participation.status === 'ok' || participation.status === 'needs_profile';

/** May like and report (a member stopped from commenting still may, as the server allows). */
export const canReact = (participation: Participation) =>
  canPost(participation) || participation.status === 'stopped';
