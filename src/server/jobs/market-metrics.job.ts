import { mergeMarketChart } from '@/domain/market/history';
import type { MarketSnapshot } from '@/domain/market/metrics';
import { pendingHistoryBackfills, storeMarketHistory, storeMarketSnapshot } from '../features/market';
import { fetchCoinGeckoMarketChart, fetchCoinGeckoSnapshot, marketChartReads } from '../upstreams/coingecko';
import { fetchCoinPaprikaSnapshot } from '../upstreams/coinpaprika';
import type { SyncContext } from './job';
import { defineSourceJob } from './source-job';

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

/** "365 days daily", "1 day 5-minute": a read as the sync log names it. */
const describeRead = ({ days, spacing }: (typeof marketChartReads)[number]) =>
  `${days} ${days === 1 ? 'day' : 'days'} ${spacing}`;

/**
 * The history every chart range draws from, read from CoinGecko once: a year of daily points, 90
 * days of hourly ones and a day of 5-minute ones, so that a fresh install's 24H and 7D charts are as
 * full as its 1Y chart. Each read is stored (and marked done) as it arrives; the first to fail stops
 * the rest, and the next sync makes whatever is left, so a rate limit costs no more calls than needed.
 */
async function backfillHistory(context: SyncContext): Promise<string> {
  const pending = await pendingHistoryBackfills(
    context.db,
    marketChartReads.map((read) => read.days),
  );
  let stored = 0;
  const done: string[] = [];
  const summary = () => (done.length ? `; backfilled ${stored} history points (${done.join(', ')})` : '');
  for (const read of marketChartReads.filter((candidate) => pending.includes(candidate.days))) {
    try {
      const chart = await fetchCoinGeckoMarketChart(context.env, read.days);
      stored += await storeMarketHistory(context.db, read.days, mergeMarketChart(chart));
      done.push(describeRead(read));
    } catch (error) {
      context.logger.warn(
        { err: error, days: read.days },
        'market history backfill failed; the next sync retries',
      );
      return `${summary()}; history backfill of ${describeRead(read)} failed (${(error as Error).message}), retried next sync`;
    }
  }
  if (done.length) context.logger.info({ points: stored, reads: done }, 'market history backfilled');
  return summary();
}

/**
 * One crypto_metrics row (and a history point) for XRP; the first run also backfills the history
 * (a year daily, 90 days hourly, a day every 5 minutes).
 */
export const marketMetricsJob = defineSourceJob({
  name: 'market-metrics',
  description: 'Syncs the XRP price and market figures (CoinGecko, CoinPaprika as fallback)',
  apiType: 'coingecko',
  sync: async (context) => {
    const { snapshot, provider } = await snapshotWithFallback(context);
    await storeMarketSnapshot(context.db, snapshot, new Date());
    const backfill = await backfillHistory(context);
    return { recordsProcessed: 1, details: `Provider: ${provider}${backfill}` };
  },
});
