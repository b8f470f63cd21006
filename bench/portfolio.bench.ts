import crypto from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { sql, type Insertable } from 'kysely';
import { encodeAccountID } from 'ripple-address-codec';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import type { WatchedAccountTxTable } from '../src/server/db/schema';
import { importLots } from '../src/server/features/portfolio/lots.service';
import { createVerifiedUser } from '../src/server/features/users/users.service';
import type { Env } from '../src/server/env';
import { createLogger } from '../src/server/lib/logger';
import { createRuntime, type Runtime } from '../src/server/runtime';
import { cookieOf, testEnv } from '../tests/support/test-app';
import { bareServer, percentile, postgresTargets, type BenchHandle } from './support';

/**
 * The /portfolio page's data for a Premium member at the limits — 20 watched accounts (each with a
 * reading: balance, reserve, three trust-line tokens; and TXS stored transactions over a year) and
 * 500 manual holdings — with a year of XRP prices stored the way the market sync stores them (a
 * crypto_metrics row and a market_history point every 5 minutes), on embedded PGlite in DATA_DIR as
 * `npm start` runs it, and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL.
 * Each request the page makes (and the 1Y range of its chart) at CONNECTIONS connections, signed in
 * as that member: p50/p95/p99 and req/s, beside a bare node:http server sending the very same answer
 * (status, headers, body), measured just before it. Goal: p95 under 50 ms. It only prints.
 *
 *   npm run bench -- portfolio
 *   BENCH_DURATION=10 BENCH_PORTFOLIO_TXS=500 npm run bench -- portfolio
 */
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 50;
const GOAL_P95_MS = 50;
const ACCOUNTS = 20;
const LOTS = 500;
const TXS = Number(process.env.BENCH_PORTFOLIO_TXS ?? 200);
/** The market sync's interval (api_sources: CoinGecko every 5 minutes). */
const PRICE_MINUTES = 5;
const MINUTE = 60_000;
const DAY = 86_400_000;
export const PASSWORD = 'Bench-Portfolio-1234';
export const MEMBER_EMAIL = 'portfolio.bench@example.com';

/** The requests of the /portfolio page (src/web/features/portfolio/api/portfolio.ts), and 1Y. */
const TARGETS: [string, string][] = [
  ['GET /api/portfolio?range=30d (summary, default)', '/api/portfolio?range=30d'],
  ['GET /api/portfolio?range=1y (summary, 1Y chart)', '/api/portfolio?range=1y'],
  ['GET /api/portfolio/accounts', '/api/portfolio/accounts'],
  ['GET /api/portfolio/lots', '/api/portfolio/lots'],
  ['GET /api/alerts/rules (account alerts)', '/api/alerts/rules'],
];

/** A deterministic stream of numbers in [0, 1), so every run seeds the same portfolio. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const address = (name: string) =>
  encodeAccountID(crypto.createHash('sha256').update(name).digest().subarray(0, 20));

const TOKENS = [
  { currency: '524C555344000000000000000000000000000000', issuer: address('issuer-rlusd'), xrp: 0.42 },
  { currency: '534F4C4F00000000000000000000000000000000', issuer: address('issuer-solo'), xrp: 0.11 },
  { currency: 'USD', issuer: address('issuer-bitstamp'), xrp: 0.41 },
  { currency: 'CSC', issuer: address('issuer-csc'), xrp: 0.0004 },
  { currency: 'ELS', issuer: address('issuer-els'), xrp: null },
];

/**
 * A year of prices as the market sync leaves them: one crypto_metrics row and one market_history
 * point every PRICE_MINUTES. The rows are history, not news: crypto_metrics' triggers (live events,
 * the alert queue) are off while they go in, as they would have fired one at a time when each was new.
 */
