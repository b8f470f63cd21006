import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startFixtureServer, type FixtureServer } from '../../../../tests/support/fixture-server';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { fixture } from '../../../../tests/support/upstream-fixtures';

let upstream: FixtureServer;
let app: TestApp;
let admin: string;
let member: string;

beforeAll(async () => {
  upstream = await startFixtureServer();
  upstream.route('/fg/fng/', json(fixture('fear-greed/fng-limit-3.json')));
  app = await createTestApp({
    env: { FEAR_GREED_API_BASE: `${upstream.url}/fg`, OUTBOUND_ALLOW_HOSTS: '127.0.0.1' },
  });
  admin = (await app.signedInUser({ role: 'admin' })).cookie;
  member = (await app.signedInUser({ plan: 'premium' })).cookie;
});
afterAll(async () => {
  await app?.close();
  await upstream?.close();
});

const sourceId = async (apiType: string) =>
  (
    await app.handle.db
      .selectFrom('api_sources')
      .select('id')
      .where('api_type', '=', apiType)
      .executeTakeFirstOrThrow()
  ).id;
type ErrorBody = { error: { code: string; message: string } };
const adminApi = () => app.client(admin).admin;
const syncNow = (id: string) => adminApi().sources[':id'].sync.$post({ param: { id } });

