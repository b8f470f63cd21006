import { velocity, type MarketSnapshot } from '@/domain/market/metrics';
import { fetchCoinGeckoSnapshot } from '../upstreams/coingecko';
import { fetchCoinPaprikaSnapshot } from '../upstreams/coinpaprika';
import type { SyncJob } from './job';

/** One crypto_metrics row for XRP from CoinGecko, or from CoinPaprika when CoinGecko fails. */
export const marketMetricsJob: SyncJob = {
  apiType: 'coingecko',
  run: async ({ db, env, logger }) => {
    let snapshot: MarketSnapshot;
    let provider = 'CoinGecko';
    try {
      snapshot = await fetchCoinGeckoSnapshot(env);
    } catch (primary) {
      logger.warn({ err: primary }, 'CoinGecko failed; trying CoinPaprika');
      try {
        snapshot = await fetchCoinPaprikaSnapshot(env);
        provider = `CoinPaprika (CoinGecko failed: ${(primary as Error).message})`;
      } catch (fallback) {
        throw new Error(
          `CoinGecko: ${(primary as Error).message}; CoinPaprika: ${(fallback as Error).message}`,
          { cause: fallback },
        );
      }
    }
    await db
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
      })
      .execute();
    return { recordsProcessed: 1, details: `Provider: ${provider}` };
  },
};
