import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns';

/** Direct analyst access (migration 0024): members' questions, their messages, analysts' settings. */
export type QuestionTopicColumn = 'market' | 'regulation' | 'technical' | 'portfolio';
export type QuestionStatusColumn = 'open' | 'answered' | 'closed';

export interface AnalystQuestionsTable {
  id: Generated<string>;
  user_id: string;
  subject: string;
  topic: QuestionTopicColumn | null;
  status: Generated<QuestionStatusColumn>;
  /** null: unassigned (or the analyst's account is gone). */
  assignee_id: string | null;
  created_at: Timestamp;
  /** The last message's time, internal notes included (the inbox's order). */
  last_activity_at: Timestamp;
  /** The first reply an analyst sent the member (internal notes do not count). */
  first_response_at: NullableTimestamp;
  closed_at: NullableTimestamp;
}

export interface AnalystQuestionMessagesTable {
  id: Generated<string>;
  question_id: string;
  /** null once the author's account is deleted. */
  author_id: string | null;
  author_kind: 'member' | 'analyst';
  /** An analyst's note the member never sees. */
  internal: Generated<boolean>;
  body: string;
  created_at: Timestamp;
}

export interface AnalystSettingsTable {
  user_id: string;
  email_new_questions: Generated<boolean>;
  updated_at: Timestamp;
}
