import { sql } from 'kysely';
import {
  downsample,
  rangeDays,
  type HistoryRange,
  type HistorySeries,
  type Point,
} from '@/domain/market/history';
import type { CryptoMetrics, FearGreedView, HistoryView, MetricsView } from '@/domain/market/market.schema';
import type { Db } from '../../db/client';
import type { Database } from '../../db/schema';
import type { Selectable } from 'kysely';

type MetricsRow = Selectable<Database['crypto_metrics']>;
type FearGreedRow = Selectable<Database['fear_greed_index']>;

export function toMetricsDto(row: MetricsRow): CryptoMetrics {
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

/**
 * SPEC §7: the latest row for a symbol, and for the 24h comparison the latest row at or before 24 hours
 * before it; if there is none, or its dominance or velocity is empty, the latest row before the current one.
 */
export async function getMetricsView(db: Db, symbol: string): Promise<MetricsView> {
  const latest = await db
    .selectFrom('crypto_metrics')
    .selectAll()
    .where('symbol', '=', symbol)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) return { latest: null, previous: null };

  const comparisonColumns = ['xrp_dominance', 'velocity', 'volume_24h', 'created_at'] as const;
  let previous = await db
    .selectFrom('crypto_metrics')
    .select(comparisonColumns)
    .where('symbol', '=', symbol)
    .where('created_at', '<=', new Date(latest.created_at.getTime() - 24 * 3600 * 1000))
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!previous || previous.xrp_dominance === null || previous.velocity === null) {
    previous = await db
      .selectFrom('crypto_metrics')
      .select(comparisonColumns)
      .where('symbol', '=', symbol)
      .where('created_at', '<', latest.created_at)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
  return {
    latest: toMetricsDto(latest),
    previous: previous
      ? {
          xrpDominance: previous.xrp_dominance,
          velocity: previous.velocity,
          volume24h: previous.volume_24h,
          createdAt: previous.created_at.toISOString(),
        }
      : null,
  };
}

function toPoint(row: FearGreedRow | undefined) {
  return row
    ? { value: row.value, classification: row.value_classification, timestamp: row.timestamp.toISOString() }
    : null;
}

/** SPEC §7: latest; the latest at or before 1, 7 and 30 days ago; yearly high and low over 365 days. */
export async function getFearGreedView(db: Db): Promise<FearGreedView> {
  const latestAtOrBefore = (daysAgo: number) =>
    db
      .selectFrom('fear_greed_index')
      .selectAll()
      .where('timestamp', '<=', sql<Date>`now() - make_interval(days => ${daysAgo})`)
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
  const latest = await db
    .selectFrom('fear_greed_index')
    .selectAll()
    .orderBy('timestamp', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    latest: toPoint(latest),
    history: {
      day1: toPoint(await latestAtOrBefore(1)),
      day7: toPoint(await latestAtOrBefore(7)),
      day30: toPoint(await latestAtOrBefore(30)),
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

/** A chart series over a range, downsampled on the server to at most 500 points. */
export async function getHistory(db: Db, series: HistorySeries, range: HistoryRange): Promise<HistoryView> {
  const column = seriesColumn[series];
  const rows = await db
    .selectFrom('market_history')
    .select(['ts', column])
    .where('symbol', '=', 'XRP')
    .where('ts', '>=', new Date(Date.now() - rangeDays[range] * 86_400_000))
    .where(column, 'is not', null)
    .orderBy('ts')
    .execute();
  const points: Point[] = rows.map((row) => [
    row.ts.getTime(),
    Number((row as Record<string, unknown>)[column]),
  ]);
  return { series, range, points: downsample(points) };
}
