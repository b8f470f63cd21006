import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { json, startFixtureServer } from '../support/fixture-server';
import { startFakeRippled } from '../support/fake-rippled';
import { freePort, waitForHealth } from '../support/server-process';
import { startTestSmtp } from '../support/smtp';
import { fixture } from '../support/upstream-fixtures';
import { E2E_PASSWORD, e2eUsers } from './users';

const root = path.resolve(import.meta.dirname, '../..');

type MarketChart = Record<'prices' | 'market_caps' | 'total_volumes', [number, number][]>;

/** The recorded chart's points moved to one a day, the last one yesterday, so every chart range has data. */
function dailyUntilYesterday(chart: MarketChart): MarketChart {
  const yesterday = Date.now() - 86_400_000;
  const move = (points: [number, number][]) =>
    points.map(([, value], index): [number, number] => [
      yesterday - (points.length - 1 - index) * 86_400_000,
      value,
    ]);
  return {
    prices: move(chart.prices),
    market_caps: move(chart.market_caps),
    total_volumes: move(chart.total_volumes),
  };
}

/**
 * Starts the production build on a random port with a fresh DATA_DIR and creates the test accounts
 * with the CLI, which hands its commands to the running server over the control socket.
 */
export default async function globalSetup() {
  // A real SMTP server for the app, and a small HTTP view of its mailbox for the test workers.
  const smtp = await startTestSmtp();
  const mailbox = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(smtp.mails));
  });
  await new Promise<void>((resolve) => mailbox.listen(0, '127.0.0.1', resolve));
  process.env.E2E_MAILBOX_URL = `http://127.0.0.1:${(mailbox.address() as net.AddressInfo).port}`;

  // Market upstreams, for syncs the tests trigger through the admin API. Each markets call moves the
  // price by 0.0001, so a second sync is a visible change.
  const upstream = await startFixtureServer();
  const markets = fixture<Record<string, unknown>[]>('coingecko/coins-markets-ripple.json');
  let marketCalls = 0;
  let marketBase = 2.0134;
  upstream.route('/cg/coins/markets', (request, response) => {
    const price = Number((marketBase + marketCalls * 0.0001).toFixed(4));
    marketCalls += 1;
    json([{ ...markets[0], current_price: price }])(request, response);
  });
  // The alerts test lifts the price past a target: `?base=2.5` makes every later price start there.
  upstream.route('/control/market-base', (request, response) => {
    marketBase = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('base'));
    response.writeHead(204).end();
  });
  upstream.route('/cg/global', json(fixture('coingecko/global.json')));
  upstream.route(
    '/cg/coins/ripple/market_chart',
    json(dailyUntilYesterday(fixture('coingecko/market-chart-ripple-7d.json'))),
  );
  upstream.route('/fg/fng/', json(fixture('fear-greed/fng-limit-3.json')));
  // News feeds the browser tests add through the admin API.
  for (const [route, file, type] of [
    ['/feeds/telegraph.xml', 'rss/cointelegraph-style.xml', 'application/rss+xml'],
    ['/feeds/atom.xml', 'rss/atom-feed.xml', 'application/atom+xml'],
    ['/feeds/policy.xml', 'news/regulation.xml', 'application/rss+xml'],
    // The admin test's own feed: the same items as atom.xml, so it adds no articles.
    ['/feeds/admin.xml', 'rss/atom-feed.xml', 'application/atom+xml'],
  ] as const) {
    upstream.route(route, (_request, response) => {
      response.writeHead(200, { 'content-type': type });
      response.end(fs.readFileSync(path.join(root, 'tests/fixtures', file)));
    });
  }
  process.env.E2E_UPSTREAM_URL = upstream.url;

  // An XRP Ledger server for the whale sync a test triggers: the recorded ledger, closed an hour ago.
  const rippled = await startFakeRippled();
  const ledger = fixture<{ result: { ledger: { transactions: unknown[] } } }>(
    'xrpl/ledger-expanded-apiv2.json',
  );
  const lastLedger = 99100123;
  for (let index = lastLedger - 30; index < lastLedger; index += 1) rippled.addLedger(index, []);
  // Each transaction carries its ledger's close time too; both move to an hour ago.
  const closedAt = new Date(Math.floor(Date.now() / 1000 - 3600) * 1000).toISOString();
  rippled.addLedger(
    lastLedger,
    ledger.result.ledger.transactions.map((tx) => ({
      ...(tx as object),
      close_time_iso: closedAt.replace('.000Z', 'Z'),
    })),
    closedAt,
  );

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SMTP_URL: smtp.url,
    COINGECKO_API_BASE: `${upstream.url}/cg`,
    COINPAPRIKA_API_BASE: `${upstream.url}/cp`,
    FEAR_GREED_API_BASE: `${upstream.url}/fg`,
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
    OUTBOUND_ONLY_ALLOWED: 'true',
    XRPL_WS_URL: rippled.url,
    XRPL_WS_FALLBACK_URL: rippled.url,
    // The browser tests give each test its own client address (tests/e2e/fixtures.ts).
    TRUST_PROXY: 'true',
    // The browser tests never reach the public market APIs.
    SYNC_DISABLED: 'true',
    // The checkout journeys run on the local test-mode provider, whatever NODE_ENV the shell has.
    BILLING_TEST_MODE: 'true',
  };
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, server);

  for (const user of Object.values(e2eUsers)) {
    const args = [
      '--import',
      'tsx',
      'src/cli.ts',
      'user:create',
      '--email',
      user.email,
      '--password',
      E2E_PASSWORD,
      '--role',
      user.role,
      '--plan',
      user.plan,
    ];
    if (user.name) args.push('--name', user.name);
    const result = spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`user:create ${user.email} failed: ${result.stderr}`);
  }

  // Market data the dashboard tests read, written by the pipeline itself (the CLI asks the server to sync).
  // Asynchronously: the fixture upstream lives in this process and must keep answering meanwhile.
  for (const type of ['coingecko', 'fear_greed']) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'sync:run', '--type', type], {
      cwd: root,
      env,
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    if (code !== 0) {
      server.kill('SIGTERM');
      throw new Error(`sync:run ${type} failed: ${stderr}`);
    }
  }

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
    fs.rmSync(dataDir, { recursive: true, force: true });
    mailbox.close();
    await smtp.close();
    await upstream.close();
    await rippled.close();
  };
}
