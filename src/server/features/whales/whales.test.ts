import { describe, expect, it } from 'vitest';
import type { HistoryRange, HistorySeries } from '@/domain/market/history';
import { useTestAppWithPlans } from '../../../../tests/support/test-app-with-plans';

const plans = useTestAppWithPlans();

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);

describe('premium market data', () => {
  it('is refused to visitors (401) and free users (403), for whales and chart history alike', async () => {
    for (const path of ['/api/whales', '/api/whales/stats', '/api/market/history?series=price&range=7d']) {
      expect((await plans.app.request(path)).status, path).toBe(401);
      expect((await plans.app.request(path, { cookie: plans.free })).status, path).toBe(403);
      expect((await plans.app.request(path, { cookie: plans.complimentary })).status, path).toBe(200);
    }
  });

  it('says the whale figures are unknown until the ledger has been read, and since when it fails', async () => {
    const stats = async () =>
      (await (await plans.app.client(plans.premium).whales.stats.$get()).json()) as {
        transactionCount24h: number;
        source: {
          name: string;
          everSucceeded: boolean;
          lastSuccessAt: string | null;
          failingSince: string | null;
        };
      };
    expect(await stats()).toMatchObject({
      transactionCount24h: 0,
      source: { name: 'XRPL Whale Tracker', everSucceeded: false, lastSuccessAt: null, failingSince: null },
    });
    const log = (status: 'success' | 'error', at: Date) =>
      plans.app.handle.db
        .insertInto('api_sync_logs')
        .values({ api_source: 'XRPL Whale Tracker', sync_type: 'scheduled', status, started_at: at })
        .execute();
    await log('error', hoursAgo(5));
    await log('error', hoursAgo(4));
    expect((await stats()).source.everSucceeded).toBe(false);
    expect(new Date((await stats()).source.failingSince!).getTime()).toBeCloseTo(hoursAgo(5).getTime(), -4);
    await log('success', hoursAgo(3));
    expect((await stats()).source).toMatchObject({ everSucceeded: true, failingSince: null });
    await log('error', hoursAgo(1));
    expect(new Date((await stats()).source.failingSince!).getTime()).toBeCloseTo(hoursAgo(1).getTime(), -4);
    await plans.app.handle.db.deleteFrom('api_sync_logs').execute();
  });

  it('lists the latest 20 and sums the last 24 hours exactly, to the drop', async () => {
    const rows = Array.from({ length: 22 }, (_, index) => ({
      transaction_hash: `HASH${index}`,
      amount_xrp: index === 0 ? '1000000.000001' : '2000000',
      transaction_timestamp: index < 3 ? hoursAgo(index) : hoursAgo(30 + index),
      from_address: 'rFrom',
      to_address: 'rTo',
    }));
    await plans.app.handle.db.insertInto('whale_transactions').values(rows).execute();
    const list = (await (await plans.app.client(plans.premium).whales.$get()).json()) as unknown[];
    expect(list).toHaveLength(20);
    expect(list[0]).toMatchObject({ transactionHash: 'HASH0', amountXrp: '1000000.000001' });
    const stats = await (await plans.app.client(plans.premium).whales.stats.$get()).json();
    expect(stats).toMatchObject({
      totalVolume24h: '5000000.000001',
      transactionCount24h: 3,
      largestTransaction24h: '2000000.000000',
      averageTransaction24h: '1666666.666667',
    });
  });

  it('serves chart history for every range: one point per bucket, increasing, and since when it is short', async () => {
    const now = Date.now();
    const day = 86_400_000;
    // Three days of syncs a minute apart (and two milliseconds apart at the end), plus 400 days of
    // backfilled daily history without dominance.
    await plans.app.handle.db
      .insertInto('market_history')
      .values([
        ...Array.from({ length: 60 * 24 * 3 }, (_, index) => ({
          symbol: 'XRP',
          ts: new Date(now - index * 60_000),
          price: 2 + index / 1e5,
          xrp_dominance: 3 + index / 1e6,
        })),
        { symbol: 'XRP', ts: new Date(now - 2), price: 2.5, xrp_dominance: 3 },
        ...Array.from({ length: 400 }, (_, index) => ({
          symbol: 'XRP',
          ts: new Date(Math.floor(now / day) * day - (index + 4) * day),
          price: 1 + index / 1000,
        })),
      ])
      .execute();
    const get = async (series: HistorySeries, range: HistoryRange) =>
      (await (
        await plans.app.client(plans.premium).market.history.$get({ query: { series, range } })
      ).json()) as {
        points: [number, number][];
        since: string | null;
      };
    const expectedPoints = {
      '1d': 24 * 12,
      '7d': 24 * 7,
      '30d': 30 * 24,
      '90d': 90 * 24,
      '1y': 365,
      all: 404,
    };
    for (const [range, most] of Object.entries(expectedPoints)) {
      const { points, since } = await get('price', range as HistoryRange);
      expect(points.length, range).toBeGreaterThan(0);
      expect(points.length, range).toBeLessThanOrEqual(most + 2);
      expect(
        points.every((point, index) => index === 0 || point[0] > points[index - 1]![0]),
        range,
      ).toBe(true);
      expect(
        points.every((point) => point[0] % 1000 === 0),
        range,
      ).toBe(true);
      // All says where the stored history starts; a shorter range only when it starts later.
      if (range === 'all')
        expect(since).toBe(new Date(Math.floor(now / day) * day - 403 * day).toISOString());
      else expect(since, range).toBeNull();
    }
    // Dominance has only the three days of syncs: a month's chart says so instead of stretching them.
    const dominance = await get('dominance', '30d');
    expect(dominance.since).not.toBeNull();
    expect(now - new Date(dominance.since!).getTime()).toBeLessThan(3 * day + 60_000);
    expect((await get('dominance', '1d')).since).toBeNull();
    expect(
      (await plans.app.request('/api/market/history?series=rsi&range=7d', { cookie: plans.premium })).status,
    ).toBe(422);
  });
});
