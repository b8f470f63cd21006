import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { Agent } from 'undici';
import {
  buildWebApp,
  ensureServerBundle,
  isBuildCurrent,
  serverEnv,
  serverNodeArgs,
} from '../scripts/build-stamp';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { ensureProfile, setSubscriptionPlan } from '../src/server/lib/profiles';
import { createLogger } from '../src/server/lib/logger';
import { createRuntime } from '../src/server/runtime';
import { freePort, waitForHealth } from '../tests/support/server-process';
import { createServerDatabase } from '../tests/support/test-db';
import { testEnv } from '../tests/support/test-app';
import { seedArticles, seedFearGreed, seedMetrics } from './news.bench';
import { percentile } from './support';

/**
 * The soak: LOAD_VUS virtual users for LOAD_SECONDS against the production build on PostgreSQL, each
 * a Premium member from their own address (TRUST_PROXY, as behind a balancer) holding a session from
 * before the run (members stay signed in for days), looping over a mixed workload with a think time:
 *   home (the page, its script and the market figures it shows), a news page, a news search, the
 *   dashboard's data (session, metrics, chart, whales), a live-events connection held a few seconds,
 *   and a sign-in (at most once per 40 s per member, within the sign-in limits).
 * Prints requests, errors and p50/p95/p99 per kind of the admitted requests, and apart the refusals
 * (503 with Retry-After: a busy server's fast no) with how long they took; exits 1 on any error (a
 * status other than the one expected, a network error, a stream that never said `ready`).
 *
 *   npm run bench -- load                       500 users, 5 minutes
 *   LOAD_SECONDS=30 npm run bench -- load       the short form `npm test` runs on PostgreSQL
 * Needs a PostgreSQL server: LOAD_DATABASE_URL or TEST_DATABASE_URL (a scratch database is created).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const VUS = Number(process.env.LOAD_VUS ?? 500);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
const PASSWORD = 'Load-Password-1234';
const ARTICLES = 20_000;
const SEARCH_TERMS = ['escrow', 'ripple bank', 'validator', 'et', 'regulation', 'liquidity court'];

type Kind = 'home' | 'news' | 'search' | 'dashboard' | 'sse' | 'sign-in';
const kinds: Kind[] = ['home', 'news', 'search', 'dashboard', 'sse', 'sign-in'];
const weights: Record<Kind, number> = {
  home: 25,
  news: 25,
  search: 15,
  dashboard: 20,
  sse: 10,
  'sign-in': 5,
};

interface Stats {
  /** Admitted requests: answered with what was asked for. */
  latencies: number[];
  errors: number;
  /** Refused at once as busy (503 with Retry-After): how long each refusal took. */
  refusals: number[];
}
const stats = new Map<Kind, Stats>(kinds.map((kind) => [kind, { latencies: [], errors: 0, refusals: [] }]));
const errorSamples: string[] = [];
/** The home visit's four requests apart: which of them makes a slow visit. */
const homeParts = new Map<string, number[]>(
  ['page', 'script', 'metrics', 'fear-greed'].map((part) => [part, []]),
);
const partOf = (pathname: string) =>
  pathname === '/'
    ? 'page'
    : pathname.startsWith('/api/market/metrics')
      ? 'metrics'
      : pathname.startsWith('/api/market/fear')
        ? 'fear-greed'
        : 'script';

function fail(kind: Kind, message: string) {
  stats.get(kind)!.errors += 1;
  if (errorSamples.length < 10) errorSamples.push(`${kind}: ${message}`);
}

