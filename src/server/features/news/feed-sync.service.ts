import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import type { Article } from './articles';
import type { FeedOutcome, FeedRow } from './ingest';

/** The SQL of the news sync (jobs/news.job.ts): which feeds to read, how each read went, the new articles. */

const CRYPTOCOMPARE_SEEDED = 'news.cryptocompare_seeded';

/**
 * The CryptoCompare feed is a default only when a key is configured, and only once: an admin who
 * deletes it does not get it back.
 */
export async function ensureDefaultFeeds(db: Db, env: Pick<Env, 'CRYPTOCOMPARE_API_KEY'>): Promise<void> {
  if (!env.CRYPTOCOMPARE_API_KEY) return;
  await db.transaction().execute(async (trx) => {
    const claimed = await sql`
      INSERT INTO sync_state (key, value) VALUES (${CRYPTOCOMPARE_SEEDED}, 'true') ON CONFLICT (key) DO NOTHING RETURNING key
    `.execute(trx);
    if (claimed.rows.length === 0) return;
    await trx
      .insertInto('rss_feeds')
      .values({
        name: 'CryptoCompare News',
        url: 'https://min-api.cryptocompare.com/data/v2/news/?lang=EN&categories=XRP',
        description: 'XRP news from CryptoCompare',
        feed_type: 'cryptocompare',
        category: 'XRP',
        enabled: true,
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  });
}

export async function enabledFeeds(db: Db): Promise<FeedRow[]> {
  return db.selectFrom('rss_feeds').selectAll().where('enabled', '=', true).orderBy('created_at').execute();
}

/** A feed read: its validators for the next conditional request, and its item count (kept on a 304). */
export async function recordFeedRead(db: Db, feed: FeedRow, outcome: FeedOutcome): Promise<void> {
  await db
    .updateTable('rss_feeds')
    .set({
      etag: outcome.etag,
      last_modified: outcome.lastModified,
      last_fetched_at: new Date(),
      last_error: null,
      last_item_count: outcome.notModified ? feed.last_item_count : outcome.articles.length,
    })
    .where('id', '=', feed.id)
    .execute();
}

/** A failed read, shown on the feed in the admin's list; its last good articles stay. */
export async function recordFeedError(db: Db, feedId: string, message: string): Promise<void> {
  await db
    .updateTable('rss_feeds')
    .set({ last_fetched_at: new Date(), last_error: message })
    .where('id', '=', feedId)
    .execute();
}

/** Rows per INSERT: each chunk is its own short statement. */
export const STORE_CHUNK = 10;

/** Lets the queries and requests waiting behind a chunk run before the next one is sent. */
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Stores new articles; one already known by canonical URL or guid (from any feed) is skipped.
 * Returns how many were new. Rows go in chunks of STORE_CHUNK, one statement (one implicit
 * transaction) each, with a turn of the event loop between: on the single PGlite connection a reader
 * waits for one chunk at most, never for a whole feed.
 */
export async function storeArticles(
  db: Db,
  feedId: string | null,
  articles: readonly Article[],
): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < articles.length; start += STORE_CHUNK) {
    if (start > 0) await yieldTurn();
    const rows = articles.slice(start, start + STORE_CHUNK).map((article) => ({
      guid: article.guid,
      title: article.title,
      body: article.bodyHtml,
      body_text: article.bodyText,
      url: article.url,
      image_url: article.imageUrl,
      source_name: article.sourceName,
      categories: article.categories,
      published_at: article.publishedAt,
      dated: article.dated,
      feed_id: feedId,
    }));
    // One statement per chunk: rows conflicting with each other or with stored ones are skipped.
    const result = await sql<{ id: string }>`
      INSERT INTO news_articles (guid, title, body, body_text, url, image_url, source_name, categories, published_at, dated, feed_id)
      SELECT DISTINCT ON (r.url) r.guid, r.title, r.body, r.body_text, r.url, r.image_url, r.source_name, r.categories, r.published_at, r.dated, r.feed_id
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(
        guid text, title text, body text, body_text text, url text, image_url text, source_name text,
        categories text[], published_at timestamptz, dated boolean, feed_id uuid)
      ON CONFLICT DO NOTHING
      RETURNING id
    `.execute(db);
    inserted += result.rows.length;
  }
  return inserted;
}
