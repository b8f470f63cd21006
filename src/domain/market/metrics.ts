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
