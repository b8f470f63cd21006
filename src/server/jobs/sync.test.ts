import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json, startFixtureServer, type FixtureServer } from '../../../tests/support/fixture-server';
import { createTestApp, taskContextOf, type TestApp } from '../../../tests/support/test-app';
import { fixture } from '../../../tests/support/upstream-fixtures';
import { createLogger } from '../lib/logger';
import { failOrphanedSyncs } from '../features/sync';
import { runSourceById } from './control';
import type { RunnerDeps } from './runner';

let upstream: FixtureServer;
let app: TestApp;
let runner: RunnerDeps;

const markets = fixture<Record<string, unknown>[]>('coingecko/coins-markets-ripple.json');
const global = fixture<{ data: { market_cap_percentage: Record<string, number> } }>('coingecko/global.json');

beforeAll(async () => {
  upstream = await startFixtureServer();
  app = await createTestApp({
    env: {
      COINGECKO_API_BASE: `${upstream.url}/cg`,
      COINPAPRIKA_API_BASE: `${upstream.url}/cp`,
      FEAR_GREED_API_BASE: `${upstream.url}/fg`,
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
      // Nothing listens there: the whale job fails fast instead of reaching the public ledger.
      XRPL_WS_URL: 'ws://127.0.0.1:9',
      XRPL_WS_FALLBACK_URL: 'ws://127.0.0.1:9',
    },
  });
  runner = { db: app.handle.db, env: app.env, logger: createLogger('silent') };
});
afterAll(async () => {
  await app?.close();
  await upstream?.close();
});

function serveHealthyUpstreams() {
  upstream.route('/cg/coins/markets', json(markets));
  upstream.route('/cg/global', json(global));
  upstream.route('/cg/coins/ripple/market_chart', json(fixture('coingecko/market-chart-ripple-7d.json')));
  upstream.route('/cp/v1/tickers/xrp-xrp', json(fixture('coinpaprika/ticker-xrp-xrp.json')));
  upstream.route('/cp/v1/global', json(fixture('coinpaprika/global.json')));
  upstream.route('/fg/fng/', json(fixture('fear-greed/fng-limit-3.json')));
}

async function source(apiType: string) {
  return app.handle.db
    .selectFrom('api_sources')
    .selectAll()
    .where('api_type', '=', apiType)
    .executeTakeFirstOrThrow();
}

async function metricsCount() {
  return (
    await app.handle.db
      .selectFrom('crypto_metrics')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;
}

beforeEach(() => serveHealthyUpstreams());

describe('seeded sources', () => {
  it('has market metrics every 5 min, fear & greed hourly, whales and news, all due now', async () => {
    const rows = await app.handle.db
      .selectFrom('api_sources')
      .select(['name', 'api_type', 'sync_frequency_minutes', 'status'])
      .execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        { name: 'CoinGecko Market Data', api_type: 'coingecko', sync_frequency_minutes: 5, status: 'active' },
        { name: 'Fear & Greed Index', api_type: 'fear_greed', sync_frequency_minutes: 60, status: 'active' },
        expect.objectContaining({ api_type: 'xrpl_whales' }),
        expect.objectContaining({ api_type: 'news' }),
      ]),
    );
  });
});

