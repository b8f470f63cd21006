/** SPEC §9: total XRP supply is shown as 100B. */
export const XRP_TOTAL_SUPPLY = 100_000_000_000;

/**
 * XRP's share of the whole market, in percent. CoinGecko's map holds only the top 10 coins; when XRP
 * is missing from it, dominance is XRP's market cap over the total.
 */
export function xrpDominance(input: {
  mapPercent: number | null | undefined;
  marketCap: number | null | undefined;
  totalMarketCap: number | null | undefined;
}): number | null {
  if (typeof input.mapPercent === 'number' && Number.isFinite(input.mapPercent)) return input.mapPercent;
  if (!input.marketCap || !input.totalMarketCap) return null;
  return (input.marketCap / input.totalMarketCap) * 100;
}

/** SPEC §2 velocity: 24h turnover, volume divided by market cap (a ratio; the card shows it as a percent). */
export function velocity(
  volume24h: number | null | undefined,
  marketCap: number | null | undefined,
): number | null {
  if (volume24h == null || !marketCap) return null;
  return volume24h / marketCap;
}

/** One market snapshot as the providers agree on it; numbers may be missing upstream. */
export interface MarketSnapshot {
  price: number;
  priceChangePercent24h: number | null;
  marketCap: number | null;
  rank: number | null;
  volume24h: number | null;
  circulatingSupply: number | null;
  totalSupply: number | null;
  dominance: number | null;
}

/** Percent change from `previous` to `current`; null when either is missing or previous is 0. */
export function changePercent(
  current: number | string | null | undefined,
  previous: number | string | null | undefined,
): number | null {
  const now = current == null || current === '' ? NaN : Number(current);
  const before = previous == null || previous === '' ? NaN : Number(previous);
  if (!Number.isFinite(now) || !Number.isFinite(before) || before === 0) return null;
  return ((now - before) / Math.abs(before)) * 100;
}

/** A figure older than twice its sync period is stale. */
export function isStale(
  createdAt: string | Date,
  syncPeriodMinutes: number,
  now: Date = new Date(),
): boolean {
  return now.getTime() - new Date(createdAt).getTime() > 2 * syncPeriodMinutes * 60_000;
}

/** SPEC §9 fear & greed colours, as tokens the web maps to its palette. */
export const fearGreedTone = {
  'Extreme Fear': 'red',
  Fear: 'orange',
  Neutral: 'yellow',
  Greed: 'lime',
  'Extreme Greed': 'green',
} as const;