async function seed(handle: DatabaseHandle): Promise<void> {
  const runtime = await createRuntime({
    env: testEnv(),
    handle,
    logger: createLogger('silent'),
  });
  const context = await runtime.deps.auth.$context;
  // One hash for every account: hashing is the point of scrypt being slow, not of this set-up.
  const hash = await context.password.hash(PASSWORD);
  for (let start = 0; start < VUS; start += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, VUS - start) }, async (_, offset) => {
        const email = `load${start + offset}@example.com`;
        const user = await context.internalAdapter.createUser(
          { email, name: `Load ${start + offset}`, emailVerified: true, role: 'user' },
          { method: 'admin' },
        );
        await context.internalAdapter.linkAccount({
          userId: user.id,
          providerId: 'credential',
          accountId: user.id,
          password: hash,
        });
        await ensureProfile(handle.db, { id: user.id, email, name: user.name });
        await setSubscriptionPlan(handle.db, user.id, 'premium');
      }),
    );
  }
  await seedArticles(handle, ARTICLES);
  // The seeded articles queued 20,000 news-alert evaluations; a site that stored them over months
  // evaluated each long ago, so the run starts with the queue empty, as a live site's is.
  await sql`DELETE FROM alert_queue`.execute(handle.db);
  await seedMetrics(handle);
  await seedFearGreed(handle);
  await sql`ANALYZE`.execute(handle.db);
}

const addressOf = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

