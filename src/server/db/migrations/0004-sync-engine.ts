import { sql, type Kysely } from 'kysely';

/**
 * The sync engine: a lease on each source (so one process at a time runs it, across instances) and
 * the four data sources (api_sources), due at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE api_sources ADD COLUMN lease_owner text, ADD COLUMN lease_expires_at timestamptz;
    ALTER TABLE api_sync_logs ADD COLUMN details text;
    CREATE INDEX api_sync_logs_in_progress_idx ON api_sync_logs (api_source) WHERE status = 'in_progress';
    CREATE INDEX fear_greed_index_timestamp_idx ON fear_greed_index (timestamp DESC);

    INSERT INTO api_sources (name, description, api_type, sync_frequency_minutes, next_sync_at) VALUES
      ('CoinGecko Market Data', 'XRP price, market cap, volume, supply and dominance (CoinPaprika as fallback)', 'coingecko', 5, now()),
      ('Fear & Greed Index', 'The Crypto Fear & Greed Index from alternative.me', 'fear_greed', 60, now()),
      ('XRPL Whale Tracker', 'XRP payments of at least 1M XRP from validated XRP Ledger ledgers', 'xrpl_whales', 60, now()),
      ('News Feeds', 'CryptoCompare news and the RSS, Atom and JSON feeds set up by admins', 'news', 15, now())
    ON CONFLICT (name) DO NOTHING;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM api_sources WHERE name IN ('CoinGecko Market Data', 'Fear & Greed Index', 'XRPL Whale Tracker', 'News Feeds');
    DROP INDEX fear_greed_index_timestamp_idx;
    DROP INDEX api_sync_logs_in_progress_idx;
    ALTER TABLE api_sync_logs DROP COLUMN details;
    ALTER TABLE api_sources DROP COLUMN lease_owner, DROP COLUMN lease_expires_at;
  `.execute(db);
}
