import { sql } from 'kysely';
import { rangeDays, seriesBucketMs, type HistoryRange } from '@/domain/market/history';
import type { Db, Trx } from '../db/client';

/** Reads of the stored XRP price history that several features show (charts, portfolio, analysis). */

/**
 * The stored XRP prices over `range` as the charts show them: the points of
 * `getHistory(db, 'price', range)` — the last record of each time bucket, at its own time in whole
 * seconds — with the bucketing done by the database, one index probe per bucket. Reading every
 * record of the range and bucketing here moved a year of 5-minute syncs (105,000 rows) per request.
 */
export async function getPriceBuckets(
  db: Db,
  range: Exclude<HistoryRange, 'all'>,
): Promise<{ at: string; priceUsd: number }[]> {
  const start = new Date(Date.now() - rangeDays[range] * 86_400_000);
  const stored = db
    .selectFrom('market_history')
    .where('symbol', '=', 'XRP')
    .where('price', 'is not', null)
    .where('ts', '>=', start);
  const span = await stored
    .select((eb) => [eb.fn.min('ts').as('first'), eb.fn.max('ts').as('last')])
    .executeTakeFirst();
  if (!span?.first || !span.last) return [];
  const [first, last] = [new Date(span.first).getTime(), new Date(span.last).getTime()];
  // The same grid as getHistory's (widened only past MAX_BUCKETS), from the same first and last.
  const width = seriesBucketMs(
    [
      [first, 0],
      [last, 0],
    ],
    range,
  );
  // A bucket holds the times whose milliseconds floor to it: [bucket × width, (bucket + 1) × width).
  const { rows } = await sql<{ ts: Date; price: string }>`
    SELECT latest.ts, latest.price
    FROM generate_series(${Math.floor(first / width)}::bigint, ${Math.floor(last / width)}::bigint) AS bucket
    CROSS JOIN LATERAL (
      SELECT ts, price FROM market_history
      WHERE symbol = 'XRP' AND price IS NOT NULL
        AND ts >= greatest(${start}::timestamptz, to_timestamp(bucket * ${width}::bigint / 1000))
        AND ts < to_timestamp((bucket + 1) * ${width}::bigint / 1000)
      ORDER BY ts DESC
      LIMIT 1
    ) AS latest
    ORDER BY bucket`.execute(db);
  return rows.map((row) => ({
    at: new Date(Math.floor(row.ts.getTime() / 1000) * 1000).toISOString(),
    priceUsd: Number(row.price),
  }));
}

/** The first moment with a stored XRP price, or null before the first sync. */
export async function firstPriceAt(db: Db | Trx): Promise<Date | null> {
  const result = await sql<{ first: Date | string | null }>`
    SELECT least(
      (SELECT min(ts) FROM market_history WHERE symbol = 'XRP'),
      (SELECT min(created_at) FROM crypto_metrics WHERE symbol = 'XRP')) AS first`.execute(db);
  const first = result.rows[0]?.first;
  return first ? new Date(first) : null;
}
