import { z } from 'zod';
import { sourceHealthSchema } from '../sync/sync.schema';
import { fearGreedClassificationSchema } from './fear-greed';

/** Decimal amounts travel as strings (numeric in SQL), so no digit is lost on the way. */
const decimal = z.string().nullable();

export const cryptoMetricsSchema = z
  .object({
    symbol: z.string(),
    price: z.string(),
    /** Percent change over 24 h. */
    priceChange24h: decimal,
    marketCap: decimal,
    rank: z.number().nullable(),
    volume24h: decimal,
    circulatingSupply: decimal,
    totalSupply: decimal,
    /** Percent of the whole crypto market. */
    xrpDominance: decimal,
    /** Volume ÷ market cap (a ratio; shown as a percent). */
    velocity: decimal,
    createdAt: z.string(),
  })
  .meta({ id: 'CryptoMetrics' });
export type CryptoMetrics = z.infer<typeof cryptoMetricsSchema>;

/**
 * The figures 24 hours before the latest: each from the stored record at that time, or read between
 * the records on either side (the backfilled daily history); null where neither exists.
 */
export const metricsComparisonSchema = z
  .object({
    xrpDominance: decimal,
    velocity: decimal,
    volume24h: decimal,
    /** The time compared with: 24 hours before the latest record. */
    createdAt: z.string(),
    /** 'interpolated' when any figure was read between two records rather than found at that time. */
    basis: z.enum(['record', 'interpolated']),
  })
  .meta({ id: 'MetricsComparison' });

export const metricsViewSchema = z
  .object({
    latest: cryptoMetricsSchema.nullable(),
    previous: metricsComparisonSchema.nullable(),
    /** The market data source's record: with no figures yet, whether and since when it fails. */
    source: sourceHealthSchema,
  })
  .meta({ id: 'MetricsView' });
export type MetricsView = z.infer<typeof metricsViewSchema>;

export const fearGreedPointSchema = z
  .object({ value: z.number(), classification: fearGreedClassificationSchema, timestamp: z.string() })
  .meta({ id: 'FearGreedPoint' });

export const fearGreedViewSchema = z
  .object({
    latest: fearGreedPointSchema.nullable(),
    history: z.object({
      day1: fearGreedPointSchema.nullable(),
      day7: fearGreedPointSchema.nullable(),
      day30: fearGreedPointSchema.nullable(),
    }),
    yearHigh: fearGreedPointSchema.nullable(),
    yearLow: fearGreedPointSchema.nullable(),
    /** The index source's record: with no reading yet, whether and since when it fails. */
    source: sourceHealthSchema,
  })
  .meta({ id: 'FearGreedView' });
export type FearGreedView = z.infer<typeof fearGreedViewSchema>;

export const historyViewSchema = z
  .object({
    series: z.enum(['price', 'market_cap', 'volume', 'dominance']),
    range: z.enum(['1d', '7d', '30d', '90d', '1y', 'all']),
    /**
     * [time in ms, value]: one per bucket that holds a record — its last record, at that record's
     * own time (whole seconds) — strictly increasing.
     */
    points: z.array(z.tuple([z.number(), z.number()])),
    /** The bucket grid of `points`, in ms (5 min for 24H … a day beyond), to space them by time. */
    bucketMs: z.number(),
    /** When stored history starts later than the range (or always, for All): its first record. */
    since: z.string().nullable(),
  })
  .meta({ id: 'HistoryView' });
export type HistoryView = z.infer<typeof historyViewSchema>;

export const candleSchema = z
  .object({
    /** The bucket's start, ms (UTC). */
    time: z.number(),
    /** The bucket's first stored record. */
    open: z.number(),
    high: z.number(),
    low: z.number(),
    /** The bucket's last stored record. */
    close: z.number(),
    /** How many stored records make the candle (1: flat, from a single record). */
    records: z.number().int(),
  })
  .meta({ id: 'Candle' });

/** The web app's chart series: the series, and for the price its candles from the same records. */
export const chartHistoryViewSchema = historyViewSchema
  .extend({
    /** Price only (null for other series): one candle per bucket holding a stored record. */
    candles: z
      .object({
        /** The candle width in ms (hours for 24H, 4 hours for 7D, days beyond). */
        bucketMs: z.number(),
        bars: z.array(candleSchema),
      })
      .nullable(),
  })
  .meta({ id: 'ChartHistoryView' });
export type ChartHistoryView = z.infer<typeof chartHistoryViewSchema>;

export const fearGreedHistoryViewSchema = z
  .object({
    range: z.enum(['7d', '30d', '90d', '1y', 'all']),
    /** One reading per UTC day (alternative.me's day), increasing. */
    points: z.array(
      z.object({
        /** yyyy-mm-dd: the UTC calendar day the reading belongs to. */
        day: z.string(),
        value: z.number(),
        classification: fearGreedClassificationSchema,
      }),
    ),
    /** When stored readings start later than the range: the first one's timestamp (the chart says so). */
    since: z.string().nullable(),
  })
  .meta({ id: 'FearGreedHistoryView' });
export type FearGreedHistoryView = z.infer<typeof fearGreedHistoryViewSchema>;
