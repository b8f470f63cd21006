import { sql, type Kysely } from 'kysely';

/**
 * Exchange flows. Every validated XRP payment with a named exchange account on either side is kept
 * (`exchange_payments`, whatever its size), with the exchange entity of each side as the registry
 * named it when the ledger was read. From the same rows, in the same transaction, each exchange's
 * inflow and outflow per hour is summed (`exchange_flow_hourly`): a transfer between two accounts of
 * one entity is in neither. Amounts are drops, exact.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE exchange_payments (
      transaction_hash text PRIMARY KEY,
      ledger_index bigint NOT NULL,
      paid_at timestamptz NOT NULL,
      from_address text NOT NULL,
      to_address text NOT NULL,
      amount_drops numeric(20, 0) NOT NULL CHECK (amount_drops > 0),
      destination_tag bigint,
      from_exchange text,
      to_exchange text,
      CHECK (from_exchange IS NOT NULL OR to_exchange IS NOT NULL)
    );
    CREATE INDEX exchange_payments_paid_at ON exchange_payments (paid_at);

    CREATE TABLE exchange_flow_hourly (
      entity text NOT NULL,
      hour timestamptz NOT NULL CHECK (hour = date_trunc('hour', hour, 'UTC')),
      inflow_drops numeric(30, 0) NOT NULL DEFAULT 0,
      inflow_count integer NOT NULL DEFAULT 0,
      outflow_drops numeric(30, 0) NOT NULL DEFAULT 0,
      outflow_count integer NOT NULL DEFAULT 0,
      PRIMARY KEY (entity, hour)
    );
    CREATE INDEX exchange_flow_hourly_hour ON exchange_flow_hourly (hour);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE exchange_flow_hourly;
    DROP TABLE exchange_payments;
  `.execute(db);
}
