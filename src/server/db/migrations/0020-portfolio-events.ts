import { sql, type Kysely } from 'kysely';

/**
 * A watched account read again from the ledger is a live event for its member, as a
 * notification is: their open /portfolio refreshes the balance, payments and totals at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TRIGGER watched_accounts_event AFTER UPDATE OF refreshed_at ON watched_accounts
      FOR EACH ROW WHEN (NEW.refreshed_at IS DISTINCT FROM OLD.refreshed_at)
      EXECUTE FUNCTION record_user_event('portfolio');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER watched_accounts_event ON watched_accounts;
    DELETE FROM app_events WHERE type = 'portfolio';
  `.execute(db);
}
