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
/**
 * One point per bucket, at the finest spacing the stored history holds for the range: the market
 * provider's series are 5-minute for the last day and hourly for the last 90 days, daily beyond.
 */
export const bucketMs: Record<HistoryRange, number> = {
  '1d': 5 * MINUTE,
  '7d': HOUR,
  '30d': HOUR,
  '90d': HOUR,
  '1y': DAY,
  all: DAY,
};

/** The most points one chart draws: 90 days of hours (2,160) fit; All over many years is widened. */
export const MAX_BUCKETS = 2200;

/**
 * Buckets of `base` ms, widened by whole days when more than `max` of them would cover the span
 * (All over many years): a chart of a decade stays a few thousand points.
 */
function bucketWidth(span: number, base: number, max: number): number {
  return span / base > max ? Math.ceil(span / max / DAY) * DAY : base;
}

/** The grid `bucketSeries` puts a range's points on (so a chart can space them by time). */
export function seriesBucketMs(points: readonly Point[], range: HistoryRange, max = MAX_BUCKETS): number {
  if (points.length === 0) return bucketMs[range];
  return bucketWidth(points[points.length - 1]![0] - points[0]![0], bucketMs[range], max);
}

/**
 * A chart series from stored records (every sync's row and the backfilled daily history), in time
 * order: one point per time bucket that holds a record — the bucket's last record, at that record's
 * own time (whole seconds), so a value is never shown at a moment before it was recorded. Times are
 * strictly increasing; a bucket with no record stays a gap. Longer than `max` buckets (All over many
 * years), buckets widen by whole days.
 */
export function bucketSeries(points: readonly Point[], range: HistoryRange, max = MAX_BUCKETS): Point[] {
  const width = seriesBucketMs(points, range, max);
  const buckets = new Map<number, Point>();
  for (const point of points) buckets.set(Math.floor(point[0] / width), point);
  return [...buckets.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, [time, value]]) => [Math.floor(time / 1000) * 1000, value]);
}

/** Points (in time order) as one per `width` bucket, the bucket's last value at the bucket's start. */
export function bucketPoints(points: readonly Point[], width: number): Point[] {
  const buckets = new Map<number, number>();
  for (const [time, value] of points) buckets.set(Math.floor(time / width) * width, value);
  return [...buckets.entries()].sort((a, b) => a[0] - b[0]);
}

/**
 * Candle widths. Syncs store a record every few minutes and the backfill one a day: hours for a day
 * (24 candles), 4 hours for a week (42), days beyond.
 */
export const candleBucketMs: Record<HistoryRange, number> = {
  '1d': HOUR,
  '7d': 4 * HOUR,
  '30d': DAY,
  '90d': DAY,
  '1y': DAY,
  all: DAY,
};

export interface Candle {
  /** The bucket's start, ms (UTC). */
  time: number;
  /** The previous bucket's close (XRP trades around the clock); the first record for the first. */
  open: number;
  high: number;
  low: number;
  /** The bucket's last record. */
  close: number;
  /** How many stored records the candle is made of (1: a flat candle from a single record). */
  records: number;
}

/**
 * Candles built from stored records, one per bucket that holds any (no invented candle for a gap),
 * strictly increasing. The market trades around the clock, so a candle opens where the previous one
 * closed: a day of the backfilled history (one record) still shows the day's move from close to
 * close, and its high and low are the most the stored records show. `bucketMs` is the width used,
 * so other series (volume) can be bucketed alike.
 */
export function bucketCandles(
  points: readonly Point[],
  range: HistoryRange,
  max = MAX_BUCKETS,
): { bucketMs: number; bars: Candle[] } {
  const sorted = [...points].sort((a, b) => a[0] - b[0]);
  if (sorted.length === 0) return { bucketMs: candleBucketMs[range], bars: [] };
  const width = bucketWidth(sorted[sorted.length - 1]![0] - sorted[0]![0], candleBucketMs[range], max);
  const bars: Candle[] = [];
  for (const [time, value] of sorted) {
    const start = Math.floor(time / width) * width;
    const bar = bars.at(-1);
    if (bar?.time === start) {
      bar.high = Math.max(bar.high, value);
      bar.low = Math.min(bar.low, value);
      bar.close = value;
      bar.records += 1;
    } else {
      const open = bar?.close ?? value;
      bars.push({
        time: start,
        open,
        high: Math.max(open, value),
        low: Math.min(open, value),
        close: value,
        records: 1,
      });
    }
  }
  return { bucketMs: width, bars };
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

/** Fear & Greed is daily: a day's range makes no chart, so its history starts at a week. */
export const fearGreedRangeSchema = historyRangeSchema.exclude(['1d']);
export type FearGreedRange = z.infer<typeof fearGreedRangeSchema>;

export const fearGreedHistoryQuerySchema = z.object({ range: fearGreedRangeSchema.default('1y') });

export interface FearGreedReading<Classification extends string = string> {
  /** ms */
  time: number;
  value: number;
  classification: Classification;
}

/**
 * One reading per UTC calendar day (alternative.me's day: it stamps each reading 00:00 UTC), the
 * day's last if ever two were stored, as `yyyy-mm-dd`, in increasing order.
 */
export function dailyReadings<Classification extends string>(
  readings: readonly FearGreedReading<Classification>[],
): { day: string; value: number; classification: Classification }[] {
  const days = new Map<string, FearGreedReading<Classification>>();
  for (const reading of [...readings].sort((a, b) => a.time - b.time))
    days.set(new Date(reading.time).toISOString().slice(0, 10), reading);
  return [...days.entries()].map(([day, { value, classification }]) => ({ day, value, classification }));
}
