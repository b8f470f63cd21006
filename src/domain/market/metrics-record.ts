import type { CryptoMetrics } from './market.schema';

/** A stored market snapshot as the database returns it (numerics as text, times as dates). */
export interface MetricsRecord {
  symbol: string;
  price: string;
  price_change_24h: string | null;
  market_cap: string | null;
  rank: number | null;
  volume_24h: string | null;
  circulating_supply: string | null;
  total_supply: string | null;
  xrp_dominance: string | null;
  velocity: string | null;
  created_at: Date;
}

/** The snapshot as pages, the live events and the public API carry it. */
export function toMetricsDto(row: MetricsRecord): CryptoMetrics {
  return {
    symbol: row.symbol,
    price: row.price,
    priceChange24h: row.price_change_24h,
    marketCap: row.market_cap,
    rank: row.rank,
    volume24h: row.volume_24h,
    circulatingSupply: row.circulating_supply,
    totalSupply: row.total_supply,
    xrpDominance: row.xrp_dominance,
    velocity: row.velocity,
    createdAt: row.created_at.toISOString(),
  };
}
