import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startAppProcess, signInCookie, type AppProcess } from '../support/app-process';
import { json, startFixtureServer, type FixtureHandler, type FixtureServer } from '../support/fixture-server';
import { startRoundRobinProxy, type RoundRobinProxy } from '../support/round-robin-proxy';
import { freePort } from '../support/server-process';
import { openSse } from '../support/sse-client';
import { createServerDatabase } from '../support/test-db';
import { fixture } from '../support/upstream-fixtures';

/**
 * Two app processes on one PostgreSQL server behind a round-robin load balancer: sessions work on
 * both, each scheduled sync runs once between them, a row written by one reaches a browser connected
 * to the other, and rate limits count across both. Needs a server: `npm test` passes
 * TEST_DATABASE_URL in as MULTI_PROCESS_DATABASE_URL (.ci/run sets it).
 */
const serverUrl = process.env.MULTI_PROCESS_DATABASE_URL;
const root = path.resolve(import.meta.dirname, '../..');

describe.runIf(serverUrl)('two processes on one PostgreSQL', () => {
  let upstream: FixtureServer;
  let database: { url: string; drop(): Promise<void> };
  let proxy: RoundRobinProxy;
  const apps: AppProcess[] = [];

  const envFor = (publicUrl: string) => ({
    PUBLIC_URL: publicUrl,
    DATABASE_URL: database.url,
    AUTH_SECRET: 'multi-process-secret-0123456789abcdef0123456789',
    LOG_LEVEL: 'error',
    SYNC_TICK_SECONDS: '1',
    TRUST_PROXY: 'true',
    COINGECKO_API_BASE: `${upstream.url}/cg`,
    COINPAPRIKA_API_BASE: `${upstream.url}/cp`,
    FEAR_GREED_API_BASE: `${upstream.url}/fg`,
  });
  beforeAll(async () => {
    upstream = await startFixtureServer();
    // A slow upstream widens the window in which both processes would start the same sync.
    const slow =
      (body: unknown): FixtureHandler =>
      async (request, response) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        json(body)(request, response);
      };
    upstream.route('/cg/coins/markets', slow(fixture('coingecko/coins-markets-ripple.json')));
    upstream.route('/cg/global', json(fixture('coingecko/global.json')));
    upstream.route('/fg/fng/', slow(fixture('fear-greed/fng-limit-3.json')));
    database = await createServerDatabase(serverUrl ?? '');
    // Both processes know the balancer's address as their public URL, as in production.
    const proxyPort = await freePort();
    const publicUrl = `http://127.0.0.1:${proxyPort}`;
    apps.push(
      ...(await Promise.all([startAppProcess(envFor(publicUrl)), startAppProcess(envFor(publicUrl))])),
    );
    proxy = await startRoundRobinProxy(
      apps.map((app) => app.url),
      proxyPort,
    );
  });

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(apps.map((app) => app.stop()));
    await database?.drop();
    await upstream?.close();
  });

  it('runs each due sync once between them', async () => {
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ api_source: string; n: number }>(
      `SELECT api_source, count(*)::int AS n FROM api_sync_logs GROUP BY api_source ORDER BY api_source`,
    );
    await client.end();
    expect(rows).toEqual([
      { api_source: 'CoinGecko Market Data', n: 1 },
      { api_source: 'Fear & Greed Index', n: 1 },
      { api_source: 'News Feeds', n: 1 },
      { api_source: 'XRPL Exchange Reserves', n: 1 },
      // Due at start, and with no backfill asked for it reads nothing: once a day.
      { api_source: 'XRPL Ledger Backfill', n: 1 },
      { api_source: 'XRPL Supply', n: 1 },
      { api_source: 'XRPL Whale Tracker', n: 1 },
      { api_source: 'XRPScan Account Names', n: 1 },
    ]);
    expect(upstream.hits('/cg/coins/markets')).toBe(1);
    expect(upstream.hits('/fg/fng/')).toBe(1);
  });

  it('keeps a session signed in on one process valid on the other, through the balancer', async () => {
    const cli = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/cli.ts',
        'user:create',
        '--email',
        'ops@example.com',
        '--password',
        'Operator-Pass-1',
        '--role',
        'admin',
      ],
      { cwd: root, env: apps[0]!.env, encoding: 'utf8' },
    );
    expect(cli.status, cli.stderr).toBe(0);
    const cookie = await signInCookie(proxy.url, 'ops@example.com', 'Operator-Pass-1');
    const servedBy = new Set<string>();
    for (let request = 0; request < 4; request += 1) {
      const response = await apiClient(proxy.url, cookie).session.$get();
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ user: { email: 'ops@example.com' } });
      servedBy.add(response.headers.get('x-backend') ?? '');
    }
    expect([...servedBy].sort()).toEqual(['0', '1']);
    // Signing out on one process ends the session on both.
    const out = await fetch(`${proxy.url}/api/auth/sign-out`, {
      method: 'POST',
      headers: { cookie, origin: proxy.url, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(out.status).toBe(200);
    for (const app of apps) {
      const after = await (await apiClient(app.url, cookie).session.$get()).json();
      expect(after).toMatchObject({ user: null });
    }
  });

  it('counts sign-in attempts across both processes', async () => {
    const attempt = () =>
      fetch(`${proxy.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: proxy.url, 'x-forwarded-for': '203.0.113.9' },
        body: JSON.stringify({ email: 'guess@example.com', password: 'Wrong-Password-1' }),
      });
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1) statuses.push((await attempt()).status);
    // Ten wrong passwords per account per 15 minutes, wherever they land; the eleventh is refused.
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(proxy.served.every((count) => count >= 5)).toBe(true);
  });

  it('pushes a row written by one process to a browser connected to the other', async () => {
    const [appA, appB] = apps as [AppProcess, AppProcess];
    const cookie = await signInCookie(appA.url, 'ops@example.com', 'Operator-Pass-1', proxy.url);
    const onB = await openSse(`${appB.url}/api/events`);
    await onB.waitFor('ready');
    upstream.route(
      '/cg/coins/markets',
      json([
        {
          ...fixture<Record<string, unknown>[]>('coingecko/coins-markets-ripple.json')[0],
          current_price: 2.7777,
        },
      ]),
    );
    const onA = apiClient(appA.url, cookie, proxy.url);
    const sources = await (await onA.admin.sources.$get()).json();
    const coingecko = sources.find((source) => source.apiType === 'coingecko')!;
    const sync = await onA.admin.sources[':id'].sync.$post({ param: { id: coingecko.id } });
    expect(sync.status).toBe(200);
    const pushed = await onB.waitFor('metrics', (message) => JSON.parse(message.data).price === '2.7777');
    expect(pushed.id).toMatch(/^\d+$/);
    onB.close();
  });
});
