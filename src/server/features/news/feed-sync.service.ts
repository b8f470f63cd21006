import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import type { FeedOutcome, FeedRow } from './ingest';

/** The SQL of the news sync (jobs/news.job.ts): which feeds to read, and how each read went. */

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
