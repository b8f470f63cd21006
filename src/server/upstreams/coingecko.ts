import { z } from 'zod';
import { xrpDominance, type MarketSnapshot } from '@/domain/market/metrics';
import type { Env } from '../env';
import { fetchJson, UpstreamError } from '../lib/outbound';
import { upstreamOptions, type UpstreamEnv } from './upstream-options';

const nullableNumber = z.number().nullable().optional();

const marketsSchema = z.array(
  z.object({
    id: z.string(),
    current_price: z.number().nullable(),
    price_change_percentage_24h: nullableNumber,
    market_cap: nullableNumber,
    market_cap_rank: nullableNumber,
    total_volume: nullableNumber,
    circulating_supply: nullableNumber,
    total_supply: nullableNumber,
  }),
);

const globalSchema = z.object({
  data: z.object({
    total_market_cap: z.record(z.string(), z.number()),
    market_cap_percentage: z.record(z.string(), z.number()),
  }),
});

type CoinGeckoEnv = Pick<Env, 'COINGECKO_API_BASE' | 'COINGECKO_API_KEY'> & UpstreamEnv;

function options(env: CoinGeckoEnv) {
  return upstreamOptions(env, env.COINGECKO_API_KEY ? { 'x-cg-demo-api-key': env.COINGECKO_API_KEY } : {});
}

/** XRP's market snapshot from CoinGecko: /coins/markets for the coin, /global for dominance. */
export async function fetchCoinGeckoSnapshot(env: CoinGeckoEnv): Promise<MarketSnapshot> {
  const base = env.COINGECKO_API_BASE;
  const markets = await fetchJson(
    `${base}/coins/markets?vs_currency=usd&ids=ripple&price_change_percentage=24h`,
    marketsSchema,
    options(env),
  );
  const coin = markets.find((entry) => entry.id === 'ripple');
  if (!coin) throw new UpstreamError('CoinGecko returned no entry for ripple');
  if (coin.current_price == null) throw new UpstreamError('CoinGecko returned no price for XRP');
  const global = await fetchJson(`${base}/global`, globalSchema, options(env));
  return {
    price: coin.current_price,
    priceChangePercent24h: coin.price_change_percentage_24h ?? null,
    marketCap: coin.market_cap ?? null,
    rank: coin.market_cap_rank ?? null,
    volume24h: coin.total_volume ?? null,
    circulatingSupply: coin.circulating_supply ?? null,
    totalSupply: coin.total_supply ?? null,
    dominance: xrpDominance({
      mapPercent: global.data.market_cap_percentage.xrp,
      marketCap: coin.market_cap,
      totalMarketCap: global.data.total_market_cap.usd,
    }),
  };
}

const pointSchema = z.tuple([z.number(), z.number().nullable()]);
const chartSchema = z.object({
  prices: z.array(pointSchema),
  market_caps: z.array(pointSchema),
  total_volumes: z.array(pointSchema),
});

/**
 * The reads of /coins/ripple/market_chart that together give every chart range its finest points,
 * widest first. Asked without `interval`, CoinGecko spaces the points by how far back it reaches:
 * 5 minutes for one day, an hour for 2 to 90 days, a day (00:00 UTC) beyond. Three calls, well within
 * the free tier's rate limit.
 */
export const marketChartReads = [
  { days: 365, spacing: 'daily' },
  { days: 90, spacing: 'hourly' },
  { days: 1, spacing: '5-minute' },
] as const;

/**
 * XRP's price, market cap and volume over the last `days` from /coins/ripple/market_chart, at the
 * spacing CoinGecko picks for that span (see `marketChartReads`).
 */
export async function fetchCoinGeckoMarketChart(env: CoinGeckoEnv, days: number) {
  const chart = await fetchJson(
    `${env.COINGECKO_API_BASE}/coins/ripple/market_chart?vs_currency=usd&days=${days}`,
    chartSchema,
    { ...options(env), maxBytes: 16 * 1024 * 1024, timeoutMs: 30_000 },
  );
  const clean = (points: z.infer<typeof pointSchema>[]) =>
    points.filter((point): point is [number, number] => point[1] !== null);
  return {
    prices: clean(chart.prices),
    market_caps: clean(chart.market_caps),
    total_volumes: clean(chart.total_volumes),
  };
}
