import { sql, type Kysely } from 'kysely';

/**
 * Which ledgers have been read: every ledger the stream, the catch-up or a backfill read, as ranges
 * joined as they grow. The catch-up reads what the last day lacks (a gap the stream left after a
 * long outage included), a backfill what its window lacks: nothing is read twice. Installs from
 * before know only their scan mark, so it starts as one range of one ledger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE ledger_scan_ranges (
      first_ledger bigint PRIMARY KEY,
      last_ledger bigint NOT NULL,
      CHECK (last_ledger >= first_ledger)
    );
    CREATE INDEX ledger_scan_ranges_last ON ledger_scan_ranges (last_ledger);
    INSERT INTO ledger_scan_ranges (first_ledger, last_ledger)
      SELECT value::bigint, value::bigint FROM sync_state WHERE key = 'xrpl_last_ledger';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE ledger_scan_ranges;`.execute(db);
}
