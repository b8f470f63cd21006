import { sql, type Kysely } from 'kysely';

/**
 * Direct analyst access: a Premium member's questions, their messages (the member's, the
 * analysts' replies and the analysts' internal notes), each analyst's mail setting, and an `answer`
 * notification type for an analyst's reply.
 *
 * A question goes with its member's account (cascade). An analyst's account going leaves their
 * replies to the member (author set null: "Former analyst") and unassigns their questions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE analyst_questions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
      subject text NOT NULL,
      topic text CHECK (topic IN ('market', 'regulation', 'technical', 'portfolio')),
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered', 'closed')),
      assignee_id text REFERENCES "user"(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_activity_at timestamptz NOT NULL DEFAULT now(),
      first_response_at timestamptz,
      closed_at timestamptz,
      CHECK ((status = 'closed') = (closed_at IS NOT NULL))
    );
    CREATE INDEX analyst_questions_user ON analyst_questions (user_id, last_activity_at DESC);
    CREATE INDEX analyst_questions_inbox ON analyst_questions (status, last_activity_at DESC);
    CREATE INDEX analyst_questions_assignee ON analyst_questions (assignee_id) WHERE assignee_id IS NOT NULL;
    CREATE INDEX analyst_questions_created ON analyst_questions (created_at);

    CREATE TABLE analyst_question_messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      question_id uuid NOT NULL REFERENCES analyst_questions(id) ON DELETE CASCADE,
      author_id text REFERENCES "user"(id) ON DELETE SET NULL,
      author_kind text NOT NULL CHECK (author_kind IN ('member', 'analyst')),
      internal boolean NOT NULL DEFAULT false,
      body text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (NOT internal OR author_kind = 'analyst')
    );
    CREATE INDEX analyst_question_messages_question ON analyst_question_messages (question_id, created_at);
    CREATE INDEX analyst_question_messages_author ON analyst_question_messages (author_id)
      WHERE author_id IS NOT NULL;

    CREATE TABLE analyst_settings (
      user_id text PRIMARY KEY REFERENCES "user"(id) ON DELETE CASCADE,
      email_new_questions boolean NOT NULL DEFAULT true,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
    ALTER TABLE notifications ADD CONSTRAINT notifications_type_check
      CHECK (type IN ('price', 'whale', 'regulatory', 'adoption', 'reply', 'answer'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM notifications WHERE type = 'answer';
    ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
    ALTER TABLE notifications ADD CONSTRAINT notifications_type_check
      CHECK (type IN ('price', 'whale', 'regulatory', 'adoption', 'reply'));
    DROP TABLE analyst_settings;
    DROP TABLE analyst_question_messages;
    DROP TABLE analyst_questions;
  `.execute(db);
}
