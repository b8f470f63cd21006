import type { Db } from '../db/client';
import type { Env } from '../env';
import type { Logger } from '../lib/logger';
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

/**
 * The server-side work one feed may take (parse, sanitise, store; not the network) before the sync
 * logs a warning naming it. A capped feed of 500 items takes well under a second.
 */
export const FEED_WORK_BUDGET_MS = 3_000;

const count = new Intl.NumberFormat('en-US');

interface FeedResult {
  feed: FeedRow;
  inserted: number;
  notModified: boolean;
  /** Set when the feed held more items than the per-fetch cap: the newest `kept` of `total` were read. */
  cut?: { kept: number; total: number };
  error?: string;
}

/** What the admin reads in the sync log when a feed was cut to its newest items. */
export const cutNote = (feedName: string, cut: { kept: number; total: number }) =>
  `${feedName}: kept the newest ${count.format(cut.kept)} of ${count.format(cut.total)} items`;

/** A pino warn line naming the feed when its work (parse + store) took longer than the budget. */
export function warnOverBudget(
  logger: Logger,
  work: {
    feed: string;
    items: number;
    itemsInFeed: number;
    inserted: number;
    parseMs: number;
    storeMs: number;
  },
  budgetMs = FEED_WORK_BUDGET_MS,
): boolean {
  const ms = Math.round(work.parseMs + work.storeMs);
  if (ms <= budgetMs) return false;
  logger.warn(
    { ...work, ms, parseMs: Math.round(work.parseMs), storeMs: Math.round(work.storeMs), budgetMs },
    'news feed sync over budget',
  );
  return true;
}

async function syncFeed(db: Db, env: Env, logger: Logger, feed: FeedRow): Promise<FeedResult> {
  try {
    const outcome = await readFeed(env, feed);
    const storing = performance.now();
    const inserted = await storeArticles(db, feed.id, outcome.articles);
    const storeMs = performance.now() - storing;
    await recordFeedRead(db, feed, outcome);
    warnOverBudget(logger, {
      feed: feed.name,
      items: outcome.itemsKept,
      itemsInFeed: outcome.itemsInFeed,
      inserted,
      parseMs: outcome.parseMs,
      storeMs,
    });
    const cut =
      outcome.itemsInFeed > outcome.itemsKept
        ? { kept: outcome.itemsKept, total: outcome.itemsInFeed }
        : undefined;
    if (cut)
      logger.warn(
        { feed: feed.name, items: cut.total, kept: cut.kept, max: env.NEWS_MAX_ITEMS_PER_FETCH },
        'news feed cut to its newest items',
      );
    return { feed, inserted, notModified: outcome.notModified, ...(cut ? { cut } : {}) };
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
    const results = await pool(feeds, CONCURRENCY, (feed) => syncFeed(db, env, logger, feed));
    const failed = results.filter((result) => result.error);
    for (const result of failed)
      logger.warn({ feed: result.feed.name, err: result.error }, 'news feed failed');
    const inserted = results.reduce((sum, result) => sum + result.inserted, 0);
    const unchanged = results.filter((result) => result.notModified).length;
    const cuts = results.flatMap((result) => (result.cut ? [cutNote(result.feed.name, result.cut)] : []));
    const summary =
      `${feeds.length} feeds: ${inserted} new articles` +
      (unchanged ? `, ${unchanged} unchanged (304)` : '') +
      (cuts.length ? `; ${cuts.join('; ')}` : '') +
      (failed.length
        ? `; ${failed.length} failed — ${failed.map((r) => `${r.feed.name}: ${r.error}`).join('; ')}`
        : '');
    if (failed.length === feeds.length) throw new Error(summary);
    return { recordsProcessed: inserted, details: summary };
  },
});
