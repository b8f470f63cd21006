import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startFixtureServer, type FixtureHandler, type FixtureServer } from '../support/fixture-server';
import { openSse } from '../support/sse-client';
import { createServerDatabase } from '../support/test-db';
import { fixture } from '../support/upstream-fixtures';

/**
 * Two app processes on one PostgreSQL server, as behind a load balancer: each scheduled sync runs
 * once between them, and a row written by one reaches a browser connected to the other. Needs a
 * server: `npm test` passes TEST_DATABASE_URL in as MULTI_PROCESS_DATABASE_URL (.ci/run sets it).
 */
const serverUrl = process.env.MULTI_PROCESS_DATABASE_URL;
const root = path.resolve(import.meta.dirname, '../..');

describe.runIf(serverUrl)('two processes on one PostgreSQL', () => {
  let upstream: FixtureServer;
  let database: { url: string; drop(): Promise<void> };
  const processes: ChildProcess[] = [];
  const ports: number[] = [];
  const secret = crypto.randomBytes(32).toString('hex');

  const freePort = () =>
    new Promise<number>((resolve) => {
      const probe = net.createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });

  const envFor = (port: number) => {
    const { TEST_DATABASE_URL: _a, MULTI_PROCESS_DATABASE_URL: _b, ...rest } = process.env;
    return {
      ...rest,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-mp-')),
      DATABASE_URL: database.url,
      AUTH_SECRET: secret,
      LOG_LEVEL: 'error',
      SYNC_TICK_SECONDS: '1',
      COINGECKO_API_BASE: `${upstream.url}/cg`,
      COINPAPRIKA_API_BASE: `${upstream.url}/cp`,
      FEAR_GREED_API_BASE: `${upstream.url}/fg`,
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
      OUTBOUND_ONLY_ALLOWED: 'true',
      XRPL_WS_URL: 'ws://127.0.0.1:9',
      XRPL_WS_FALLBACK_URL: 'ws://127.0.0.1:9',
    };
  };

  async function start(port: number): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: envFor(port),
      stdio: 'inherit',
    });
    processes.push(child);
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (
        await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return child;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    throw new Error('server did not become healthy');
  }

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
    ports.push(await freePort(), await freePort());
    await Promise.all(ports.map((port) => start(port)));
  });

  afterAll(async () => {
    for (const child of processes) child.kill('SIGTERM');
    await Promise.all(
      processes.map((child) =>
        child.exitCode !== null ? null : new Promise((resolve) => child.once('exit', resolve)),
      ),
    );
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
      { api_source: 'XRPL Whale Tracker', n: 1 },
    ]);
    expect(upstream.hits('/cg/coins/markets')).toBe(1);
    expect(upstream.hits('/fg/fng/')).toBe(1);
  });

  it('pushes a row written by one process to a browser connected to the other', async () => {
    const [portA, portB] = ports as [number, number];
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
      { cwd: root, env: envFor(portA), encoding: 'utf8' },
    );
    expect(cli.status, cli.stderr).toBe(0);
    const signIn = await fetch(`http://127.0.0.1:${portA}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${portA}` },
      body: JSON.stringify({ email: 'ops@example.com', password: 'Operator-Pass-1' }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');

    const onB = await openSse(`http://127.0.0.1:${portB}/api/events`);
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
    const sources = await (
      await fetch(`http://127.0.0.1:${portA}/api/admin/sources`, { headers: { cookie } })
    ).json();
    const coingecko = sources.find((source: { apiType: string }) => source.apiType === 'coingecko');
    const sync = await fetch(`http://127.0.0.1:${portA}/api/admin/sources/${coingecko.id}/sync`, {
      method: 'POST',
      headers: { cookie, origin: `http://127.0.0.1:${portA}` },
    });
    expect(sync.status).toBe(200);
    const pushed = await onB.waitFor('metrics', (message) => JSON.parse(message.data).price === '2.7777');
    expect(pushed.id).toMatch(/^\d+$/);
    onB.close();
  });
});
