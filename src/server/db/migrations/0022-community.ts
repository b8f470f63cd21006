import { sql, type Kysely } from 'kysely';

const auditActions = [
  'subscription_change',
  'profile_update',
  'user_block',
  'user_unblock',
  'role_change',
  'domino_event_create',
  'domino_event_update',
  'domino_event_delete',
  'domino_event_reorder',
  'research_post_create',
  'research_post_update',
  'research_post_delete',
];
const communityActions = [
  'comment_hide',
  'comment_restore',
  'comment_delete',
  'commenting_stop',
  'commenting_resume',
];

const actionCheck = (actions: string[]) =>
  sql.raw(`CHECK (action_type IN (${actions.map((action) => `'${action}'`).join(', ')}))`);

/**
 * Community discussions: a member's name in the discussions, comments under news,
 * research and weekly analysis, one like per member, reports, and a reply notification type.
 *
 * A comment names its subject by type and key (a news article's or research post's id, an ISO week)
 * rather than by foreign keys to three tables; the services check the subject exists before writing.
 * `author_id` is set null when the account goes (the text is removed first, in removeUserTraces).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE commenters (
      user_id text PRIMARY KEY REFERENCES "user"(id) ON DELETE CASCADE,
      display_name text,
      expertise text,
      stopped_at timestamptz,
      stopped_reason text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE comments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      subject_type text NOT NULL CHECK (subject_type IN ('news', 'research', 'analysis')),
      subject_key text NOT NULL,
      parent_id uuid REFERENCES comments(id) ON DELETE CASCADE,
      author_id text REFERENCES "user"(id) ON DELETE SET NULL,
      body text NOT NULL,
      fingerprint text NOT NULL,
      status text NOT NULL DEFAULT 'visible' CHECK (status IN ('visible', 'hidden', 'removed')),
      hidden_by text CHECK (hidden_by IN ('reports', 'moderator')),
      hidden_reason text,
      removed_by text CHECK (removed_by IN ('author', 'moderator', 'account_deleted')),
      reviewed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      edited_at timestamptz
    );
    CREATE INDEX comments_subject_idx ON comments (subject_type, subject_key, created_at);
    CREATE INDEX comments_parent_idx ON comments (parent_id) WHERE parent_id IS NOT NULL;
    CREATE INDEX comments_author_idx ON comments (author_id, created_at DESC);

    CREATE TABLE comment_likes (
      comment_id uuid NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (comment_id, user_id)
    );
    CREATE INDEX comment_likes_user_idx ON comment_likes (user_id);

    CREATE TABLE comment_reports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      comment_id uuid NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
      reporter_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
      reason text NOT NULL CHECK (reason IN ('spam', 'abuse', 'misinformation', 'off_topic', 'other')),
      details text,
      created_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz,
      UNIQUE (comment_id, reporter_id)
    );
    CREATE INDEX comment_reports_open_idx ON comment_reports (comment_id) WHERE resolved_at IS NULL;
    CREATE INDEX comment_reports_reporter_idx ON comment_reports (reporter_id);

    ALTER TABLE user_preferences
      ADD COLUMN notification_email_comment_replies boolean NOT NULL DEFAULT true;

    ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
    ALTER TABLE notifications ADD CONSTRAINT notifications_type_check
      CHECK (type IN ('price', 'whale', 'regulatory', 'adoption', 'reply'));

    -- A new, edited, hidden or removed comment is a live event for everyone reading its page (the
    -- payload names the subject, never the text: each reader refetches what they may see).
    CREATE FUNCTION record_comment_event() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      event_id bigint;
    BEGIN
      INSERT INTO app_events (type, audience, payload)
      VALUES ('comment', 'public', jsonb_build_object(
        'id', NEW.id, 'op', lower(TG_OP), 'subject', NEW.subject_type || ':' || NEW.subject_key))
      RETURNING id INTO event_id;
      PERFORM pg_notify('app_events', event_id::text);
      RETURN NEW;
    END;
    $$;
    CREATE TRIGGER comments_event AFTER INSERT OR UPDATE ON comments
      FOR EACH ROW EXECUTE FUNCTION record_comment_event();
    CREATE TRIGGER comment_likes_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON comment_likes
      FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
    -- A research post's discussion goes with it (news articles are never deleted; weeks never end).
    CREATE FUNCTION delete_subject_comments() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM comments WHERE subject_type = TG_ARGV[0] AND subject_key = OLD.id::text;
      RETURN OLD;
    END;
    $$;
    CREATE TRIGGER research_posts_comments AFTER DELETE ON research_posts
      FOR EACH ROW EXECUTE FUNCTION delete_subject_comments('research');

    CREATE TRIGGER comments_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON comments
      FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
    CREATE TRIGGER commenters_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON commenters
      FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
  `.execute(db);
  await sql`
    ALTER TABLE admin_audit_logs DROP CONSTRAINT admin_audit_logs_action_type_check;
    ALTER TABLE admin_audit_logs ADD CONSTRAINT admin_audit_logs_action_type_check
      ${actionCheck([...auditActions, ...communityActions])};
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM admin_audit_logs WHERE action_type IN ('comment_hide', 'comment_restore',
      'comment_delete', 'commenting_stop', 'commenting_resume');
    ALTER TABLE admin_audit_logs DROP CONSTRAINT admin_audit_logs_action_type_check;
    ALTER TABLE admin_audit_logs ADD CONSTRAINT admin_audit_logs_action_type_check
      ${actionCheck(auditActions)};
  `.execute(db);
  await sql`
    DELETE FROM app_events WHERE type = 'comment';
    DROP TRIGGER research_posts_comments ON research_posts;
    DROP FUNCTION delete_subject_comments();
    DROP TABLE comment_reports;
    DROP TABLE comment_likes;
    DROP TABLE comments;
    DROP TABLE commenters;
    DROP FUNCTION record_comment_event();
    DELETE FROM notifications WHERE type = 'reply';
    ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
    ALTER TABLE notifications ADD CONSTRAINT notifications_type_check
      CHECK (type IN ('price', 'whale', 'regulatory', 'adoption'));
    ALTER TABLE user_preferences DROP COLUMN notification_email_comment_replies;
  `.execute(db);
}
