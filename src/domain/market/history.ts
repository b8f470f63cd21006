import { z } from 'zod';

export const historyRangeSchema = z.enum(['1d', '7d', '30d', '90d', '1y']);
export type HistoryRange = z.infer<typeof historyRangeSchema>;
export const historySeriesSchema = z.enum(['price', 'market_cap', 'volume', 'dominance']);
export type HistorySeries = z.infer<typeof historySeriesSchema>;

export const rangeDays: Record<HistoryRange, number> = { '1d': 1, '7d': 7, '30d': 30, '90d': 90, '1y': 365 };
export const MAX_CHART_POINTS = 500;

export type Point = [time: number, value: number];

/**
 * At most `max` points spread evenly over time: the series is cut into `max` time buckets and each
 * keeps its last point, so the newest value is always there and gaps stay gaps.
 */
export function downsample(points: readonly Point[], max = MAX_CHART_POINTS): Point[] {
  if (points.length <= max) return [...points];
  const first = points[0]![0];
  const last = points[points.length - 1]![0];
  const width = (last - first) / max || 1;
  const buckets = new Map<number, Point>();
  for (const point of points) buckets.set(Math.min(max - 1, Math.floor((point[0] - first) / width)), point);
  return [...buckets.values()];
}

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
