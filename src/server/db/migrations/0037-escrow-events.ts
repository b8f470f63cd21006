import { sql, type Kysely } from 'kysely';

/**
 * Escrows that the accounts named as Ripple's create (lock XRP), finish (release it) or cancel
 * (take it back), one row per transaction, as the ledgers the site reads hold them: the stream, the
 * catch-up and a backfill all record them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE escrow_events (
      hash text PRIMARY KEY,
      ledger_index bigint NOT NULL,
      closed_at timestamptz NOT NULL,
      kind text NOT NULL CHECK (kind IN ('created', 'finished', 'cancelled')),
      owner text NOT NULL,
      amount_drops numeric(30, 0) NOT NULL CHECK (amount_drops > 0),
      finish_after timestamptz
    );
    CREATE INDEX escrow_events_closed_at ON escrow_events (closed_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE escrow_events`.execute(db);
}
