import { fetchFearGreed } from '../upstreams/fear-greed';
import type { SyncJob } from './job';

/** The latest Fear & Greed values; the first run backfills the whole history. Deduplicated by timestamp. */
export const fearGreedJob: SyncJob = {
  apiType: 'fear_greed',
  run: async ({ db, env }) => {
    const existing = await db.selectFrom('fear_greed_index').select('id').limit(1).executeTakeFirst();
    const backfill = !existing;
    const entries = await fetchFearGreed(env, backfill ? 0 : 10);
    if (entries.length === 0) return { recordsProcessed: 0, details: 'No entries returned' };
    const inserted = await db.transaction().execute(async (trx) => {
      let count = 0;
      for (let start = 0; start < entries.length; start += 1000) {
        const rows = entries.slice(start, start + 1000).map((entry) => ({
          value: entry.value,
          value_classification: entry.classification,
          timestamp: entry.timestamp,
        }));
        const result = await trx
          .insertInto('fear_greed_index')
          .values(rows)
          .onConflict((conflict) => conflict.column('timestamp').doNothing())
          .returning('id')
          .execute();
        count += result.length;
      }
      return count;
    });
    return {
      recordsProcessed: inserted,
      details: backfill
        ? `Backfilled ${inserted} days of history`
        : `${entries.length} entries fetched, ${inserted} new`,
    };
  },
};
