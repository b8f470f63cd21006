import { sql, type Kysely } from 'kysely';

/**
 * An admin's request to read the past `days` of ledgers, and its progress. One runs at a time; the
 * runs of the "XRPL Ledger Backfill" source do the reading, a bounded batch each, so a restart
 * resumes where the ledgers recorded as read say. With nothing asked for, the source is due once a
 * day (and reads nothing); a request makes it due at once, and a run that leaves work makes it due
 * again at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE ledger_backfills (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      days integer NOT NULL CHECK (days > 0),
      status text NOT NULL CHECK (status IN ('running', 'done', 'cancelled')),
      from_ledger bigint,
      to_ledger bigint,
      ledgers_total integer,
      ledgers_scanned integer NOT NULL DEFAULT 0,
      whale_payments integer NOT NULL DEFAULT 0,
      exchange_payments integer NOT NULL DEFAULT 0,
      oldest_ledger bigint,
      oldest_closed_at timestamptz,
      note text,
      requested_by text REFERENCES "user"(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    );
    CREATE UNIQUE INDEX ledger_backfills_one_running ON ledger_backfills ((true)) WHERE status = 'running';
    CREATE INDEX ledger_backfills_created ON ledger_backfills (created_at);

    INSERT INTO api_sources (name, description, api_type, sync_frequency_minutes, next_sync_at) VALUES
      ('XRPL Ledger Backfill', 'Reads past ledgers an admin asked for (whale payments and exchange flows), a batch per run, until the window is read', 'xrpl_backfill', 1440, now())
    ON CONFLICT (name) DO NOTHING;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM api_sources WHERE name = 'XRPL Ledger Backfill';
    DROP TABLE ledger_backfills;
  `.execute(db);
}
