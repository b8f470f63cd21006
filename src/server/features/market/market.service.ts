import { sql } from 'kysely';
import {
  bucketCandles,
  bucketSeries,
  seriesBucketMs,
  rangeDays,
  type HistoryRange,
  type HistorySeries,
  type Point,
} from '@/domain/market/history';
import type {
  ChartHistoryView,
  FearGreedView,
  HistoryView,
  MetricsView,
} from '@/domain/market/market.schema';
import { MAX_INTERPOLATION_GAP_MS, valueAt, velocity } from '@/domain/market/metrics';
import { toMetricsDto } from '@/domain/market/metrics-record';
import type { Db } from '../../db/client';
import type { Database } from '../../db/schema';
import type { Selectable } from 'kysely';
import { sourceHealth } from '../../shared/source-health';

type FearGreedRow = Selectable<Database['fear_greed_index']>;

/**
 * The latest row for a symbol, and the figures truly 24 hours before it: not "the row before the
 * current one", which may be a sync minutes earlier labelled 24h. Each figure comes from the market
 * history — every sync's row plus the backfilled daily history — at that time, or read between the
 * records on either side; missing ones stay null, and with none at all there is no comparison.
 */
export async function getMetricsView(db: Db, symbol: string): Promise<MetricsView> {
  const latest = await db
    .selectFrom('crypto_metrics')
    .selectAll()
    .where('symbol', '=', symbol)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const source = await sourceHealth(db, 'coingecko', 'CoinGecko');
  if (!latest) return { latest: null, previous: null, source };

  const target = latest.created_at.getTime() - 24 * 3600_000;
  const rows = await db
    .selectFrom('market_history')
    .select(['ts', 'market_cap', 'volume_24h', 'xrp_dominance'])
    .where('symbol', '=', symbol)
    .where('ts', '>=', new Date(target - MAX_INTERPOLATION_GAP_MS))
    .where('ts', '<=', new Date(target + MAX_INTERPOLATION_GAP_MS))
    .orderBy('ts')
    .execute();
  const series = (column: 'market_cap' | 'volume_24h' | 'xrp_dominance') =>
    rows.flatMap((row) => (row[column] === null ? [] : [[row.ts.getTime(), Number(row[column])] as const]));
  const volume = valueAt(series('volume_24h'), target);
  const marketCap = valueAt(series('market_cap'), target);
  const dominance = valueAt(series('xrp_dominance'), target);
  const found = [volume, marketCap, dominance].filter((value) => value !== null);
  const basis = found.some((value) => value.basis === 'interpolated') ? 'interpolated' : 'record';
  // The time of the record compared with (a sync a few minutes before the 24-hour mark says so), or
  // the mark itself where the figure was read between two records.
  const comparedAt = basis === 'record' ? Math.min(...found.map((value) => value.at)) : target;
  const text = (value: number | null | undefined) => (value == null ? null : String(value));
  return {
    source,
    latest: toMetricsDto(latest),
    previous:
      found.length === 0
        ? null
        : {
            xrpDominance: text(dominance?.value),
            velocity: text(velocity(volume?.value, marketCap?.value)),
            volume24h: text(volume?.value),
            createdAt: new Date(comparedAt).toISOString(),
            basis,
          },
  };
}

function toPoint(row: FearGreedRow | undefined) {
  return row
    ? { value: row.value, classification: row.value_classification, timestamp: row.timestamp.toISOString() }
    : null;
}

/**
 * The latest reading; the readings 1, 7 and 30 days before it; yearly high and low over 365 days. The
 * days count back from the latest reading's own date, not from now: before today's reading is
 * fetched, "now minus a day" found the same reading as the latest and called it yesterday's.
 */
