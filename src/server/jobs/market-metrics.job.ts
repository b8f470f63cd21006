import { mergeMarketChart } from '@/domain/market/history';
import { velocity, type MarketSnapshot } from '@/domain/market/metrics';
import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';
import { fetchCoinGeckoMarketChart, fetchCoinGeckoSnapshot } from '../upstreams/coingecko';
import { fetchCoinPaprikaSnapshot } from '../upstreams/coinpaprika';
import type { JobContext, SyncJob } from './job';

const BACKFILL_DAYS = 365;

async function snapshotWithFallback(
  context: JobContext,
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

/** True when the charts have no history older than two days (first run, or a backfill that failed). */
async function needsBackfill(db: Db): Promise<boolean> {
  const old = await db
    .selectFrom('market_history')
    .select('ts')
    .where('symbol', '=', 'XRP')
    .where('ts', '<', new Date(Date.now() - 2 * 86_400_000))
    .limit(1)
    .executeTakeFirst();
  return !old;
}

/** A year of daily history so the charts are never empty; a failure is reported, and retried next run. */
async function backfillHistory(context: JobContext, logger: Logger): Promise<string> {
  try {
    const chart = await fetchCoinGeckoMarketChart(context.env, BACKFILL_DAYS);
    const rows = mergeMarketChart(chart).map((point) => ({
      symbol: 'XRP',
      ts: new Date(point.ts),
      price: point.price,
      market_cap: point.marketCap,
      volume_24h: point.volume,
    }));
    await context.db.transaction().execute(async (trx) => {
      for (let start = 0; start < rows.length; start += 1000) {
        await trx
          .insertInto('market_history')
          .values(rows.slice(start, start + 1000))
          .onConflict((conflict) => conflict.columns(['symbol', 'ts']).doNothing())
          .execute();
      }
    });
    logger.info({ points: rows.length }, 'market history backfilled');
    return `; backfilled ${rows.length} history points (${BACKFILL_DAYS} days)`;
  } catch (error) {
    logger.warn({ err: error }, 'market history backfill failed; the next sync retries');
    return `; history backfill failed (${(error as Error).message}), retried next sync`;
  }
}

/** One crypto_metrics row (and a history point) for XRP; the first run also backfills a year of history. */
export const marketMetricsJob: SyncJob = {
  apiType: 'coingecko',
  run: async (context) => {
    const { db, logger } = context;
    const { snapshot, provider } = await snapshotWithFallback(context);
    const now = new Date();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('crypto_metrics')
        .values({
          symbol: 'XRP',
          price: snapshot.price,
          price_change_24h: snapshot.priceChangePercent24h,
          market_cap: snapshot.marketCap,
          rank: snapshot.rank,
          volume_24h: snapshot.volume24h,
          circulating_supply: snapshot.circulatingSupply,
          total_supply: snapshot.totalSupply,
          xrp_dominance: snapshot.dominance,
          velocity: velocity(snapshot.volume24h, snapshot.marketCap),
          created_at: now,
        })
        .execute();
      await trx
        .insertInto('market_history')
        .values({
          symbol: 'XRP',
          ts: now,
          price: snapshot.price,
          market_cap: snapshot.marketCap,
          volume_24h: snapshot.volume24h,
          xrp_dominance: snapshot.dominance,
        })
        .onConflict((conflict) => conflict.columns(['symbol', 'ts']).doNothing())
        .execute();
    });
    const backfill = (await needsBackfill(db)) ? await backfillHistory(context, logger) : '';
    return { recordsProcessed: 1, details: `Provider: ${provider}${backfill}` };
  },
};
