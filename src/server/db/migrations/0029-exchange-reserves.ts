import { sql, type Kysely } from 'kysely';

/**
 * Exchange reserves: at each run, the XRP balances of every account the registry names as an
 * exchange's, read at one validated ledger and summed per exchange. A row is one exchange at one
 * ledger, with how many of its named accounts were read. The run is a data source of its own
 * (`xrpl_reserves`), due hourly, so the admin sees its logs and can run it now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE exchange_reserves (
      entity text NOT NULL,
      ledger_index bigint NOT NULL,
      read_at timestamptz NOT NULL,
      balance_drops numeric(30, 0) NOT NULL CHECK (balance_drops >= 0),
      accounts integer NOT NULL CHECK (accounts > 0),
      PRIMARY KEY (entity, ledger_index)
    );
    CREATE INDEX exchange_reserves_read_at ON exchange_reserves (read_at);

    INSERT INTO api_sources (name, description, api_type, sync_frequency_minutes, next_sync_at) VALUES
      ('XRPL Exchange Reserves', 'The XRP held by the accounts the registry names as exchanges, read from the validated ledger and summed per exchange', 'xrpl_reserves', 60, now())
    ON CONFLICT (name) DO NOTHING;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM api_sources WHERE name = 'XRPL Exchange Reserves';
    DROP TABLE exchange_reserves;
  `.execute(db);
}
