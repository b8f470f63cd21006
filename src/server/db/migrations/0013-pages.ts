import { sql, type Kysely } from 'kysely';

/**
 * The footer pages' data: newsletter double opt-in (addresses signed up before stay pending until they
 * confirm), the weekly summary's sends to subscribers without an account, research posts written by
 * admins (a draft has no published_at), and contact messages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE newsletter_subscribers
      ADD COLUMN status text NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
      ADD COLUMN confirm_token_hash text UNIQUE,
      ADD COLUMN confirmation_sent_at timestamptz,
      ADD COLUMN confirmed_at timestamptz,
      ADD COLUMN unsubscribed_at timestamptz;

    CREATE TABLE newsletter_sends (
      subscriber_id uuid NOT NULL REFERENCES newsletter_subscribers(id) ON DELETE CASCADE,
      week text NOT NULL,
      status text NOT NULL CHECK (status IN ('sending', 'sent', 'failed')),
      sent_at timestamptz,
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (subscriber_id, week)
    );

    CREATE TABLE research_posts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      slug text NOT NULL UNIQUE,
      title text NOT NULL,
      summary text NOT NULL,
      body text NOT NULL,
      published_at timestamptz,
      author_id text REFERENCES "user"(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX research_posts_published_idx ON research_posts (published_at DESC)
      WHERE published_at IS NOT NULL;
    ALTER TABLE admin_audit_logs DROP CONSTRAINT admin_audit_logs_action_type_check;
    ALTER TABLE admin_audit_logs ADD CONSTRAINT admin_audit_logs_action_type_check
      CHECK (action_type IN ('subscription_change', 'profile_update', 'user_block', 'user_unblock',
        'domino_event_create', 'domino_event_update', 'domino_event_delete', 'domino_event_reorder',
        'research_post_create', 'research_post_update', 'research_post_delete'));

    CREATE TABLE contact_messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      email text NOT NULL,
      message text NOT NULL,
      user_id text REFERENCES "user"(id) ON DELETE SET NULL,
      email_status text NOT NULL DEFAULT 'pending' CHECK (email_status IN ('pending', 'sent', 'failed')),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX contact_messages_created_at_idx ON contact_messages (created_at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE contact_messages;
    DELETE FROM admin_audit_logs WHERE action_type LIKE 'research_post_%';
    ALTER TABLE admin_audit_logs DROP CONSTRAINT admin_audit_logs_action_type_check;
    ALTER TABLE admin_audit_logs ADD CONSTRAINT admin_audit_logs_action_type_check
      CHECK (action_type IN ('subscription_change', 'profile_update', 'user_block', 'user_unblock',
        'domino_event_create', 'domino_event_update', 'domino_event_delete', 'domino_event_reorder'));
    DROP TABLE research_posts;
    DROP TABLE newsletter_sends;
    ALTER TABLE newsletter_subscribers
      DROP COLUMN status,
      DROP COLUMN confirm_token_hash,
      DROP COLUMN confirmation_sent_at,
      DROP COLUMN confirmed_at,
      DROP COLUMN unsubscribed_at;
  `.execute(db);
}
