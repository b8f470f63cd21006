import { z } from 'zod';
import { xrpDominance, type MarketSnapshot } from '@/domain/market/metrics';
import type { Env } from '../env';
import { fetchJson } from '../lib/outbound';
import { upstreamOptions, type UpstreamEnv } from './upstream-options';

const tickerSchema = z.object({
  rank: z.number().nullable().optional(),
  circulating_supply: z.number().nullable().optional(),
  total_supply: z.number().nullable().optional(),
  quotes: z.object({
    USD: z.object({
      price: z.number(),
      volume_24h: z.number().nullable().optional(),
      market_cap: z.number().nullable().optional(),
      percent_change_24h: z.number().nullable().optional(),
    }),
  }),
});

const globalSchema = z.object({ market_cap_usd: z.number() });

/** XRP's market snapshot from CoinPaprika: the fallback when CoinGecko fails. */
export async function fetchCoinPaprikaSnapshot(
  env: Pick<Env, 'COINPAPRIKA_API_BASE'> & UpstreamEnv,
): Promise<MarketSnapshot> {
  const ticker = await fetchJson(
    `${env.COINPAPRIKA_API_BASE}/v1/tickers/xrp-xrp`,
    tickerSchema,
    upstreamOptions(env),
  );
  const global = await fetchJson(`${env.COINPAPRIKA_API_BASE}/v1/global`, globalSchema, upstreamOptions(env));
  const usd = ticker.quotes.USD;
  return {
    price: usd.price,
    priceChangePercent24h: usd.percent_change_24h ?? null,
    marketCap: usd.market_cap ?? null,
    rank: ticker.rank ?? null,
    volume24h: usd.volume_24h ?? null,
    circulatingSupply: ticker.circulating_supply ?? null,
    totalSupply: ticker.total_supply ?? null,
    dominance: xrpDominance({
      mapPercent: undefined,
      marketCap: usd.market_cap,
      totalMarketCap: global.market_cap_usd,
    }),
  };
}