async function seedPrices(handle: DatabaseHandle): Promise<number> {
  const { db } = handle;
  const count = Math.floor((365 * DAY) / (PRICE_MINUTES * MINUTE));
  const price = sql`(0.5 + 2 * (i::float8 / ${count}) + 0.15 * sin(i / 500.0) + 0.02 * sin(i / 7.0))::numeric(20, 6)`;
  await sql`ALTER TABLE crypto_metrics DISABLE TRIGGER USER`.execute(db);
  try {
    await sql`
      INSERT INTO crypto_metrics (symbol, price, price_change_24h, market_cap, rank, volume_24h,
        circulating_supply, total_supply, xrp_dominance, velocity, created_at)
      SELECT 'XRP', ${price}, sin(i / 288.0) * 5, ${price} * 59e9, 4, 4e9 + (i % 288) * 1e7, 59e9, 99.98e9,
        3.1, 0.07, now() - make_interval(mins => ${PRICE_MINUTES} * (${count} - i))
      FROM generate_series(0, ${count}) AS i`.execute(db);
  } finally {
    await sql`ALTER TABLE crypto_metrics ENABLE TRIGGER USER`.execute(db);
  }
  await sql`
    INSERT INTO market_history (symbol, ts, price, market_cap, volume_24h, xrp_dominance)
    SELECT symbol, created_at, price, market_cap, volume_24h, xrp_dominance
    FROM crypto_metrics WHERE symbol = 'XRP'
    ON CONFLICT (symbol, ts) DO NOTHING`.execute(db);
  await sql`ANALYZE crypto_metrics`.execute(db);
  await sql`ANALYZE market_history`.execute(db);
  return count + 1;
}

/**
 * The member's 20 accounts as the ledger refresh stores them (ledger-refresh.service.ts): the last
 * reading, and the account's transactions with the balance after each — its creation 13 months ago
 * (the history reached it, so balances are known all year), then payments in and out and a few
 * other transactions (fees only) spread over the year.
 */
async function seedAccounts(handle: DatabaseHandle, userId: string): Promise<number> {
  const { db } = handle;
  const now = Date.now();
  const next = random(25);
  await db
    .insertInto('ledger_token_prices')
    .values(
      TOKENS.map((token) => ({
        currency: token.currency,
        issuer: token.issuer,
        xrp_per_token: token.xrp,
        source: token.xrp === null ? null : ('amm' as const),
        unvalued_reason: token.xrp === null ? 'No AMM pool or order book for this token' : null,
      })),
    )
    .execute();
  await db
    .insertInto('ledger_reserves')
    .values({ base_drops: '1000000', per_object_drops: '200000', ledger_index: 99_000_000 })
    .execute();

  const txRows: Insertable<WatchedAccountTxTable>[] = [];
  const accountRows = [];
  for (let account = 0; account < ACCOUNTS; account += 1) {
    const own = address(`bench-account-${account}`);
    const createdOn = now - (395 + account) * DAY;
    const times = Array.from({ length: TXS - 1 }, () => now - Math.floor(next() * 365 * DAY) - MINUTE);
    times.sort((a, b) => a - b);
    let balance = 0n;
    let ledger = 80_000_000;
    const entry = (at: number, direction: 'in' | 'out' | 'other', type: string, delivered: bigint | null) => {
      const change = direction === 'in' ? delivered! : direction === 'out' ? -delivered! - 12n : -12n;
      balance += change;
      ledger += 1 + Math.floor(next() * 5_000);
      txRows.push({
        hash: crypto.createHash('sha256').update(`${own}-${ledger}`).digest('hex').toUpperCase(),
        ledger_index: ledger,
        occurred_at: new Date(at),
        direction,
        transaction_type: type,
        delivered_drops: delivered === null ? null : String(delivered),
        counterparty: direction === 'other' ? null : address(`counterparty-${Math.floor(next() * 60)}`),
        balance_after_drops: String(balance),
        change_drops: String(change),
        backfilled: true,
        watched_account_id: String(account),
      });
    };
    // Created by a payment from an exchange.
    entry(createdOn, 'in', 'Payment', BigInt(Math.floor(1_000 + next() * 50_000)) * 1_000_000n);
    for (const at of times) {
      const roll = next();
      if (roll < 0.1) entry(at, 'other', roll < 0.05 ? 'TrustSet' : 'OfferCreate', null);
      else {
        const amount = BigInt(Math.floor(1 + next() * 2_000)) * 1_000_000n + BigInt(Math.floor(next() * 1e6));
        // Out only while the account keeps well above its reserve.
        if (roll < 0.55 && balance > amount + 100_000_000n) entry(at, 'out', 'Payment', amount);
        else entry(at, 'in', 'Payment', amount);
      }
    }
    const lines = [0, 1, 2].map((offset) => {
      const token = TOKENS[(account + offset) % TOKENS.length]!;
      return {
        currency: token.currency,
        issuer: token.issuer,
        balance: (next() * 10_000).toFixed(6),
      };
    });
    accountRows.push({
      user_id: userId,
      address: own,
      label: account === 0 ? 'Ledger Nano' : `Wallet ${account + 1}`,
      created_at: new Date(now - (200 - account * 9) * DAY),
      balance_drops: String(balance),
      owner_count: lines.length,
      ledger_index: 99_000_000,
      lines: JSON.stringify(lines),
      refreshed_at: new Date(now - 2 * MINUTE),
      refresh_due_at: new Date(now + 13 * MINUTE),
      history_from: new Date(createdOn),
    });
  }
  const ids = await db.insertInto('watched_accounts').values(accountRows).returning('id').execute();
  for (const row of txRows) row.watched_account_id = ids[Number(row.watched_account_id)]!.id;
  for (let start = 0; start < txRows.length; start += 1_000)
    await db
      .insertInto('watched_account_tx')
      .values(txRows.slice(start, start + 1_000))
      .execute();
  await sql`ANALYZE watched_account_tx`.execute(db);
  return txRows.length;
}