describe('admin data-sync routes', () => {
  it('are refused to visitors (401) and to non-admins, premium included (403)', async () => {
    const id = await sourceId('fear_greed');
    for (const [method, path] of [
      ['GET', '/api/admin/sources'],
      ['GET', '/api/admin/sync-logs'],
      ['POST', `/api/admin/sources/${id}/sync`],
      ['POST', '/api/admin/sync/cleanup'],
      ['PATCH', `/api/admin/sources/${id}`],
    ] as const) {
      expect((await app.request(path, { method })).status, `${method} ${path}`).toBe(401);
      expect((await app.request(path, { method, cookie: member })).status, `${method} ${path}`).toBe(403);
    }
  });

  it('runs a sync on demand and answers with its log; the logs and counters show it', async () => {
    const response = await syncNow(await sourceId('fear_greed'));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'success',
      log: { apiSource: 'Fear & Greed Index', syncType: 'manual', recordsProcessed: 3 },
    });
    const logs = (await (await adminApi()['sync-logs'].$get()).json()) as Record<string, unknown>[];
    expect(logs[0]).toMatchObject({ apiSource: 'Fear & Greed Index', status: 'success' });
    const sources = (await (await adminApi().sources.$get()).json()) as { apiType: string }[];
    expect(sources.find((source) => source.apiType === 'fear_greed')).toMatchObject({
      totalRequests: 1,
      successCount: 1,
      running: false,
    });
  });

  it('refuses an inactive source, an unsupported type and an unknown id', async () => {
    const id = await sourceId('fear_greed');
    await app.handle.db.updateTable('api_sources').set({ status: 'inactive' }).where('id', '=', id).execute();
    const inactive = await syncNow(id);
    expect(inactive.status).toBe(409);
    expect(((await inactive.json()) as ErrorBody).error.message).toBe(
      'Fear & Greed Index is inactive; activate it to sync',
    );
    await app.handle.db.updateTable('api_sources').set({ status: 'active' }).where('id', '=', id).execute();

    await app.handle.db
      .insertInto('api_sources')
      .values({ name: 'Social Buzz', api_type: 'social', sync_frequency_minutes: 60 })
      .execute();
    const unsupported = await syncNow(await sourceId('social'));
    expect(unsupported.status).toBe(422);
    expect(((await unsupported.json()) as ErrorBody).error.message).toBe('Unsupported API type: social');
    expect((await syncNow('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('changes the sync frequency with a 5-minute minimum', async () => {
    const id = await sourceId('coingecko');
    const patch = (minutes: number) =>
      adminApi().sources[':id'].$patch({ param: { id }, json: { syncFrequencyMinutes: minutes } });
    const tooOften = await patch(4);
    expect(tooOften.status).toBe(422);
    expect(((await tooOften.json()) as ErrorBody).error.message).toBe(
      'syncFrequencyMinutes: Minimum sync frequency is 5 minutes',
    );
    expect(await (await patch(10)).json()).toMatchObject({ syncFrequencyMinutes: 10 });
  });

  it('cleans up stuck syncs and says how many', async () => {
    await app.handle.db
      .insertInto('api_sync_logs')
      .values([
        {
          api_source: 'News Feeds',
          sync_type: 'scheduled',
          status: 'in_progress',
          started_at: new Date(Date.now() - 60 * 60_000),
        },
        { api_source: 'News Feeds', sync_type: 'scheduled', status: 'in_progress', started_at: new Date() },
      ])
      .execute();
    const response = await adminApi().sync.cleanup.$post();
    expect(await response.json()).toEqual({ cleanedCount: 1 });
  });
});

describe('market read routes', () => {
  it('answer with empty views before any sync', async () => {
    const fresh = await createTestApp();
    try {
      expect(await (await fresh.client().market.metrics.$get({ query: {} })).json()).toEqual({
        latest: null,
        previous: null,
        // Nothing synced and nothing tried yet: unknown, and the card says the data is not read yet.
        source: {
          name: 'CoinGecko Market Data',
          everSucceeded: false,
          lastSuccessAt: null,
          failingSince: null,
        },
      });
      expect(await (await fresh.client().market['fear-greed'].$get()).json()).toMatchObject({
        latest: null,
        yearHigh: null,
      });
    } finally {
      await fresh.close();
    }
  });

  it('compare with the figures 24 h before the latest: a record then, read between daily points, or none', async () => {
    const fresh = await createTestApp();
    try {
      const db = fresh.handle.db;
      const now = Date.now();
      const hoursAgo = (hours: number) => new Date(now - hours * 3600_000);
      await db
        .insertInto('crypto_metrics')
        .values({
          symbol: 'XRP',
          price: '2',
          xrp_dominance: '3.9',
          velocity: '0.04',
          volume_24h: '300',
          created_at: new Date(now),
        })
        .execute();
      const history = (
        ts: Date,
        volume: string | null,
        marketCap: string | null,
        dominance: string | null,
      ) => ({
        symbol: 'XRP',
        ts,
        price: '2',
        volume_24h: volume,
        market_cap: marketCap,
        xrp_dominance: dominance,
      });
      const view = async () =>
        (await (await fresh.client().market.metrics.$get({ query: { symbol: 'XRP' } })).json()) as {
          previous: {
            xrpDominance: string | null;
            volume24h: string | null;
            velocity: string | null;
            basis: string;
            createdAt: string;
          } | null;
        };

      // Only a sync from two hours ago: the old rule called it "24h"; now there is no comparison.
      await db
        .insertInto('market_history')
        .values(history(hoursAgo(2), '290', '1000', '3.8'))
        .execute();
      expect((await view()).previous).toBeNull();

      // The backfilled daily history on either side of the time: read between (no dominance in it).
      await db
        .insertInto('market_history')
        .values([history(hoursAgo(36), '100', '1000', null), history(hoursAgo(12), '200', '1000', null)])
        .execute();
      const between = (await view()).previous!;
      expect(between.basis).toBe('interpolated');
      expect(Number(between.volume24h)).toBeCloseTo(150, 6);
      expect(Number(between.velocity)).toBeCloseTo(0.15, 6);
      expect(between.xrpDominance).toBeNull();
      expect(new Date(between.createdAt).getTime()).toBe(hoursAgo(24).getTime());

      // A sync row at that time wins.
      await db
        .insertInto('market_history')
        .values(history(hoursAgo(24.2), '120', '1000', '3.1'))
        .execute();
      const recorded = (await view()).previous!;
      expect(recorded).toMatchObject({ volume24h: '120', xrpDominance: '3.1', basis: 'record' });
      // Its own time, 12 minutes before the 24-hour mark: "compared with the record of" that time.
      expect(new Date(recorded.createdAt).getTime()).toBe(hoursAgo(24.2).getTime());
      expect((await fresh.request('/api/market/metrics?symbol=x%3B')).status).toBe(422);
    } finally {
      await fresh.close();
    }
  });

  it('report fear & greed with its history and the yearly range', async () => {
    const db = app.handle.db;
    // One "now" for every reading: days count back from the latest reading's own time, so readings
    // a millisecond apart in the making would fall either side of "a day before".
    const now = Date.now();
    const daysAgo = (days: number) => new Date(now - days * 86_400_000 - 60_000);
    await db.deleteFrom('fear_greed_index').execute();
    await db
      .insertInto('fear_greed_index')
      .values([
        { value: 50, value_classification: 'Neutral', timestamp: daysAgo(0) },
        { value: 40, value_classification: 'Fear', timestamp: daysAgo(1) },
        { value: 80, value_classification: 'Extreme Greed', timestamp: daysAgo(7) },
        { value: 10, value_classification: 'Extreme Fear', timestamp: daysAgo(30) },
        { value: 99, value_classification: 'Extreme Greed', timestamp: daysAgo(400) },
      ])
      .execute();
    const view = await (await app.client().market['fear-greed'].$get()).json();
    expect(view.latest?.value).toBe(50);
    expect([view.history.day1?.value, view.history.day7?.value, view.history.day30?.value]).toEqual([
      40, 80, 10,
    ]);
    expect([view.yearHigh?.value, view.yearLow?.value]).toEqual([80, 10]);
  });

  it('counts fear & greed days back from the latest reading, not from now', async () => {
    const db = app.handle.db;
    // Daily readings stamped 00:00 UTC; today's is not fetched yet: the latest is yesterday's.
    const midnight = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    const day = (back: number) => new Date(midnight - back * 86_400_000);
    await db.deleteFrom('fear_greed_index').execute();
    await db
      .insertInto('fear_greed_index')
      .values([
        { value: 71, value_classification: 'Greed', timestamp: day(1) },
        { value: 64, value_classification: 'Greed', timestamp: day(2) },
        { value: 30, value_classification: 'Fear', timestamp: day(8) },
      ])
      .execute();
    const view = await (await app.client().market['fear-greed'].$get()).json();
    expect(view.latest).toMatchObject({ value: 71, timestamp: day(1).toISOString() });
    // "Yesterday" is the reading the day before the latest one, not the latest one again.
    expect(view.history.day1).toMatchObject({ value: 64, timestamp: day(2).toISOString() });
    expect(view.history.day7).toMatchObject({ value: 30, timestamp: day(8).toISOString() });
    expect(view.history.day30).toBeNull();
  });
});
