import { sql, type Kysely } from 'kysely';

const previousActions = [
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
  'comment_hide',
  'comment_restore',
  'comment_delete',
  'commenting_stop',
  'commenting_resume',
];
const registryActions = ['known_account_add', 'known_account_update', 'known_entity_merge'];

const actionCheck = (actions: string[]) =>
  sql.raw(`CHECK (action_type IN (${actions.map((action) => `'${action}'`).join(', ')}))`);

/**
 * The registry of known accounts: who owns an address (its entity), what it is (its category), and
 * where the name comes from, with when it was last confirmed there (null: never from this site).
 * Retired names stay for the record but name nothing. The names the site ships with are added at
 * start when absent (features/known-accounts), so an administrator's edits are never overwritten.
 *
 * Whale payments keep their destination tag: an exchange credits a deposit by it, and the evidence
 * that an unnamed account is an exchange's counts the different tags it received.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE known_accounts (
      address text PRIMARY KEY,
      label text NOT NULL,
      entity text NOT NULL,
      category text NOT NULL CHECK (category IN
        ('exchange', 'ripple', 'custodian', 'etf_custodian', 'market_maker', 'issuer', 'other')),
      source_name text NOT NULL,
      source_url text NOT NULL,
      origin text NOT NULL CHECK (origin IN ('curated', 'admin', 'xrpscan')),
      checked_at timestamptz,
      retired_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX known_accounts_entity ON known_accounts (lower(entity));
    CREATE TRIGGER known_accounts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON known_accounts
      FOR EACH STATEMENT EXECUTE FUNCTION announce_change();

    ALTER TABLE whale_transactions ADD COLUMN destination_tag bigint;
    CREATE INDEX whale_transactions_from_idx ON whale_transactions (from_address);
    CREATE INDEX whale_transactions_to_idx ON whale_transactions (to_address);

    ALTER TABLE admin_audit_logs DROP CONSTRAINT admin_audit_logs_action_type_check;
    ALTER TABLE admin_audit_logs ADD CONSTRAINT admin_audit_logs_action_type_check
      ${actionCheck([...previousActions, ...registryActions])};
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM admin_audit_logs WHERE action_type IN ('known_account_add', 'known_account_update',
      'known_entity_merge');
    ALTER TABLE admin_audit_logs DROP CONSTRAINT admin_audit_logs_action_type_check;
    ALTER TABLE admin_audit_logs ADD CONSTRAINT admin_audit_logs_action_type_check
      ${actionCheck(previousActions)};
    DROP INDEX whale_transactions_to_idx;
    DROP INDEX whale_transactions_from_idx;
    ALTER TABLE whale_transactions DROP COLUMN destination_tag;
    DROP TABLE known_accounts;
  `.execute(db);
}