/** 500 holdings through the import (one file, as a member moving from a spreadsheet would). */
async function seedLots(handle: DatabaseHandle, userId: string): Promise<void> {
  const next = random(500);
  const today = Date.now();
  const lines = Array.from({ length: LOTS }, (_, lot) => {
    const amount = (1 + next() * 5_000).toFixed(6);
    const acquired =
      next() < 0.9 ? new Date(today - Math.floor(next() * 730) * DAY).toISOString().slice(0, 10) : '';
    const cost = next() < 0.85 ? (0.3 + next() * 3).toFixed(4) : '';
    return `${amount},${acquired},${cost},Bench lot ${lot + 1}`;
  });
  const { imported } = await importLots(
    handle.db,
    userId,
    ['amount_xrp,acquired_on,cost_usd_per_xrp,note', ...lines].join('\n'),
  );
  if (imported !== LOTS) throw new Error(`imported ${imported} lots, expected ${LOTS}`);
}

/** The member, signed in with PASSWORD as MEMBER_EMAIL, and everything of theirs the page shows. */
export async function seedPortfolio(
  handle: DatabaseHandle,
  runtime: Runtime,
): Promise<{ userId: string; txs: number; prices: number }> {
  const user = await createVerifiedUser(runtime.deps.auth, handle.db, {
    email: MEMBER_EMAIL,
    password: PASSWORD,
    name: 'Portfolio Bench',
    plan: 'premium',
  });
  const prices = await seedPrices(handle);
  const txs = await seedAccounts(handle, user.id);
  await seedLots(handle, user.id);
  return { userId: user.id, txs, prices };
}

interface Figure {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Requests that got no answer in autocannon's 10 s, or failed. */
  failed: number;
}

