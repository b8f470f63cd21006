import { hasFearGreedHistory, storeFearGreed } from '../features/market';
import { fetchFearGreed } from '../upstreams/fear-greed';
import { defineSourceJob } from './source-job';

/** The latest Fear & Greed values; the first run backfills the whole history. Deduplicated by timestamp. */
export const fearGreedJob = defineSourceJob({
  name: 'fear-greed',
  description: 'Syncs the Crypto Fear & Greed index (alternative.me); the first run loads its history',
  apiType: 'fear_greed',
  sync: async ({ db, env }) => {
    const backfill = !(await hasFearGreedHistory(db));
    const entries = await fetchFearGreed(env, backfill ? 0 : 10);
    if (entries.length === 0) return { recordsProcessed: 0, details: 'No entries returned' };
    const inserted = await storeFearGreed(db, entries);
    return {
      recordsProcessed: inserted,
      details: backfill
        ? `Backfilled ${inserted} days of history`
        : `${entries.length} entries fetched, ${inserted} new`,
    };
  },
});
