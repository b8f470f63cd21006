import { sql, type Kysely } from 'kysely';

/**
 * Two more in-memory reads (ADR 0043): who a session cookie belongs to, and a member's portfolio.
 * Every statement that changes the rows behind them announces `changed:<table>` (migration 0014's
 * announce_change), so every process forgets what it kept: a sign-in or sign-out, a role, plan or
 * block, a watched account's new reading, a holding, a ledger price, a stored market price.
 */
const tables = [
  'session',
  'user',
  'profiles',
  'watched_accounts',
  'watched_account_tx',
  'portfolio_lots',
  'ledger_token_prices',
  'ledger_reserves',
  'market_history',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of tables)
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_changed`)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
        ON ${sql.table(table)} FOR EACH STATEMENT EXECUTE FUNCTION announce_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of tables)
    await sql`DROP TRIGGER ${sql.id(`${table}_changed`)} ON ${sql.table(table)}`.execute(db);
}
