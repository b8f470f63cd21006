import { sql } from 'kysely';
import type { DatabaseHandle } from '../src/server/db/client';

/**
 * A year of what the whale pages read, as a site that has run for a year holds it: each hour of
 * 20 exchanges' inflow and outflow (175,200 rows), each exchange's reserves read hourly (175,200
 * rows) and 30 whale payments a day (10,950), a third of them to or from a named exchange account.
 */
export async function seedFlows(handle: DatabaseHandle): Promise<void> {
  await sql`
    INSERT INTO exchange_flow_hourly (entity, hour, inflow_drops, inflow_count, outflow_drops, outflow_count)
    SELECT 'Exchange ' || e, date_trunc('hour', now(), 'UTC') - make_interval(hours => h),
      (random() * 5e13)::numeric(30, 0), 1 + (random() * 40)::int,
      (random() * 5e13)::numeric(30, 0), 1 + (random() * 40)::int
    FROM generate_series(1, 20) e, generate_series(0, 8759) h`.execute(handle.db);
  await sql`
    INSERT INTO exchange_reserves (entity, ledger_index, read_at, balance_drops, accounts)
    SELECT 'Exchange ' || e, 90000000 + (8760 - h) * 1000,
      date_trunc('hour', now(), 'UTC') - make_interval(hours => h) + interval '3 seconds',
      (1e15 + random() * 1e14)::numeric(30, 0), 1 + e % 4
    FROM generate_series(1, 20) e, generate_series(0, 8759) h`.execute(handle.db);
  const named = (
    await handle.db
      .selectFrom('known_accounts')
      .select('address')
      .where('category', '=', 'exchange')
      .limit(10)
      .execute()
  ).map((row) => row.address);
  await sql`
    INSERT INTO whale_transactions
      (transaction_hash, amount_xrp, transaction_timestamp, from_address, to_address, ledger_index, destination_tag)
    SELECT upper(md5('whale' || i) || md5('hash' || i)), 1000000 + (random() * 5e7)::int,
      now() - make_interval(mins => i * 48),
      CASE WHEN i % 3 = 1 THEN (${named}::text[])[1 + i % 10] ELSE 'rpexHC5S9a6ez8Wvw9L46miQaUM9PQrdg8' END,
      CASE WHEN i % 3 = 2 THEN (${named}::text[])[1 + i % 10] ELSE 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh' END,
      90000000 + i, CASE WHEN i % 3 = 2 THEN i END
    FROM generate_series(1, 10950) i`.execute(handle.db);
}