/** autocannon at CONNECTIONS connections; p95 from every response's time (autocannon reports no p95). */
function run(url: string, headers: Record<string, string>, duration: number) {
  return new Promise<{ result: autocannon.Result; times: number[] }>((resolve, reject) => {
    const times: number[] = [];
    const instance = autocannon({ url, headers, connections: CONNECTIONS, duration }, (error, result) =>
      error ? reject(error) : resolve({ result, times }),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

/**
 * A warm-up second, then DURATION_S seconds, each starting once `idle()` says the server finished
 * what the run before left in flight (autocannon closes its connections; the app still answers them).
 */
async function measure(
  url: string,
  headers: Record<string, string>,
  idle: () => Promise<void>,
): Promise<Figure> {
  await idle();
  await run(url, headers, 1);
  await idle();
  const { result, times } = await run(url, headers, DURATION_S);
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} answers other than 2xx`);
  times.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    failed: result.errors + result.timeouts,
  };
}

/** Resolves once the server has answered (or dropped) every request it received. */
function inFlight(server: http.Server): () => Promise<void> {
  let open = 0;
  const waiting: (() => void)[] = [];
  server.on('request', (_request, response: http.ServerResponse) => {
    open += 1;
    response.once('close', () => {
      open -= 1;
      if (open === 0) for (const resolve of waiting.splice(0)) resolve();
    });
  });
  return () => (open === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve)));
}

const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;
const cells = (figure: Figure) =>
  `p50 ${ms(figure.p50)}  p95 ${ms(figure.p95)}  p99 ${ms(figure.p99)}  ${figure.rps.toFixed(0).padStart(6)} req/s` +
  (figure.failed > 0 ? `  ${figure.failed} failed or timed out` : '');

async function benchTarget(label: string, handle: DatabaseHandle, env: Env): Promise<void> {
  const runtime = await createRuntime({ env, handle, logger: createLogger('silent') });
  const started = performance.now();
  const { txs, prices } = await seedPortfolio(handle, runtime);
  const seedSeconds = (performance.now() - started) / 1000;

  const app = serve({ fetch: runtime.app.fetch, port: 0, hostname: '127.0.0.1' }) as http.Server;
  await new Promise((resolve) => app.once('listening', resolve));
  const appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  const signIn = await fetch(`${appUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: env.PUBLIC_URL },
    body: JSON.stringify({ email: MEMBER_EMAIL, password: PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = cookieOf(signIn);
  const appIdle = inFlight(app);

  console.log(
    `\nportfolio on ${label}: 1 Premium member, ${ACCOUNTS} watched accounts (${txs.toLocaleString('en-US')} stored ` +
      `transactions over a year), ${LOTS} lots, ${prices.toLocaleString('en-US')} prices (a year every ` +
      `${PRICE_MINUTES} min); seeded in ${seedSeconds.toFixed(1)} s`,
  );
  console.log(
    `${CONNECTIONS} connections, ${DURATION_S} s per target, same process; goal: p95 under ${GOAL_P95_MS} ms`,
  );
  try {
    for (const [name, path] of TARGETS) {
      // As autocannon asks: no compression.
      const sample = await fetch(`${appUrl}${path}`, { headers: { cookie, 'accept-encoding': 'identity' } });
      const body = Buffer.from(await sample.arrayBuffer());
      if (!sample.ok) throw new Error(`${path}: ${sample.status} ${body.toString()}`);
      const headers = Object.fromEntries(sample.headers);
      delete headers.date; // node:http adds its own
      delete headers.connection;
      delete headers['keep-alive'];
      delete headers['transfer-encoding'];
      headers['content-length'] = String(body.length);
      const same = await bareServer(sample.status, headers, body);
      const bare = await measure(same.url, {}, inFlight(same.server));
      same.server.close();
      const figure = await measure(`${appUrl}${path}`, { cookie }, appIdle);
      const verdict = figure.p95 < GOAL_P95_MS ? 'met' : 'MISSED';
      console.log(`${name} (${(body.length / 1024).toFixed(1)} kB)`);
      console.log(`  ${'bare node:http, same bytes'.padEnd(28)} ${cells(bare)}`);
      console.log(
        `  ${'the app'.padEnd(28)} ${cells(figure)}  ${(figure.rps / bare.rps).toFixed(3)}× bare  ` +
          `p95 < ${GOAL_P95_MS} ms: ${verdict}`,
      );
    }
  } finally {
    app.close();
    await runtime.deps.ledger.close();
  }
}

export async function benchPortfolio(): Promise<void> {
  const targets: { label: string; open(dataDir: string): Promise<BenchHandle> }[] = [
    // As `npm start` without DATABASE_URL: PGlite's cluster in DATA_DIR.
    { label: 'PGlite', open: (dataDir) => openDatabase({ kind: 'pglite', dataDir }) },
    ...postgresTargets('portfolio'),
  ];
  for (const target of targets) {
    // A fresh DATA_DIR (the test environment makes one) and the production read cache.
    const env = testEnv({ READ_CACHE_SECONDS: '60' });
    const handle = await target.open(env.DATA_DIR);
    try {
      await benchTarget(target.label, handle, env);
    } finally {
      await handle.close();
      await handle.drop?.();
      fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
    }
  }
}
