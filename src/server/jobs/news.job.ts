import { sql } from 'kysely';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { readFeed, storeArticles, type FeedRow } from '../features/news';
import type { SyncJob } from './job';

/** Feeds fetched at once: enough to hide latency, few enough to be polite to one host carrying several. */
const CONCURRENCY = 6;
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

interface FeedResult {
  feed: FeedRow;
  inserted: number;
  notModified: boolean;
  error?: string;
}

async function syncFeed(db: Db, env: Env, feed: FeedRow): Promise<FeedResult> {
  try {
    const outcome = await readFeed(env, feed);
    const inserted = await storeArticles(db, feed.id, outcome.articles);
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
    return { feed, inserted, notModified: outcome.notModified };
  } catch (error) {
    const message = (error as Error).message.slice(0, 500);
    await db
      .updateTable('rss_feeds')
      .set({ last_fetched_at: new Date(), last_error: message })
      .where('id', '=', feed.id)
      .execute();
    return { feed, inserted: 0, notModified: false, error: message };
  }
}

/** Runs `task` over `items` with at most `limit` at a time. */
async function pool<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  });
  await Promise.all(workers);
  return results;
}

/**
 * fetch-news: every enabled feed, a few at a time. A failing feed records its error on the feed and in
 * the sync's details and never stops the others; the sync fails only when every feed failed.
 */
export const newsJob: SyncJob = {
  apiType: 'news',
  run: async ({ db, env, logger }) => {
    await ensureDefaultFeeds(db, env);
    const feeds = await db
      .selectFrom('rss_feeds')
      .selectAll()
      .where('enabled', '=', true)
      .orderBy('created_at')
      .execute();
    if (feeds.length === 0) return { recordsProcessed: 0, details: 'No enabled feeds' };
    const results = await pool(feeds, CONCURRENCY, (feed) => syncFeed(db, env, feed));
    const failed = results.filter((result) => result.error);
    for (const result of failed)
      logger.warn({ feed: result.feed.name, err: result.error }, 'news feed failed');
    const inserted = results.reduce((sum, result) => sum + result.inserted, 0);
    const unchanged = results.filter((result) => result.notModified).length;
    const summary =
      `${feeds.length} feeds: ${inserted} new articles` +
      (unchanged ? `, ${unchanged} unchanged (304)` : '') +
      (failed.length
        ? `; ${failed.length} failed — ${failed.map((r) => `${r.feed.name}: ${r.error}`).join('; ')}`
        : '');
    if (failed.length === feeds.length) throw new Error(summary);
    return { recordsProcessed: inserted, details: summary };
  },
};
