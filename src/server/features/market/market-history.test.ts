import { describe, expect, it } from 'vitest';
import type { FearGreedRange, HistoryRange, HistorySeries } from '@/domain/market/history';
import { sourceUnavailableNote } from '@/domain/sync/source-health';
import { useTestAppWithPlans } from '../../../../tests/support/test-app-with-plans';
import { getFearGreedView, getHistory, getMetricsView } from './market.service';
import { getPriceBuckets } from '../../shared/price-history';

/** The chart series the web app draws: price candles and the Fear & Greed history (both premium). */
const plans = useTestAppWithPlans();

const day = 86_400_000;
const ranges = ['7d', '30d', '90d', '1y', 'all'] as const;

interface FearGreedHistory {
  range: string;
  points: { day: string; value: number; classification: string }[];
  since: string | null;
}
const market = (cookie?: string) => plans.app.client(cookie).market;
const fearGreedHistory = (cookie: string | undefined, range: FearGreedRange) =>
  market(cookie)['fear-greed'].history.$get({ query: { range } });
const history = (series: HistorySeries, range: HistoryRange) =>
  market(plans.premium).history.$get({ query: { series, range } });
const fearGreed = async (range: FearGreedRange) => {
  const response = await fearGreedHistory(plans.premium, range);
  expect(response.status, range).toBe(200);
  return (await response.json()) as FearGreedHistory;
};

describe('GET /api/market/fear-greed/history', () => {
  it('is refused to visitors (401) and free users (403), served to premium and complimentary', async () => {
    expect((await fearGreedHistory(undefined, '30d')).status).toBe(401);
    expect((await fearGreedHistory(plans.free, '30d')).status).toBe(403);
    expect((await fearGreedHistory(plans.premium, '30d')).status).toBe(200);
    expect((await fearGreedHistory(plans.complimentary, '30d')).status).toBe(200);
  });

  it('answers every range with no readings when none is stored, and refuses a day range', async () => {
    for (const range of ranges) expect(await fearGreed(range)).toEqual({ range, points: [], since: null });
    expect(
      (await plans.app.request('/api/market/fear-greed/history?range=1d', { cookie: plans.premium })).status,
    ).toBe(422);
  });

  it('serves one reading per day, increasing, for every range, and says since when history is short', async () => {
    const today = Math.floor(Date.now() / day) * day;
    // 400 daily readings at 00:00 UTC, as alternative.me stamps them, inserted newest first.
    const values = Array.from({ length: 400 }, (_, index) => ({
      value: (index * 7) % 101,
      value_classification: 'Neutral' as const,
      timestamp: new Date(today - index * day),
    }));
    await plans.app.handle.db.insertInto('fear_greed_index').values(values).execute();
    const expected = { '7d': 8, '30d': 31, '90d': 91, '1y': 366, all: 400 };
    for (const range of ranges) {
      const { points, since } = await fearGreed(range);
      expect(points.length, range).toBeGreaterThanOrEqual(expected[range] - 1);
      expect(points.length, range).toBeLessThanOrEqual(expected[range]);
      expect(
        points.every((point, index) => index === 0 || point.day > points[index - 1]!.day),
        range,
      ).toBe(true);
      expect(points.at(-1)!.day, range).toBe(new Date(today).toISOString().slice(0, 10));
      expect(points.at(-1)!.value, range).toBe(0);
      expect(since, range).toBeNull();
    }
    await plans.app.handle.db
      .deleteFrom('fear_greed_index')
      .where('timestamp', '<', new Date(today - 20 * day))
      .execute();
    const short = await fearGreed('90d');
    expect(short.points).toHaveLength(21);
    expect(short.since).toBe(new Date(today - 20 * day).toISOString());
    expect((await fearGreed('7d')).since).toBeNull();
    await plans.app.handle.db.deleteFrom('fear_greed_index').execute();
  });
});