export async function getFearGreedView(db: Db): Promise<FearGreedView> {
  const latest = await db
    .selectFrom('fear_greed_index')
    .selectAll()
    .orderBy('timestamp', 'desc')
    .limit(1)
    .executeTakeFirst();
  const source = await sourceHealth(db, 'fear_greed', 'alternative.me');
  if (!latest)
    return {
      latest: null,
      history: { day1: null, day7: null, day30: null },
      yearHigh: null,
      yearLow: null,
      source,
    };
  const readingBefore = (daysAgo: number) =>
    db
      .selectFrom('fear_greed_index')
      .selectAll()
      .where('timestamp', '<=', new Date(latest.timestamp.getTime() - daysAgo * 86_400_000))
      .orderBy('timestamp', 'desc')
      .limit(1)
      .executeTakeFirst();
  const yearly = (direction: 'asc' | 'desc') =>
    db
      .selectFrom('fear_greed_index')
      .selectAll()
      .where('timestamp', '>=', sql<Date>`now() - interval '365 days'`)
      .orderBy('value', direction)
      .orderBy('timestamp', 'desc')
      .limit(1)
      .executeTakeFirst();
  return {
    source,
    latest: toPoint(latest),
    history: {
      day1: toPoint(await readingBefore(1)),
      day7: toPoint(await readingBefore(7)),
      day30: toPoint(await readingBefore(30)),
    },
    yearHigh: toPoint(await yearly('desc')),
    yearLow: toPoint(await yearly('asc')),
  };
}

const seriesColumn = {
  price: 'price',
  market_cap: 'market_cap',
  volume: 'volume_24h',
  dominance: 'xrp_dominance',
} as const;

/**
 * A series' stored records over a range, in time order. `since` is set when the history starts after
 * the range does, so the chart says "history since …" instead of stretching what there is over the
 * whole range.
 */
async function readSeries(
  db: Db,
  series: HistorySeries,
  range: HistoryRange,
): Promise<{ points: Point[]; since: string | null }> {
  const column = seriesColumn[series];
  const start = Number.isFinite(rangeDays[range]) ? Date.now() - rangeDays[range] * 86_400_000 : null;
  let query = db
    .selectFrom('market_history')
    .select(['ts', column])
    .where('symbol', '=', 'XRP')
    .where(column, 'is not', null);
  if (start !== null) query = query.where('ts', '>=', new Date(start));
  const rows = await query.orderBy('ts').execute();
  const points: Point[] = rows.map((row) => [
    row.ts.getTime(),
    Number((row as Record<string, unknown>)[column]),
  ]);
  // Short history: nothing of this series is stored from before the range starts.
  const earlier =
    start === null
      ? undefined
      : await db
          .selectFrom('market_history')
          .select('ts')
          .where('symbol', '=', 'XRP')
          .where(column, 'is not', null)
          .where('ts', '<', new Date(start))
          .limit(1)
          .executeTakeFirst();
  // All: the history always starts somewhere, and the chart says where.
  const first = points[0]?.[0];
  const since = !earlier && first !== undefined ? new Date(first).toISOString() : null;
  return { points, since };
}

/** A chart series over a range, one point per bucket (the public API's contract). */
export async function getHistory(db: Db, series: HistorySeries, range: HistoryRange): Promise<HistoryView> {
  return (await readView(db, series, range)).view;
}

async function readView(db: Db, series: HistorySeries, range: HistoryRange) {
  const { points, since } = await readSeries(db, series, range);
  const view: HistoryView = {
    series,
    range,
    points: bucketSeries(points, range),
    bucketMs: seriesBucketMs(points, range),
    since,
  };
  return { view, points };
}

/**
 * The web app's chart series: as `getHistory`, and for the price the candles made of the same
 * records (one read serves the line and the candles, so the toggle needs no second request).
 */
export async function getChartHistory(
  db: Db,
  series: HistorySeries,
  range: HistoryRange,
): Promise<ChartHistoryView> {
  const { view, points } = await readView(db, series, range);
  return {
    ...view,
    candles: series === 'price' ? bucketCandles(points, range) : null,
  };
}
