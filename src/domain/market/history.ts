import { z } from 'zod';

export const historyRangeSchema = z.enum(['1d', '7d', '30d', '90d', '1y', 'all']);
export type HistoryRange = z.infer<typeof historyRangeSchema>;
export const historySeriesSchema = z.enum(['price', 'market_cap', 'volume', 'dominance']);
export type HistorySeries = z.infer<typeof historySeriesSchema>;

/** How far back each range reaches (All: everything stored). */
export const rangeDays: Record<HistoryRange, number> = {
  '1d': 1,
  '7d': 7,
  '30d': 30,
  '90d': 90,
  '1y': 365,
  all: Number.POSITIVE_INFINITY,
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** One point per bucket: 5 minutes for a day, hours for a week or a month, days beyond. */
export const bucketMs: Record<HistoryRange, number> = {
  '1d': 5 * MINUTE,
  '7d': HOUR,
  '30d': 4 * HOUR,
  '90d': DAY,
  '1y': DAY,
  all: DAY,
};

/**
 * A chart series from stored records (every sync's row and the backfilled daily history): one point
 * per time bucket, stamped with the bucket's start (UTC) and holding the bucket's last value (its
 * close). Times are strictly increasing whole seconds, as a chart needs; a bucket with no record
 * stays a gap. Longer than `max` buckets (All over many years), buckets widen by whole days.
 */
export function bucketSeries(points: readonly Point[], range: HistoryRange, max = 2000): Point[] {
  if (points.length === 0) return [];
  let width = bucketMs[range];
  const span = points[points.length - 1]![0] - points[0]![0];
  if (span / width > max) width = Math.ceil(span / max / DAY) * DAY;
  const buckets = new Map<number, number>();
  for (const [time, value] of points) buckets.set(Math.floor(time / width) * width, value);
  return [...buckets.entries()].sort((a, b) => a[0] - b[0]);
}

export type Point = [time: number, value: number];

/** CoinGecko's market_chart: three series of [ms, value], merged by timestamp. */
export function mergeMarketChart(chart: { prices: Point[]; market_caps: Point[]; total_volumes: Point[] }) {
  const rows = new Map<
    number,
    { ts: number; price: number | null; marketCap: number | null; volume: number | null }
  >();
  const row = (ts: number) => {
    let existing = rows.get(ts);
    if (!existing) rows.set(ts, (existing = { ts, price: null, marketCap: null, volume: null }));
    return existing;
  };
  for (const [ts, value] of chart.prices) row(ts).price = value;
  for (const [ts, value] of chart.market_caps) row(ts).marketCap = value;
  for (const [ts, value] of chart.total_volumes) row(ts).volume = value;
  return [...rows.values()].sort((a, b) => a.ts - b.ts);
}

/** The chart series query of /api/market/history and /api/v1/metrics/history. */
export const historyQuerySchema = z.object({
  series: historySeriesSchema.default('price'),
  range: historyRangeSchema.default('30d'),
});
