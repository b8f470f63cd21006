import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns';

/** Community discussions (migration 0022): members' names, comments, likes and reports. */
export interface CommentersTable {
  user_id: string;
  /** null until the member chose one (a row may exist only because an administrator stopped them). */
  display_name: string | null;
  /**
   * What makes the name one member's (migration 0026, unique): its confusable skeleton whatever its
   * case, and as written (domain/community/lookalikes.ts). Set with the name, null without one.
   */
  display_name_key: string | null;
  display_name_skeleton: string | null;
  expertise: string | null;
  /** Set when an administrator stopped the member from commenting. */
  stopped_at: NullableTimestamp;
  stopped_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type CommentSubjectType = 'news' | 'research' | 'analysis';
export type CommentStatus = 'visible' | 'hidden' | 'removed';

export interface CommentsTable {
  id: Generated<string>;
  subject_type: CommentSubjectType;
  subject_key: string;
  parent_id: string | null;
  /** null once the author's account is deleted. */
  author_id: string | null;
  body: string;
  /** The text normalised (case, spacing) and hashed: the same text twice is refused. */
  fingerprint: string;
  status: Generated<CommentStatus>;
  /** Who hid it: three members' reports, or a moderator (with `hidden_reason`). */
  hidden_by: 'reports' | 'moderator' | null;
  hidden_reason: string | null;
  removed_by: 'author' | 'moderator' | 'account_deleted' | null;
  /** When a moderator last reviewed it (restored it): earlier reports no longer count. */
  reviewed_at: NullableTimestamp;
  created_at: Timestamp;
  edited_at: NullableTimestamp;
}

export interface CommentLikesTable {
  comment_id: string;
  user_id: string;
  created_at: Timestamp;
}

export type CommentReportReason = 'spam' | 'abuse' | 'misinformation' | 'off_topic' | 'other';

export interface CommentReportsTable {
  id: Generated<string>;
  comment_id: string;
  reporter_id: string;
  reason: CommentReportReason;
  details: string | null;
  created_at: Timestamp;
  resolved_at: NullableTimestamp;
}
