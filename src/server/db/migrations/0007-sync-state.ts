import { sql, type Kysely } from 'kysely';

/** Small named values the sync jobs keep between runs (the last XRPL ledger scanned, the stream's holder). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sync_state (
      key text PRIMARY KEY,
      value text NOT NULL,
      expires_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE whale_transactions ADD COLUMN ledger_index bigint;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE whale_transactions DROP COLUMN ledger_index; DROP TABLE sync_state;`.execute(db);
}
