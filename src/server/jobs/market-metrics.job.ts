import { mergeMarketChart } from '@/domain/market/history';
import type { MarketSnapshot } from '@/domain/market/metrics';
import { needsHistoryBackfill, storeMarketHistory, storeMarketSnapshot } from '../features/market';
import { fetchCoinGeckoMarketChart, fetchCoinGeckoSnapshot } from '../upstreams/coingecko';
import { fetchCoinPaprikaSnapshot } from '../upstreams/coinpaprika';
import type { SyncContext } from './job';
import { defineSourceJob } from './source-job';

const BACKFILL_DAYS = 365;

async function snapshotWithFallback(
  context: SyncContext,
): Promise<{ snapshot: MarketSnapshot; provider: string }> {
  try {
    return { snapshot: await fetchCoinGeckoSnapshot(context.env), provider: 'CoinGecko' };
  } catch (primary) {
    context.logger.warn({ err: primary }, 'CoinGecko failed; trying CoinPaprika');
    try {
      const snapshot = await fetchCoinPaprikaSnapshot(context.env);
      return { snapshot, provider: `CoinPaprika (CoinGecko failed: ${(primary as Error).message})` };
    } catch (fallback) {
      throw new Error(
        `CoinGecko: ${(primary as Error).message}; CoinPaprika: ${(fallback as Error).message}`,
        { cause: fallback },
      );
    }
  }
}

/** A year of daily history so the charts are never empty; a failure is reported, and retried next run. */
async function backfillHistory(context: SyncContext): Promise<string> {
  try {
    const chart = await fetchCoinGeckoMarketChart(context.env, BACKFILL_DAYS);
    const stored = await storeMarketHistory(context.db, mergeMarketChart(chart));
    context.logger.info({ points: stored }, 'market history backfilled');
    return `; backfilled ${stored} history points (${BACKFILL_DAYS} days)`;
  } catch (error) {
    context.logger.warn({ err: error }, 'market history backfill failed; the next sync retries');
    return `; history backfill failed (${(error as Error).message}), retried next sync`;
  }
}

/** One crypto_metrics row (and a history point) for XRP; the first run also backfills a year of history. */
export const marketMetricsJob = defineSourceJob({
  name: 'market-metrics',
  description: 'Syncs the XRP price and market figures (CoinGecko, CoinPaprika as fallback)',
  apiType: 'coingecko',
  sync: async (context) => {
    const { snapshot, provider } = await snapshotWithFallback(context);
    await storeMarketSnapshot(context.db, snapshot, new Date());
    const backfill = (await needsHistoryBackfill(context.db)) ? await backfillHistory(context) : '';
    return { recordsProcessed: 1, details: `Provider: ${provider}${backfill}` };
  },
});