describe('market metrics sync', () => {
  it('stores one XRP row from CoinGecko with dominance and velocity, logs it and schedules the next', async () => {
    const { id } = await source('coingecko');
    const outcome = await runSourceById(runner, id, 'scheduled');
    expect(outcome.status).toBe('success');
    const row = await app.handle.db
      .selectFrom('crypto_metrics')
      .selectAll()
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      symbol: 'XRP',
      price: '2.0134',
      price_change_24h: '-1.56308',
      rank: 4,
      xrp_dominance: '3.901095',
    });
    expect(Number(row.velocity)).toBeCloseTo(3215448903.27 / 121111815029, 10);
    const after = await source('coingecko');
    expect(after).toMatchObject({
      total_requests: 1,
      success_count: 1,
      error_count: 0,
      status: 'active',
      lease_owner: null,
    });
    expect(after.next_sync_at!.getTime() - after.last_sync_at!.getTime()).toBeGreaterThan(4.9 * 60_000);
    if (outcome.status !== 'skipped') {
      expect(outcome.log).toMatchObject({
        status: 'success',
        records_processed: 1,
        details:
          'Provider: CoinGecko; backfilled 8 history points (365 days daily, 90 days hourly, 1 day 5-minute)',
      });
    }
    const history = await app.handle.db.selectFrom('market_history').selectAll().orderBy('ts').execute();
    expect(history).toHaveLength(9);
    expect(history[0]).toMatchObject({ price: '2.0412', market_cap: '122784065181.716' });
    expect(history.at(-1)).toMatchObject({ price: '2.0134', xrp_dominance: '3.901095' });
  });

  it('computes dominance when XRP is missing from the top-10 map, and keeps nulls as nulls', async () => {
    const withoutXrp = structuredClone(global);
    delete withoutXrp.data.market_cap_percentage.xrp;
    upstream.route('/cg/global', json(withoutXrp));
    upstream.route(
      '/cg/coins/markets',
      json([{ ...markets[0], total_volume: null, circulating_supply: null }]),
    );
    await runSourceById(runner, (await source('coingecko')).id, 'manual');
    const row = await app.handle.db
      .selectFrom('crypto_metrics')
      .selectAll()
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(Number(row.xrp_dominance)).toBeCloseTo((121111815029 / 3104559210775.4) * 100, 6);
    expect(row.volume_24h).toBeNull();
    expect(row.velocity).toBeNull();
    expect(row.circulating_supply).toBeNull();
  });

  it('falls back to CoinPaprika when CoinGecko fails', async () => {
    upstream.route('/cg/coins/markets', json({ error: 'down' }, 500));
    const outcome = await runSourceById(runner, (await source('coingecko')).id, 'manual');
    expect(outcome.status).toBe('success');
    if (outcome.status !== 'skipped')
      expect(outcome.log.details).toMatch(/^Provider: CoinPaprika \(CoinGecko failed: .*500\)$/);
    const row = await app.handle.db
      .selectFrom('crypto_metrics')
      .selectAll()
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.price).toBe('2.0141197');
    expect(Number(row.xrp_dominance)).toBeCloseTo((121155891240 / 3098114520331) * 100, 6);
  });

  it('writes nothing, logs the error and keeps the last good data when every provider fails', async () => {
    upstream.route('/cg/coins/markets', json('<html>gateway</html>'));
    upstream.route('/cp/v1/tickers/xrp-xrp', json({ error: 'not found' }, 404));
    const before = await metricsCount();
    const counters = await source('coingecko');
    const outcome = await runSourceById(runner, counters.id, 'manual');
    expect(outcome.status).toBe('error');
    if (outcome.status !== 'skipped')
      expect(outcome.log.error_message).toMatch(/CoinGecko: .*not JSON; CoinPaprika: .*404/);
    expect(await metricsCount()).toBe(before);
    expect(await source('coingecko')).toMatchObject({
      status: 'error',
      error_count: counters.error_count + 1,
      total_requests: counters.total_requests + 1,
    });
    const view = await (await app.client().market.metrics.$get({ query: {} })).json();
    expect(view.latest?.price).toBe('2.0141197');
    // The admin's source card says what went wrong, and when.
    const admin = await app.signedInUser({ role: 'admin' });
    const sources = await (await app.client(admin.cookie).admin.sources.$get()).json();
    const card = sources.find((item) => item.id === counters.id);
    expect(card?.lastError?.message).toMatch(/CoinGecko: .*not JSON; CoinPaprika: .*404/);
    expect(Date.parse(card?.lastError?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('fear & greed sync', () => {
  it('backfills the whole history on the first run, then fetches the latest and skips duplicates', async () => {
    const { id } = await source('fear_greed');
    const first = await runSourceById(runner, id, 'scheduled');
    expect(first.status !== 'skipped' && first.log).toMatchObject({
      status: 'success',
      records_processed: 3,
      details: 'Backfilled 3 days of history',
    });
    const second = await runSourceById(runner, id, 'manual');
    expect(second.status !== 'skipped' && second.log).toMatchObject({
      status: 'success',
      records_processed: 0,
    });
    const rows = await app.handle.db
      .selectFrom('fear_greed_index')
      .selectAll()
      .orderBy('timestamp', 'desc')
      .execute();
    expect(rows.map((row) => [row.value, row.value_classification, row.timestamp.toISOString()])).toEqual([
      [38, 'Fear', new Date(1765497600 * 1000).toISOString()],
      [29, 'Fear', new Date(1765411200 * 1000).toISOString()],
      [22, 'Extreme Fear', new Date(1765324800 * 1000).toISOString()],
    ]);
  });

  it('treats metadata.error as a failure and writes nothing', async () => {
    upstream.route('/fg/fng/', json(fixture('fear-greed/fng-error.json')));
    const outcome = await runSourceById(runner, (await source('fear_greed')).id, 'manual');
    expect(outcome.status).toBe('error');
    if (outcome.status !== 'skipped')
      expect(outcome.log.error_message).toMatch(/^alternative.me reported an error: SYNTHETIC/);
  });
});

describe('leases and crashes', () => {
  it('does not run a scheduled sync that is no longer due (another process just ran it)', async () => {
    const { id } = await source('coingecko');
    await app.handle.db
      .updateTable('api_sources')
      .set({ next_sync_at: new Date(Date.now() + 60_000) })
      .where('id', '=', id)
      .execute();
    expect(await runSourceById(runner, id, 'scheduled')).toMatchObject({ status: 'skipped' });
  });

  it('runs a source once when two runs start together', async () => {
    const { id } = await source('coingecko');
    const outcomes = await Promise.all([
      runSourceById(runner, id, 'manual'),
      runSourceById(runner, id, 'manual'),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['skipped', 'success']);
  });

  it('ends the log of a run whose process died in error, and frees the source', async () => {
    const { id, name } = await source('fear_greed');
    await app.handle.db
      .updateTable('api_sources')
      .set({ lease_owner: 'dead-process', lease_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    const orphan = await app.handle.db
      .insertInto('api_sync_logs')
      .values({ api_source: name, sync_type: 'scheduled', status: 'in_progress' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await failOrphanedSyncs(app.handle.db)).toBe(1);
    const log = await app.handle.db
      .selectFrom('api_sync_logs')
      .selectAll()
      .where('id', '=', orphan.id)
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({
      status: 'error',
      error_message: 'The process running this sync stopped before it finished; no data was written',
    });
    expect((await runSourceById(runner, id, 'manual')).status).toBe('success');
  });
});

describe('scheduler', () => {
  it('runs every due source that has a job once, then waits for the next due time', async () => {
    const { startScheduler } = await import('./scheduler');
    await app.handle.db
      .insertInto('api_sources')
      .values({ name: 'Social Buzz', api_type: 'social', sync_frequency_minutes: 60 })
      .execute();
    await app.handle.db
      .updateTable('api_sources')
      .set({ next_sync_at: new Date(Date.now() - 1000) })
      .execute();
    const before = await app.handle.db.selectFrom('api_sync_logs').select('api_source').execute();
    const scheduler = await startScheduler({ ...taskContextOf(app), listen: app.handle.listen }, 3600);
    await scheduler.tick();
    await scheduler.tick();
    await scheduler.stop();
    const after = await app.handle.db.selectFrom('api_sync_logs').select('api_source').execute();
    const added = after.length - before.length;
    // Market, Fear & Greed, whales, the ledger backfill (none asked for: it reads nothing),
    // reserves, the supply, XRPScan's names and news: one run each; the social source has no job.
    expect(added).toBe(8);
    expect((await source('xrpl_backfill')).error_count).toBe(0);
    expect((await source('xrpl_whales')).error_count).toBe(1);
    expect((await source('xrpl_reserves')).error_count).toBe(1);
    expect((await source('xrpl_supply')).error_count).toBe(1);
    // XRPSCAN_API_BASE is not pointed at the fakes: the address outside 127.0.0.1 is refused.
    expect((await source('xrpscan_names')).error_count).toBe(1);
    expect((await source('social')).total_requests).toBe(0);
  });
});
