import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryRange, HistorySeries } from '@/domain/market/history';
import type { ChartHistoryView } from '@/domain/market/market.schema';
import { createFakeMarketChart, type MarketChart } from '../../../tests/support/fake-market-chart';
import { startFakeUpstreams, type FakeUpstreams } from '../../../tests/support/fake-upstreams';
import { json } from '../../../tests/support/fixture-server';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let fakes: FakeUpstreams;
let app: TestApp;
let premium: string;
/** The `days` of every market_chart request, in order. */
let asked: string[] = [];
/** A `days` value the fake CoinGecko refuses with a rate limit (429, come back in two minutes). */
let rateLimited: string | null = null;
/** The fake CoinGecko's history the app reads. */
const upstreamHistory = createFakeMarketChart();

beforeAll(async () => {
  fakes = await startFakeUpstreams({ mode: 'recorded' });
  fakes.upstream.route('/cg/coins/ripple/market_chart', (request, response) => {
    const days = new URL(request.url ?? '/', 'http://x').searchParams.get('days') ?? '';
    asked.push(days);
    if (days === rateLimited)
      return json({ status: { error_code: 429 } }, 429, { 'retry-after': '120' })(request, response);
    return upstreamHistory.handler(request, response);
  });
  app = await createTestApp({ env: fakes.env });
  premium = (await app.signedInUser({ plan: 'premium' })).cookie;
});
afterAll(async () => {
  await app?.close();
  await fakes?.close();
});

async function sync() {
  asked = [];
  const outcome = await app.syncSource('coingecko');
  if (outcome.status === 'skipped') throw new Error('the sync was skipped');
  expect(outcome.status).toBe('success');
  return outcome.log.details ?? '';
}

/** A chart series as the web app reads it: the premium route behind the Price Chart. */
async function chart(range: HistoryRange, series: HistorySeries = 'price'): Promise<ChartHistoryView> {
  const response = await app.client(premium).market.history.$get({ query: { series, range } });
  expect(response.status).toBe(200);
  return (await response.json()) as ChartHistoryView;
}

const steps = (points: [number, number][]) =>
  points.slice(1).map(([time], index) => time - points[index]![0]);
const historyRows = async () =>
  Number(
    (
      await app.handle.db
        .selectFrom('market_history')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the fake CoinGecko market_chart', () => {
  const fake = createFakeMarketChart();
  const now = Date.UTC(2026, 10, 28, 14, 37, 12, 345);
  const check = (answer: MarketChart) => {
    const times = answer.prices.map(([time]) => time);
    expect(answer.market_caps.map(([time]) => time)).toEqual(times);
    expect(answer.total_volumes.map(([time]) => time)).toEqual(times);
    // Every series ends with the latest figures, at the moment asked.
    expect(times.at(-1)).toBe(now);
    return steps(answer.prices);
  };

  it('answers one day with 5-minute points, up to 90 days with hourly ones, beyond with daily ones', () => {
    const day = fake.chart(1, now);
    expect(day.prices).toHaveLength(289);
    expect(new Set(check(day).slice(0, -1))).toEqual(new Set([5 * MINUTE]));
    for (const [days, length] of [
      [7, 7 * 24 + 1],
      [90, 90 * 24 + 1],
    ] as const) {
      const hourly = fake.chart(days, now);
      expect(hourly.prices, `${days} days`).toHaveLength(length);
      expect(new Set(check(hourly).slice(0, -1)), `${days} days`).toEqual(new Set([HOUR]));
    }
    const year = fake.chart(365, now);
    expect(year.prices).toHaveLength(366);
    expect(new Set(check(year).slice(0, -1))).toEqual(new Set([DAY]));
    // Daily points at 00:00 UTC.
    expect(year.prices.slice(0, -1).every(([time]) => time % DAY === 0)).toBe(true);
  });

  it('gives a moment one value whatever the span asked', () => {
    const midnight = Math.floor(now / DAY) * DAY;
    const figure = (answer: MarketChart) => answer.prices.find(([time]) => time === midnight)?.[1];
    expect(figure(fake.chart(1, now))).toBeDefined();
    expect(figure(fake.chart(1, now))).toBe(figure(fake.chart(90, now)));
    expect(figure(fake.chart(90, now))).toBe(figure(fake.chart(365, now)));
  });
});

