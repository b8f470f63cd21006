import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

let app: TestApp;
let free: string;
let premium: string;
let complimentary: string;

beforeAll(async () => {
  app = await createTestApp();
  free = (await app.signedInUser()).cookie;
  premium = (await app.signedInUser({ plan: 'premium' })).cookie;
  complimentary = (await app.signedInUser({ plan: 'complimentary' })).cookie;
});
afterAll(async () => app?.close());

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);

describe('premium market data', () => {
  it('is refused to visitors (401) and free users (403), for whales and chart history alike', async () => {
    for (const path of ['/api/whales', '/api/whales/stats', '/api/market/history?series=price&range=7d']) {
      expect((await app.request(path)).status, path).toBe(401);
      expect((await app.request(path, { cookie: free })).status, path).toBe(403);
      expect((await app.request(path, { cookie: complimentary })).status, path).toBe(200);
    }
  });

  it('reports zero whale stats with no rows', async () => {
    expect(await (await app.request('/api/whales/stats', { cookie: premium })).json()).toEqual({
      totalVolume24h: '0',
      transactionCount24h: 0,
      largestTransaction24h: '0',
      averageTransaction24h: '0',
    });
  });

  it('lists the latest 20 and sums the last 24 hours exactly, to the drop', async () => {
    const rows = Array.from({ length: 22 }, (_, index) => ({
      transaction_hash: `HASH${index}`,
      amount_xrp: index === 0 ? '1000000.000001' : '2000000',
      transaction_timestamp: index < 3 ? hoursAgo(index) : hoursAgo(30 + index),
      from_address: 'rFrom',
      to_address: 'rTo',
    }));
    await app.handle.db.insertInto('whale_transactions').values(rows).execute();
    const list = await (await app.request('/api/whales', { cookie: premium })).json();
    expect(list).toHaveLength(20);
    expect(list[0]).toMatchObject({ transactionHash: 'HASH0', amountXrp: '1000000.000001' });
    const stats = await (await app.request('/api/whales/stats', { cookie: premium })).json();
    expect(stats).toEqual({
      totalVolume24h: '5000000.000001',
      transactionCount24h: 3,
      largestTransaction24h: '2000000.000000',
      averageTransaction24h: '1666666.666667',
    });
  });

  it('serves chart history for a range, downsampled to at most 500 points', async () => {
    const minutes = 60 * 24 * 3;
    await app.handle.db
      .insertInto('market_history')
      .values(
        Array.from({ length: minutes }, (_, index) => ({
          symbol: 'XRP',
          ts: new Date(Date.now() - index * 60_000),
          price: 2 + index / 1e5,
        })),
      )
      .execute();
    const week = await (
      await app.request('/api/market/history?series=price&range=7d', { cookie: premium })
    ).json();
    expect(week.points.length).toBeLessThanOrEqual(500);
    expect(week.points.length).toBeGreaterThan(400);
    const day = await (
      await app.request('/api/market/history?series=price&range=1d', { cookie: premium })
    ).json();
    expect(day.points.at(-1)[1]).toBe(2);
    expect((await app.request('/api/market/history?series=rsi&range=7d', { cookie: premium })).status).toBe(
      422,
    );
  });
});
