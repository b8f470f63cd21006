import { sql, type Kysely } from 'kysely';

/**
 * The XRP supply as the ledger states it. At each run, one validated ledger's `total_coins` (XRP in
 * existence: 100 billion less every fee burned) and, for the accounts the registry names as
 * Ripple's, the XRP they hold and the XRP in the escrows they own, read at that same ledger. Those
 * escrows themselves are kept as of the latest reading (the unlock calendar). The run is a data
 * source of its own (`xrpl_supply`), due hourly.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE supply_readings (
      ledger_index bigint PRIMARY KEY,
      read_at timestamptz NOT NULL,
      total_coins_drops numeric(30, 0) NOT NULL CHECK (total_coins_drops > 0),
      ripple_accounts integer NOT NULL CHECK (ripple_accounts >= 0),
      escrowed_drops numeric(30, 0) CHECK (escrowed_drops >= 0),
      escrows integer CHECK (escrows >= 0),
      ripple_held_drops numeric(30, 0) CHECK (ripple_held_drops >= 0)
    );
    CREATE INDEX supply_readings_read_at ON supply_readings (read_at);

    CREATE TABLE ripple_escrows (
      entry_index text PRIMARY KEY,
      owner text NOT NULL,
      destination text NOT NULL,
      amount_drops numeric(30, 0) NOT NULL CHECK (amount_drops > 0),
      finish_after timestamptz,
      cancel_after timestamptz,
      created_ledger bigint,
      ledger_index bigint NOT NULL
    );

    INSERT INTO api_sources (name, description, api_type, sync_frequency_minutes, next_sync_at) VALUES
      ('XRPL Supply', 'XRP in existence and burned, read from the validated ledger, with the XRP held and escrowed by the accounts the registry names as Ripple''s', 'xrpl_supply', 60, now())
    ON CONFLICT (name) DO NOTHING;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM api_sources WHERE name = 'XRPL Supply';
    DROP TABLE ripple_escrows;
    DROP TABLE supply_readings;
  `.execute(db);
}
