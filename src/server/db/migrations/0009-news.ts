import { sql, type Kysely } from 'kysely';

/**
 * News ingestion: articles remember their guid, plain text and feed; full-text search over title and
 * text (GIN); feeds remember their caching headers and last outcome. The default public feeds are
 * seeded; CryptoCompare is added at start-up when a key is configured (see ensureDefaultFeeds).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE news_articles
      ADD COLUMN guid text,
      ADD COLUMN body_text text NOT NULL DEFAULT '',
      ADD COLUMN feed_id uuid REFERENCES rss_feeds(id) ON DELETE SET NULL,
      ADD COLUMN search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(body_text, '')), 'B')
      ) STORED;
    CREATE UNIQUE INDEX news_articles_guid_key ON news_articles (guid) WHERE guid IS NOT NULL;
    CREATE INDEX news_articles_search_idx ON news_articles USING GIN (search);
    CREATE INDEX news_articles_categories_idx ON news_articles USING GIN (categories);
    CREATE INDEX news_articles_source_idx ON news_articles (source_name);

    ALTER TABLE rss_feeds
      ADD COLUMN etag text,
      ADD COLUMN last_modified text,
      ADD COLUMN last_fetched_at timestamptz,
      ADD COLUMN last_error text,
      ADD COLUMN last_item_count integer;
    CREATE UNIQUE INDEX rss_feeds_url_key ON rss_feeds (url);

    INSERT INTO rss_feeds (name, url, description, feed_type, category, enabled) VALUES
      ('Cointelegraph XRP', 'https://cointelegraph.com/rss/tag/xrp', 'Cointelegraph articles tagged XRP', 'rss', 'XRP', true),
      ('CoinDesk', 'https://www.coindesk.com/arc/outboundfeeds/rss/', 'CoinDesk, XRP-related articles only', 'rss', 'NEWS', true),
      ('Decrypt', 'https://decrypt.co/feed', 'Decrypt, XRP-related articles only', 'rss', 'NEWS', true)
    ON CONFLICT DO NOTHING;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX rss_feeds_url_key;
    ALTER TABLE rss_feeds DROP COLUMN etag, DROP COLUMN last_modified, DROP COLUMN last_fetched_at,
      DROP COLUMN last_error, DROP COLUMN last_item_count;
    ALTER TABLE news_articles DROP COLUMN search, DROP COLUMN feed_id, DROP COLUMN body_text, DROP COLUMN guid;
  `.execute(db);
}
