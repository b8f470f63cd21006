import { sql } from 'kysely';
import {
  ANALYSIS_PAGE_SIZE,
  weekIsShown,
  weekKey,
  weekRange,
  weekStart,
  type WeekReport,
  type WeekSummary,
} from '@/domain/analysis/analysis.schema';
import type { Db } from '../../db/client';
import { firstPriceAt } from '../../shared/price-history';

/**
 * Market summaries of a time window from stored data: XRP prices (the backfilled market history and
 * the live metrics together), Fear & Greed, whale transfers and headlines. /analysis shows them per
 * ISO week; the weekly summary email uses the last seven days.
 */

const num = (value: string | number | null | undefined) =>
  value === null || value === undefined ? null : Number(value);

/** Every stored XRP price point from `start` (inclusive) to `end` (exclusive). */
const pricePoints = (start: Date, end: Date) => sql`
  SELECT ts AS at, price FROM market_history
    WHERE symbol = 'XRP' AND price IS NOT NULL AND ts >= ${start} AND ts < ${end}
  UNION ALL
  SELECT created_at AS at, price FROM crypto_metrics
    WHERE symbol = 'XRP' AND created_at >= ${start} AND created_at < ${end}`;

async function priceStats(db: Db, start: Date, end: Date): Promise<WeekSummary['price']> {
  const result = await sql<{
    open: string | null;
    close: string | null;
    high: string | null;
    low: string | null;
    before: string | null;
  }>`
    WITH p AS (${pricePoints(start, end)})
    SELECT
      (SELECT price FROM p ORDER BY at LIMIT 1) AS open,
      (SELECT price FROM p ORDER BY at DESC LIMIT 1) AS close,
      (SELECT max(price) FROM p) AS high,
      (SELECT min(price) FROM p) AS low,
      (SELECT price FROM (${pricePoints(new Date(start.getTime() - 7 * 86_400_000), start)}) b
        ORDER BY at DESC LIMIT 1) AS before`.execute(db);
  const row = result.rows[0];
  const close = num(row?.close);
  // The change since the last price before the window (the previous close), else since its first.
  const reference = num(row?.before) ?? num(row?.open);
  return {
    open: num(row?.open),
    close,
    high: num(row?.high),
    low: num(row?.low),
    changePercent: close !== null && reference ? ((close - reference) / reference) * 100 : null,
  };
}

async function dailyCloses(db: Db, start: Date, end: Date): Promise<NonNullable<WeekReport['daily']>> {
  const result = await sql<{ day: string; close: string }>`
    WITH p AS (${pricePoints(start, end)})
    SELECT DISTINCT ON (day) day, price AS close
    FROM (SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, at, price FROM p) d
    ORDER BY day, at DESC`.execute(db);
  return result.rows.map((row) => ({ day: row.day, close: Number(row.close) }));
}

async function fearGreedStats(db: Db, start: Date, end: Date): Promise<WeekSummary['fearGreed']> {
  const [average, latest] = await Promise.all([
    db
      .selectFrom('fear_greed_index')
      .select(sql<string | null>`avg(value)`.as('average'))
      .where('timestamp', '>=', start)
      .where('timestamp', '<', end)
      .executeTakeFirst(),
    db
      .selectFrom('fear_greed_index')
      .select(['value', 'value_classification'])
      .where('timestamp', '>=', start)
      .where('timestamp', '<', end)
      .orderBy('timestamp', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const mean = num(average?.average);
  return {
    average: mean === null ? null : Math.round(mean),
    latest: latest ? { value: latest.value, classification: latest.value_classification } : null,
  };
}

async function whaleStats(
  db: Db,
  start: Date,
  end: Date,
): Promise<{ count: number; volumeXrp: number; largestXrp: number | null }> {
  const row = await db
    .selectFrom('whale_transactions')
    .select([
      sql<string>`count(*)`.as('count'),
      sql<string | null>`sum(amount_xrp)`.as('volume'),
      sql<string | null>`max(amount_xrp)`.as('largest'),
    ])
    .where('transaction_timestamp', '>=', start)
    .where('transaction_timestamp', '<', end)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), volumeXrp: num(row.volume) ?? 0, largestXrp: num(row.largest) };
}

async function headlines(db: Db, start: Date, end: Date, limit: number): Promise<WeekReport['headlines']> {
  const rows = await db
    .selectFrom('news_articles')
    .select(['title', 'url', 'source_name', 'published_at'])
    .where('published_at', '>=', start)
    .where('published_at', '<', end)
    .orderBy('published_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    title: row.title,
    url: row.url,
    source: row.source_name,
    publishedAt: row.published_at.toISOString(),
  }));
}

/** Price, Fear & Greed, whales and the newest headlines of any window (the weekly email's seven days). */
export async function windowSummary(db: Db, start: Date, end: Date, headlineCount = 5) {
  const [price, fearGreed, whales, news] = await Promise.all([
    priceStats(db, start, end),
    fearGreedStats(db, start, end),
    whaleStats(db, start, end),
    headlines(db, start, end, headlineCount),
  ]);
  return { price, fearGreed, whales, headlines: news };
}

/** Who is asking: without Premium, the Premium parts are neither queried nor sent. */
export interface AnalysisAccess {
  isPremium: boolean;
  now?: Date;
}

async function weekSummary(db: Db, week: string, now: Date, isPremium: boolean): Promise<WeekSummary> {
  const range = weekRange(week);
  if (!range) throw new Error(`not a week: ${week}`);
  const [price, fearGreed, whales] = await Promise.all([
    priceStats(db, range.start, range.end),
    fearGreedStats(db, range.start, range.end),
    isPremium ? whaleStats(db, range.start, range.end) : null,
  ]);
  return {
    week,
    start: range.start.toISOString(),
    end: range.end.toISOString(),
    complete: range.end <= now,
    price,
    fearGreed,
    whales,
    locked: !isPremium,
  };
}

const WEEK = 7 * 86_400_000;

/** The weeks from the one in progress back to the first with a price, newest first, a page at a time. */
export async function listWeeks(db: Db, page: number, { isPremium, now = new Date() }: AnalysisAccess) {
  const first = await firstPriceAt(db);
  const current = weekStart(now).getTime();
  const total = first && first <= now ? Math.round((current - weekStart(first).getTime()) / WEEK) + 1 : 0;
  const keys: string[] = [];
  for (
    let index = (page - 1) * ANALYSIS_PAGE_SIZE;
    index < Math.min(total, page * ANALYSIS_PAGE_SIZE);
    index += 1
  )
    keys.push(weekKey(new Date(current - index * WEEK)));
  const weeks = await Promise.all(keys.map((week) => weekSummary(db, week, now, isPremium)));
  return { weeks, page, pageSize: ANALYSIS_PAGE_SIZE, total };
}

/** One week in full, or null for a week in the future or before the first stored price. */
export async function weekReport(
  db: Db,
  week: string,
  { isPremium, now = new Date() }: AnalysisAccess,
): Promise<WeekReport | null> {
  const range = weekRange(week);
  const first = await firstPriceAt(db);
  if (!range || !first || !weekIsShown(week, first, now)) return null;
  const [summary, daily, news] = await Promise.all([
    weekSummary(db, week, now, isPremium),
    isPremium ? dailyCloses(db, range.start, range.end) : null,
    headlines(db, range.start, range.end, 10),
  ]);
  return {
    ...summary,
    daily,
    headlines: news,
    previous: range.start > weekStart(first) ? weekKey(new Date(range.start.getTime() - WEEK)) : null,
    next: range.end <= now ? weekKey(range.end) : null,
  };
}
