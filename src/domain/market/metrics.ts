/** Total XRP supply is shown as 100B. */
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

/** Velocity: 24h turnover, volume divided by market cap (a ratio; the card shows it as a percent). */
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

/** Fear & greed colours, as tokens the web maps to its palette. */
export const fearGreedTone = {
  'Extreme Fear': 'red',
  Fear: 'orange',
  Neutral: 'yellow',
  Greed: 'lime',
  'Extreme Greed': 'green',
} as const;

/** How a figure 24 hours back was found: a stored record at that time, or read between two records. */
export type ComparisonBasis = 'record' | 'interpolated';

/** A record counts as "at" a time when it is at most this much older (syncs run every few minutes). */
export const RECORD_TOLERANCE_MS = 60 * 60_000;
/** Two records farther apart than this are not read between: the daily history's spacing, with room. */
export const MAX_INTERPOLATION_GAP_MS = 2 * 86_400_000;

/**
 * A series' value at `target`, from records sorted by time: the record at or before it (within the
 * tolerance), else the straight line between the records on either side of it (no farther apart than
 * a couple of days: the backfilled daily history), else null — never a record from another time.
 */
export function valueAt(
  points: readonly (readonly [time: number, value: number])[],
  target: number,
): { value: number; at: number; basis: ComparisonBasis } | null {
  let before: readonly [number, number] | undefined;
  let after: readonly [number, number] | undefined;
  for (const point of points) {
    if (point[0] <= target) before = point;
    else {
      after = point;
      break;
    }
  }
  if (before && target - before[0] <= RECORD_TOLERANCE_MS)
    return { value: before[1], at: before[0], basis: 'record' };
  if (before && after && after[0] - before[0] <= MAX_INTERPOLATION_GAP_MS) {
    const share = (target - before[0]) / (after[0] - before[0]);
    return { value: before[1] + (after[1] - before[1]) * share, at: target, basis: 'interpolated' };
  }
  return null;
}
