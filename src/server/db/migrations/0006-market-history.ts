import { sql, type Kysely } from 'kysely';

/** Price, market cap, volume and dominance over time, for the charts (backfilled a year on first sync). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE market_history (
      symbol text NOT NULL,
      ts timestamptz NOT NULL,
      price numeric,
      market_cap numeric,
      volume_24h numeric,
      xrp_dominance numeric,
      PRIMARY KEY (symbol, ts)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE market_history`.execute(db);
}
