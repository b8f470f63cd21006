import { sql, type Kysely } from 'kysely';

/**
 * Email changes are the app's own: a pending change waits for the new address to confirm,
 * and the old address holds a link that cancels it, or undoes it for 7 days (the request's notice
 * carries one, the notice of the done change another). Tokens are stored as
 * SHA-256 hashes, like the newsletter's. Role changes join the audit trail's actions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE email_changes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
      old_email text NOT NULL,
      new_email text NOT NULL,
      confirm_token_hash text NOT NULL UNIQUE,
      cancel_token_hash text NOT NULL UNIQUE,
      undo_token_hash text UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      confirm_by timestamptz NOT NULL,
      cancel_by timestamptz NOT NULL,
      confirmed_at timestamptz,
      cancelled_at timestamptz
    );
    CREATE INDEX email_changes_user_idx ON email_changes (user_id, created_at DESC);

    -- Role changes (the CLI) are audited like the admin's changes.
    ALTER TABLE admin_audit_logs DROP CONSTRAINT admin_audit_logs_action_type_check;
    ALTER TABLE admin_audit_logs ADD CONSTRAINT admin_audit_logs_action_type_check
      CHECK (action_type IN ('subscription_change', 'profile_update', 'user_block', 'user_unblock',
        'role_change', 'domino_event_create', 'domino_event_update', 'domino_event_delete',
        'domino_event_reorder', 'research_post_create', 'research_post_update', 'research_post_delete'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE email_changes;
    DELETE FROM admin_audit_logs WHERE action_type = 'role_change';
    ALTER TABLE admin_audit_logs DROP CONSTRAINT admin_audit_logs_action_type_check;
    ALTER TABLE admin_audit_logs ADD CONSTRAINT admin_audit_logs_action_type_check
      CHECK (action_type IN ('subscription_change', 'profile_update', 'user_block', 'user_unblock',
        'domino_event_create', 'domino_event_update', 'domino_event_delete', 'domino_event_reorder',
        'research_post_create', 'research_post_update', 'research_post_delete'));
  `.execute(db);
}