async function startServer(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // LOAD_PROFILE=DIR: the server writes a V8 CPU profile there on exit (open it in Chrome DevTools).
  const profile = process.env.LOAD_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.LOAD_PROFILE] : [];
  // As `npm start` runs it: plain node on the server bundle, with the server's options (ADR 0053).
  const child = spawn(process.execPath, [...profile, ...serverNodeArgs, ensureServerBundle(root)], {
    cwd: root,
    env: {
      ...serverEnv(process.env),
      NODE_ENV: 'production',
      BILLING_TEST_MODE: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-load-')),
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: 'true',
      SYNC_DISABLED: 'true',
      LOG_LEVEL: 'warn',
      SSE_HEARTBEAT_SECONDS: '15',
      // One per core unless LOAD_WEB_CONCURRENCY says (1: the single process before ADR 0052).
      WEB_CONCURRENCY: process.env.LOAD_WEB_CONCURRENCY ?? '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(url, child);
  return { url, child };
}

export async function benchLoad(): Promise<boolean> {
  const serverUrl = process.env.LOAD_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.log('load: skipped — set LOAD_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server');
    return true;
  }
  if (!isBuildCurrent(root)) buildWebApp(root);
  const database = await createServerDatabase(serverUrl);
  const handle = await openDatabase({ kind: 'postgres', url: database.url });
  const seeded = performance.now();
  await seed(handle);
  console.log(
    `load: ${VUS} users, ${ARTICLES.toLocaleString('en-US')} articles seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );
  const server = await startServer(database.url);
  // Stopped however the run ends: a run that throws must not leave a server cluster behind.
  try {
    const { url } = server;
    const dispatcher = new Agent({ connections: VUS * 2, keepAliveTimeout: 30_000, pipelining: 1 });
    const html = await (await fetch(`${url}/`)).text();
    // The entry, which index.html's inline loader adds once the page has painted (ADR 0060).
    const script = /\.src="(\/assets\/index-[\w-]+\.js)"/.exec(html)?.[1];
    if (!script) throw new Error("The home page's loader names no entry script");

    const cookies: string[] = [];
    const warm = performance.now();
    for (let start = 0; start < VUS; start += 16)
      cookies.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(16, VUS - start) }, (_, offset) => signedInCookie(start + offset)),
        )),
      );
    console.log(
      `load: ${VUS} members signed in before the run in ${((performance.now() - warm) / 1000).toFixed(1)} s`,
    );
    const deadline = Date.now() + SECONDS * 1000;
    const think = () => new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 700));
    const pick = (): Kind => {
      let roll = Math.random() * 100;
      for (const kind of kinds) {
        roll -= weights[kind];
        if (roll < 0) return kind;
      }
      return 'home';
    };

    /**
     * A member signed in before the measured run (sessions last days; most visits carry one). A busy
     * server's refusal is waited out as its Retry-After says, as the sign-in form's member would.
     */
    async function signedInCookie(index: number, attempt = 1): Promise<string> {
      const response = await fetch(`${url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url, 'x-forwarded-for': addressOf(index) },
        body: JSON.stringify({ email: `load${index}@example.com`, password: PASSWORD }),
      });
      const retryAfter = Number(response.headers.get('retry-after'));
      if (response.status === 503 && retryAfter > 0 && attempt < 30) {
        await response.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 * (0.5 + Math.random())));
        return signedInCookie(index, attempt + 1);
      }
      if (!response.ok) throw new Error(`warm-up sign-in ${index}: ${response.status}`);
      return response.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
    }

    async function user(index: number, startCookie: string) {
      const address = addressOf(index);
      const email = `load${index}@example.com`;
      let cookie = startCookie;
      let lastSignIn = 0;
      /**
       * One request, timed until its last byte arrived. The body is read as the server sent it, not
       * decoded: a browser decompresses on its own CPU, while here that work would run on the cores the
       * server is measured on, queued on the generator's own thread pool (docs/operations.md).
       */
      const call = async (
        kind: Kind,
        pathname: string,
        init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
        expected = 200,
      ) => {
        const started = performance.now();
        try {
          const response = await dispatcher.request({
            origin: url,
            path: pathname,
            method: init.method ?? 'GET',
            body: init.body,
            headers: {
              'x-forwarded-for': address,
              'accept-encoding': 'gzip, br',
              ...(cookie ? { cookie } : {}),
              ...init.headers,
            },
          });
          const body = Buffer.from(await response.body.arrayBuffer());
          const took = performance.now() - started;
          // A busy server's quick refusal, with when to come back, is not an error: counted apart.
          if (response.statusCode === 503 && Number(response.headers['retry-after']) > 0) {
            stats.get(kind)!.refusals.push(took);
            return null;
          }
          stats.get(kind)!.latencies.push(took);
          if (kind === 'home') homeParts.get(partOf(pathname))!.push(took);
          if (response.statusCode !== expected)
            fail(kind, `${pathname} answered ${response.statusCode}: ${body.toString('utf8').slice(0, 120)}`);
          return response;
        } catch (error) {
          fail(kind, `${pathname}: ${(error as Error).message}`);
          return null;
        }
      };
      const signIn = async () => {
        lastSignIn = Date.now();
        const response = await call('sign-in', '/api/auth/sign-in/email', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: url },
          body: JSON.stringify({ email, password: PASSWORD }),
        });
        const set = response?.headers['set-cookie'] ?? [];
        const lines = Array.isArray(set) ? set : [set];
        if (lines.length) cookie = lines.map((line) => line.split(';')[0]).join('; ');
      };
      // Arrivals spread over the first third of the run (at most 30 s), as visitors arrive.
      await new Promise((resolve) =>
        setTimeout(resolve, Math.random() * Math.min(30_000, (SECONDS * 1000) / 3)),
      );
      while (Date.now() < deadline) {
        let kind = pick();
        // At most one sign-in per member per 40 s: within the 10 per 15 minutes an account may try.
        if (kind === 'sign-in' && lastSignIn > 0 && Date.now() - lastSignIn < 40_000) kind = 'home';
        switch (kind) {
          case 'home':
            await Promise.all([
              call(kind, '/'),
              call(kind, script!),
              call(kind, '/api/market/metrics'),
              call(kind, '/api/market/fear-greed'),
            ]);
            break;
          case 'news':
            await call(kind, `/api/news?offset=${20 * Math.floor(Math.random() * 10)}`);
            break;
          case 'search': {
            const term = SEARCH_TERMS[Math.floor(Math.random() * SEARCH_TERMS.length)]!;
            await call(kind, `/api/news?q=${encodeURIComponent(term)}`);
            break;
          }
          case 'dashboard':
            await Promise.all([
              call(kind, '/api/session'),
              call(kind, '/api/market/metrics'),
              call(kind, '/api/market/history?series=price&range=7d'),
              call(kind, '/api/whales'),
            ]);
            break;
          case 'sse':
            await holdEvents(kind, address, cookie);
            break;
          case 'sign-in':
            await signIn();
            break;
        }
        await think();
      }
    }

    async function holdEvents(kind: Kind, address: string, cookie: string) {
      const controller = new AbortController();
      const started = performance.now();
      try {
        const response = await fetch(`${url}/api/events`, {
          headers: { 'x-forwarded-for': address, cookie, accept: 'text/event-stream' },
          signal: controller.signal,
          dispatcher,
        } as RequestInit);
        if (response.status !== 200 || !response.body) {
          fail(kind, `/api/events answered ${response.status}`);
          return;
        }
        const reader = response.body.getReader();
        let text = '';
        const timeout = setTimeout(() => controller.abort(), 10_000);
        while (!text.includes('event: ready')) {
          const { value, done } = await reader.read();
          if (done) break;
          text += Buffer.from(value).toString('utf8');
        }
        clearTimeout(timeout);
        if (!text.includes('event: ready')) fail(kind, '/api/events closed before ready');
        else stats.get(kind)!.latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 2000 + Math.random() * 3000));
        controller.abort();
        await reader.cancel().catch(() => undefined);
      } catch (error) {
        if (!controller.signal.aborted) fail(kind, `/api/events: ${(error as Error).message}`);
        else if (!stats.get(kind)!.latencies.length) fail(kind, '/api/events: no ready within 10 s');
      }
    }

    const started = performance.now();
    const rssBefore = process.memoryUsage().rss;
    await Promise.all(Array.from({ length: VUS }, (_, index) => user(index, cookies[index]!)));
    const elapsed = (performance.now() - started) / 1000;

    let total = 0;
    let errors = 0;
    const all: number[] = [];
    console.log(
      `\nload: ${VUS} users for ${SECONDS} s against the production build on PostgreSQL (${elapsed.toFixed(0)} s wall)`,
    );
    console.log('kind        requests  errors   p50 ms   p95 ms   p99 ms   max ms  refused  refusal p99 ms');
    let refused = 0;
    for (const kind of kinds) {
      const { latencies, errors: failed, refusals } = stats.get(kind)!;
      const sorted = [...latencies].sort((a, b) => a - b);
      const refusalsSorted = [...refusals].sort((a, b) => a - b);
      for (const latency of latencies) all.push(latency);
      total += latencies.length;
      errors += failed;
      refused += refusals.length;
      const cell = (value: number) => value.toFixed(0).padStart(8);
      console.log(
        `${kind.padEnd(10)} ${String(latencies.length).padStart(9)} ${String(failed).padStart(7)} ${cell(percentile(sorted, 50))} ${cell(percentile(sorted, 95))} ${cell(percentile(sorted, 99))} ${cell(sorted.at(-1) ?? 0)} ${String(refusals.length).padStart(8)} ${refusals.length ? cell(percentile(refusalsSorted, 99)).padStart(15) : '—'.padStart(15)}`,
      );
    }
    for (const [part, latencies] of homeParts) {
      const sorted = [...latencies].sort((a, b) => a - b);
      const cell = (value: number) => value.toFixed(0).padStart(8);
      console.log(
        `${`home:${part}`.padEnd(10)} ${String(sorted.length).padStart(9)} ${''.padStart(7)} ${cell(percentile(sorted, 50))} ${cell(percentile(sorted, 95))} ${cell(percentile(sorted, 99))} ${cell(sorted.at(-1) ?? 0)}`,
      );
    }
    all.sort((a, b) => a - b);
    console.log(
      `all        ${String(total).padStart(9)} ${String(errors).padStart(7)} ${percentile(all, 50).toFixed(0).padStart(8)} ${percentile(all, 95).toFixed(0).padStart(8)} ${percentile(all, 99).toFixed(0).padStart(8)} ${(all.at(-1) ?? 0).toFixed(0).padStart(8)}`,
    );
    console.log(
      `refused as busy (503 with Retry-After): ${refused}; the figures above are admitted requests`,
    );
    console.log(
      `throughput ${(total / elapsed).toFixed(0)} requests/s; load generator RSS grew ${((process.memoryUsage().rss - rssBefore) / 1e6).toFixed(0)} MB`,
    );
    for (const sample of errorSamples) console.log(`  error: ${sample}`);

    const health = await fetch(`${url}/api/health`).then(
      (response) => response.status,
      () => 0,
    );
    console.log(`health after the run: ${health}`);
    await dispatcher.close();
    return errors === 0 && health === 200;
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
    await handle.close();
    await database.drop();
  }
}