describe('the first market sync', () => {
  it('backfills a day of 5-minute, 90 days of hourly and a year of daily points, in three reads', async () => {
    const details = await sync();
    expect(asked).toEqual(['365', '90', '1']);
    expect(details).toMatch(
      /^Provider: CoinGecko; backfilled \d+ history points \(365 days daily, 90 days hourly, 1 day 5-minute\)$/,
    );
  });

  it('fills every chart range at the finest spacing stored: 5 minutes for 24H, hours for 7D, days for 1Y', async () => {
    const day = await chart('1d');
    expect(day.bucketMs).toBe(5 * MINUTE);
    expect(day.points.length).toBeGreaterThanOrEqual(286);
    expect(day.points.length).toBeLessThanOrEqual(290);
    // One stored point every 5 minutes, no hole (the last steps: to the sync's and the answers' latest
    // records, which a 5-minute boundary may split).
    expect(
      steps(day.points)
        .slice(0, -2)
        .every((step) => step === 5 * MINUTE),
    ).toBe(true);
    expect(steps(day.points).every((step) => step <= 10 * MINUTE)).toBe(true);
    expect((await chart('1d', 'volume')).points.length).toBe(day.points.length);
    // Hourly candles made of the twelve 5-minute records each holds.
    const full = day.candles!.bars.slice(1, -1);
    expect(full.length).toBeGreaterThanOrEqual(22);
    expect(full.filter((bar) => bar.records === 12).length).toBeGreaterThanOrEqual(full.length - 1);

    const week = await chart('7d');
    expect(week.bucketMs).toBe(HOUR);
    expect(week.points.length).toBeGreaterThanOrEqual(166);
    expect(week.points.length).toBeLessThanOrEqual(170);
    expect(steps(week.points).every((step) => step <= 2 * HOUR)).toBe(true);

    const expected = { '30d': 30 * 24, '90d': 90 * 24, '1y': 365 } as const;
    for (const [range, count] of Object.entries(expected) as [keyof typeof expected, number][]) {
      const { points, bucketMs } = await chart(range);
      expect(points.length, range).toBeGreaterThanOrEqual(count - 2);
      expect(points.length, range).toBeLessThanOrEqual(count + 2);
      // No bucket of the range is left empty.
      expect(
        steps(points).every((step) => step < 2 * bucketMs),
        range,
      ).toBe(true);
    }
  });

  it('stores only what CoinGecko answered: every backfilled point is one of its figures', async () => {
    const stored = await app.handle.db
      .selectFrom('market_history')
      .select(['ts', 'price', 'market_cap', 'volume_24h'])
      // The sync's own record carries dominance; the backfilled ones cannot (CoinGecko has none).
      .where('xrp_dominance', 'is', null)
      .execute();
    expect(stored.length).toBeGreaterThan(2000);
    for (const row of stored) {
      const figures = upstreamHistory.at(row.ts.getTime());
      expect([Number(row.price), Number(row.market_cap), Number(row.volume_24h)]).toEqual([
        figures.price,
        figures.marketCap,
        figures.volume,
      ]);
    }
  });

  it('reads nothing more on the next syncs: the history grows by one record a sync', async () => {
    const before = await historyRows();
    expect(await sync()).toBe('Provider: CoinGecko');
    expect(asked).toEqual([]);
    expect(await historyRows()).toBe(before + 1);
  });

  it('after a rate-limited read, stores what came and makes only the missing read next sync', async () => {
    // A fresh install again.
    await app.handle.db.deleteFrom('market_history').execute();
    await app.handle.db.deleteFrom('sync_state').where('key', 'like', 'market.history_backfill.%').execute();
    rateLimited = '1';
    const failed = await sync();
    expect(asked).toEqual(['365', '90', '1']);
    expect(failed).toMatch(
      /^Provider: CoinGecko; backfilled \d+ history points \(365 days daily, 90 days hourly\); history backfill of 1 day 5-minute failed \(Rate limited .*429.*\), retried next sync$/,
    );
    // The hourly read covers the day meanwhile.
    expect((await chart('1d')).points.length).toBeLessThanOrEqual(30);

    rateLimited = null;
    const retried = await sync();
    expect(asked).toEqual(['1']);
    expect(retried).toMatch(/^Provider: CoinGecko; backfilled \d+ history points \(1 day 5-minute\)$/);
    expect((await chart('1d')).points.length).toBeGreaterThanOrEqual(286);

    await sync();
    expect(asked).toEqual([]);
  });

  it('re-reading a span already stored adds no moment twice', async () => {
    const before = await historyRows();
    await app.handle.db.deleteFrom('sync_state').where('key', 'like', 'market.history_backfill.%').execute();
    await sync();
    expect(asked).toEqual(['365', '90', '1']);
    // The sync's own record, each answer's latest point and, at most, a grid point the clock passed.
    expect(await historyRows()).toBeLessThanOrEqual(before + 1 + 3 + 3);
    const day = await chart('1d');
    expect(day.points.length).toBeLessThanOrEqual(290);
  });
});