describe('GET /api/market/history candles', () => {
  it('has no candles for an empty history, and none for series other than the price', async () => {
    const get = async (series: HistorySeries) =>
      (await (await history(series, '1d')).json()) as {
        points: unknown[];
        candles: { bucketMs: number; bars: unknown[] } | null;
      };
    expect(await get('price')).toMatchObject({ points: [], candles: { bucketMs: 3_600_000, bars: [] } });
    expect((await get('volume')).candles).toBeNull();
  });

  it('builds the price candles from the stored records, for every range', async () => {
    const now = Date.now();
    const hour = 3_600_000;
    const hourStart = Math.floor(now / hour) * hour;
    // Two days of syncs every 5 minutes, and 400 days of backfilled daily history before them.
    await plans.app.handle.db
      .insertInto('market_history')
      .values([
        ...Array.from({ length: 12 * 48 }, (_, index) => ({
          symbol: 'XRP',
          ts: new Date(now - index * 5 * 60_000),
          price: 2 + Math.sin(index) / 10,
          volume_24h: 1e9 + index,
        })),
        ...Array.from({ length: 400 }, (_, index) => ({
          symbol: 'XRP',
          ts: new Date(Math.floor(now / day) * day - (index + 3) * day),
          price: 1 + index / 1000,
        })),
      ])
      .execute();
    type Bar = { time: number; open: number; high: number; low: number; close: number; records: number };
    const widths = { '1d': hour, '7d': 4 * hour, '30d': day, '90d': day, '1y': day, all: day };
    for (const [range, width] of Object.entries(widths)) {
      const response = await history('price', range as HistoryRange);
      const body = (await response.json()) as {
        points: [number, number][];
        candles: { bucketMs: number; bars: Bar[] };
      };
      expect(body.candles.bucketMs, range).toBe(width);
      const bars = body.candles.bars;
      expect(bars.length, range).toBeGreaterThan(0);
      expect(
        bars.every((bar, index) => index === 0 || bar.time > bars[index - 1]!.time),
        range,
      ).toBe(true);
      expect(
        bars.every(
          (bar) =>
            bar.time % width === 0 &&
            bar.low <= Math.min(bar.open, bar.close) &&
            bar.high >= Math.max(bar.open, bar.close),
        ),
        range,
      ).toBe(true);
      // The last candle closes with the latest stored price, as the line does.
      expect(bars.at(-1)!.close, range).toBe(body.points.at(-1)![1]);
    }
    const { candles } = (await (await history('price', '1d')).json()) as {
      candles: { bars: Bar[] };
    };
    // The current hour holds the syncs since it began; a full hour before it, twelve.
    expect(candles.bars.at(-1)!.time).toBe(hourStart);
    expect(candles.bars.at(-2)!.records).toBe(12);
    // The backfilled days hold one record each: flat candles, not invented ranges.
    const year = (await (await history('price', '1y')).json()) as {
      candles: { bars: Bar[] };
    };
    expect(year.candles.bars[0]).toMatchObject({ records: 1 });
    expect(year.candles.bars[0]!.open).toBe(year.candles.bars[0]!.close);

    // The portfolio's value chart reads the same points, bucketed by the database.
    for (const range of ['1d', '7d', '30d', '90d', '1y'] as const) {
      const line = (await getHistory(plans.app.handle.db, 'price', range)).points;
      const buckets = await getPriceBuckets(plans.app.handle.db, range);
      expect(buckets.length, range).toBeGreaterThan(0);
      expect(
        buckets.map((point) => [Date.parse(point.at), point.priceUsd]),
        range,
      ).toEqual(line);
    }
  });
});

describe('figures whose source has never answered', () => {
  it('carry the source record, so the cards say "not available yet" and since when, not zero', async () => {
    const db = plans.app.handle.db;
    const names = await db.selectFrom('api_sources').select(['api_type', 'name']).execute();
    const nameOf = (apiType: string) => names.find((row) => row.api_type === apiType)!.name;
    const failedAt = new Date(Date.now() - 3 * 3600_000);
    await db
      .insertInto('api_sync_logs')
      .values([
        { api_source: nameOf('coingecko'), sync_type: 'scheduled', status: 'error', started_at: failedAt },
        { api_source: nameOf('fear_greed'), sync_type: 'scheduled', status: 'error', started_at: failedAt },
      ])
      .execute();
    try {
      const metrics = await getMetricsView(db, 'XRP');
      expect(metrics.latest).toBeNull();
      expect(metrics.source).toEqual({
        name: nameOf('coingecko'),
        everSucceeded: false,
        lastSuccessAt: null,
        failingSince: failedAt.toISOString(),
      });
      const index = await getFearGreedView(db);
      expect(index.latest).toBeNull();
      expect(index.source).toMatchObject({ everSucceeded: false, failingSince: failedAt.toISOString() });
      expect(sourceUnavailableNote(index.source, (iso) => iso.slice(0, 16), 'the index')).toBe(
        `Not available yet — ${nameOf('fear_greed')} unreachable since ${failedAt.toISOString().slice(0, 16)}`,
      );
    } finally {
      await db.deleteFrom('api_sync_logs').execute();
    }
  });
});
