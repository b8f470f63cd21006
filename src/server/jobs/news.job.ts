import type { Db } from '../db/client';
import type { Env } from '../env';
import {
  enabledFeeds,
  ensureDefaultFeeds,
  readFeed,
  recordFeedError,
  recordFeedRead,
  storeArticles,
  type FeedRow,
} from '../features/news';
import { defineSourceJob } from './source-job';

/** Feeds fetched at once: enough to hide latency, few enough to be polite to one host carrying several. */
const CONCURRENCY = 6;

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
    await recordFeedRead(db, feed, outcome);
    return { feed, inserted, notModified: outcome.notModified };
  } catch (error) {
    const message = (error as Error).message.slice(0, 500);
    await recordFeedError(db, feed.id, message);
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
export const newsJob = defineSourceJob({
  name: 'news',
  description: 'Reads every enabled news feed (RSS, Atom, CryptoCompare), a few at a time',
  apiType: 'news',
  sync: async ({ db, env, logger }) => {
    await ensureDefaultFeeds(db, env);
    const feeds = await enabledFeeds(db);
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
});
