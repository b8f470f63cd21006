import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
// undici's own fetch: Node's built-in one is an older undici and cannot take this Agent as dispatcher.
import { Agent, fetch as undiciFetch } from 'undici';
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
import { seedFlows } from './seed-flows';
import { percentile } from './support';

/**
 * The soak: LOAD_VUS virtual users for LOAD_SECONDS against the production build on PostgreSQL, each
 * a Premium member from their own address (TRUST_PROXY, as behind a balancer) holding a session from
 * before the run (members stay signed in for days), looping over a mixed workload with a think time:
 *   home (the page, its script and the market figures it shows), a news page, a news search, the
 *   dashboard's data (session, metrics, chart, whales), the whale page's (exchange flows and reserves
 *   over a range, the whale history), a live-events connection held a few seconds,
 *   and a sign-in (at most once per 40 s per member, within the sign-in limits).
 * Prints requests, errors and p50/p95/p99 per kind of the admitted requests, and apart the refusals
 * (503 with Retry-After: a busy server's fast no) with how long they took; exits 1 on any error (a
 * status other than the one expected, a network error, a stream that never said `ready`).
 *
 *   npm run bench -- load                       500 users, 5 minutes
 *   LOAD_SECONDS=30 npm run bench -- load       the short form `npm test` runs on PostgreSQL
 * Needs a PostgreSQL server: LOAD_DATABASE_URL or TEST_DATABASE_URL (a scratch database is created).
 * The parts (seed, server, members, report) serve `overload.bench.ts` too.
 */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const VUS = Number(process.env.LOAD_VUS ?? 500);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
const PASSWORD = 'Load-Password-1234';
const ARTICLES = 20_000;
const SEARCH_TERMS = ['escrow', 'ripple bank', 'validator', 'et', 'regulation', 'liquidity court'];

type Kind = 'home' | 'news' | 'search' | 'dashboard' | 'whales' | 'sse' | 'sign-in';
const kinds: Kind[] = ['home', 'news', 'search', 'dashboard', 'whales', 'sse', 'sign-in'];
const weights: Record<Kind, number> = {
  home: 25,
  news: 20,
  search: 15,
  dashboard: 20,
  whales: 5,
  sse: 10,
  'sign-in': 5,
};
const FLOW_RANGES = ['24h', '7d', '30d', '1y'] as const;
const ZONES = ['UTC', 'America/New_York', 'Asia/Tokyo'] as const;

interface Stats {
  /** Admitted requests: answered with what was asked for. */
  latencies: number[];
  /** When each admitted request ended, in ms from the run's start (for recovery windows). */
  endedAt: number[];
  errors: number;
  /** Errors that were the connection itself: reset, closed by the other side, refused. */
  dropped: number;
  /** Refused at once as busy (503 with Retry-After): how long each refusal took. */
  refusals: number[];
  refusedAt: number[];
}

/** What one run of members measured. */
export interface LoadResult {
  vus: number;
  seconds: number;
  elapsed: number;
  stats: Map<Kind, Stats>;
  /**
   * The requests of a home visit and of a whale page visit apart ("home:page", "whales:flows"):
   * which of them makes a slow visit, and each whale endpoint's own figures.
   */
  parts: Map<string, number[]>;
  errorSamples: string[];
}

/** The summary a caller compares: percentiles of admitted requests, refusals, errors, drops. */
export interface LoadSummary {
  requests: number;
  p50: number;
  p99: number;
  signInP99: number;
  refused: number;
  refusalP99: number;
  errors: number;
  dropped: number;
  throughput: number;
}

/** The part of a visit a request is: its row in the table under its kind. */
const partOf = (kind: Kind, pathname: string): string | null => {
  if (kind === 'home') {
    if (pathname === '/') return 'home:page';
    if (pathname.startsWith('/api/market/metrics')) return 'home:metrics';
    if (pathname.startsWith('/api/market/fear')) return 'home:fear-greed';
    return 'home:script';
  }
  if (kind === 'whales') {
    if (pathname.startsWith('/api/flows/exchanges')) return 'whales:flows';
    if (pathname.startsWith('/api/flows/reserves')) return 'whales:reserves';
    return 'whales:history';
  }
  return null;
};

/** Seeds `members` Premium members (load0… with one password), the articles, metrics and index. */
export async function seedLoad(handle: DatabaseHandle, members: number): Promise<void> {
  const runtime = await createRuntime({
    env: testEnv(),
    handle,
    logger: createLogger('silent'),
  });
  const context = await runtime.deps.auth.$context;
  // One hash for every account: hashing is the point of scrypt being slow, not of this set-up.
  const hash = await context.password.hash(PASSWORD);
  for (let start = 0; start < members; start += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, members - start) }, async (_, offset) => {
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
  await seedFlows(handle);
  // The seeded articles and whales queued 31,000 alert evaluations; a site that stored them over
  // months evaluated each long ago, so the run starts with the queue empty, as a live site's is.
  await sql`DELETE FROM alert_queue`.execute(handle.db);
  await seedMetrics(handle);
  await seedFearGreed(handle);
  await sql`ANALYZE`.execute(handle.db);
}

const addressOf = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

export async function startLoadServer(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
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
      LOG_LEVEL: 'error',
      SSE_HEARTBEAT_SECONDS: '15',
      // One per core unless LOAD_WEB_CONCURRENCY says (1: the single process before ADR 0052).
      WEB_CONCURRENCY: process.env.LOAD_WEB_CONCURRENCY ?? '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(url, child);
  return { url, child };
}

export async function stopLoadServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** The server under load, with the entry script the home page loads and one connection pool. */
export interface LoadTarget {
  url: string;
  script: string;
  dispatcher: Agent;
  /** When each member last signed in (ms epoch), across runs: within the account's sign-in limit. */
  lastSignIn: Map<number, number>;
}

export async function loadTarget(url: string, connections: number): Promise<LoadTarget> {
  const html = await (await fetch(`${url}/`)).text();
  // The entry, which index.html's inline loader adds once the page has painted (ADR 0060).
  const script = /\.src="(\/assets\/index-[\w-]+\.js)"/.exec(html)?.[1];
  if (!script) throw new Error("The home page's loader names no entry script");
  const dispatcher = new Agent({ connections, keepAliveTimeout: 30_000, pipelining: 1 });
  return { url, script, dispatcher, lastSignIn: new Map() };
}

/**
 * Signs in members 0…count-1 before a measured run (sessions last days; most visits carry one), 16 at
 * a time. A busy server's refusal is waited out as its Retry-After says, as the form's member would.
 */
export async function signInMembers(target: LoadTarget, count: number): Promise<string[]> {
  const cookies: string[] = [];
  const warm = performance.now();
  let refused = 0;
  const signedInCookie = async (index: number, attempt = 1): Promise<string> => {
    const response = await fetch(`${target.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: target.url,
        'x-forwarded-for': addressOf(index),
      },
      body: JSON.stringify({ email: `load${index}@example.com`, password: PASSWORD }),
    });
    const retryAfter = Number(response.headers.get('retry-after'));
    if (response.status === 503 && retryAfter > 0 && attempt < 30) {
      refused += 1;
      await response.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 * (0.5 + Math.random())));
      return signedInCookie(index, attempt + 1);
    }
    if (!response.ok) throw new Error(`warm-up sign-in ${index}: ${response.status}`);
    return response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
  };
  for (let start = 0; start < count; start += 16)
    cookies.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(16, count - start) }, (_, offset) => signedInCookie(start + offset)),
      )),
    );
  console.log(
    `load: ${count} members signed in before the run in ${((performance.now() - warm) / 1000).toFixed(1)} s (${refused} refusals waited out)`,
  );
  return cookies;
}

const DROPPED = /other side closed|socket|ECONNRESET|ECONNREFUSED|EPIPE|terminated/i;

/**
 * `cookies.length` members (member i holding cookies[i]) loop over the mixed workload for `seconds`,
 * arriving over `arrivalMs`, each with a think time of 0.3–1 s.
 */
export async function runMembers(
  target: LoadTarget,
  cookies: readonly string[],
  seconds: number,
  arrivalMs = Math.min(30_000, (seconds * 1000) / 3),
): Promise<LoadResult> {
  const { url, script, dispatcher } = target;
  const stats = new Map<Kind, Stats>(
    kinds.map((kind) => [
      kind,
      { latencies: [], endedAt: [], errors: 0, dropped: 0, refusals: [], refusedAt: [] },
    ]),
  );
  const errorSamples: string[] = [];
  const parts = new Map<string, number[]>(
    [
      'home:page',
      'home:script',
      'home:metrics',
      'home:fear-greed',
      'whales:flows',
      'whales:reserves',
      'whales:history',
    ].map((part) => [part, []]),
  );
  const runStart = performance.now();
  const fail = (kind: Kind, message: string, dropped = false) => {
    stats.get(kind)!.errors += 1;
    if (dropped) stats.get(kind)!.dropped += 1;
    if (errorSamples.length < 10) errorSamples.push(`${kind}: ${message}`);
  };
  const admitted = (kind: Kind, took: number) => {
    stats.get(kind)!.latencies.push(took);
    stats.get(kind)!.endedAt.push(performance.now() - runStart);
  };
  const deadline = Date.now() + seconds * 1000;
  const think = () => new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 700));
  const pick = (): Kind => {
    let roll = Math.random() * 100;
    for (const kind of kinds) {
      roll -= weights[kind];
      if (roll < 0) return kind;
    }
    return 'home';
  };

  async function user(index: number, startCookie: string) {
    const address = addressOf(index);
    const email = `load${index}@example.com`;
    let cookie = startCookie;
    /**
     * One request, timed until its last byte arrived. The body is read as the server sent it, not
     * decoded: a browser decompresses on its own CPU, while here that work would run on the cores the
     * server is measured on, queued on the generator's own thread pool (bench/RESULTS.md).
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
          stats.get(kind)!.refusedAt.push(performance.now() - runStart);
          return null;
        }
        admitted(kind, took);
        const part = partOf(kind, pathname);
        if (part) parts.get(part)!.push(took);
        if (response.statusCode !== expected)
          fail(kind, `${pathname} answered ${response.statusCode}: ${body.toString('utf8').slice(0, 120)}`);
        return response;
      } catch (error) {
        const message = (error as Error).message;
        fail(kind, `${pathname}: ${message}`, DROPPED.test(message));
        return null;
      }
    };
    const signIn = async () => {
      target.lastSignIn.set(index, Date.now());
      const response = await call('sign-in', '/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      const set = response?.headers['set-cookie'] ?? [];
      const lines = Array.isArray(set) ? set : [set];
      if (lines.length) cookie = lines.map((line) => line.split(';')[0]).join('; ');
    };
    await new Promise((resolve) => setTimeout(resolve, Math.random() * arrivalMs));
    while (Date.now() < deadline) {
      let kind = pick();
      // At most one sign-in per member per 40 s: within the 10 per 15 minutes an account may try.
      const last = target.lastSignIn.get(index) ?? 0;
      if (kind === 'sign-in' && Date.now() - last < 40_000) kind = 'home';
      switch (kind) {
        case 'home':
          await Promise.all([
            call(kind, '/'),
            call(kind, script),
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
        case 'whales': {
          // The whale page: the flows and reserves of a range in one of a few zones, and the history.
          const range = FLOW_RANGES[Math.floor(Math.random() * FLOW_RANGES.length)]!;
          const tz = encodeURIComponent(ZONES[Math.floor(Math.random() * ZONES.length)]!);
          await Promise.all([
            call(kind, `/api/flows/exchanges?range=${range}&tz=${tz}`),
            call(kind, `/api/flows/reserves?range=${range}&tz=${tz}`),
            call(kind, '/api/whales/history'),
          ]);
          break;
        }
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
      const response = await undiciFetch(`${url}/api/events`, {
        headers: { 'x-forwarded-for': address, cookie, accept: 'text/event-stream' },
        signal: controller.signal,
        dispatcher,
      });
      if (response.status === 503 && Number(response.headers.get('retry-after')) > 0) {
        stats.get(kind)!.refusals.push(performance.now() - started);
        stats.get(kind)!.refusedAt.push(performance.now() - runStart);
        await response.body?.cancel();
        return;
      }
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
      else admitted(kind, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 2000 + Math.random() * 3000));
      controller.abort();
      await reader.cancel().catch(() => undefined);
    } catch (error) {
      const message = (error as Error).message;
      if (!controller.signal.aborted) fail(kind, `/api/events: ${message}`, DROPPED.test(message));
      else fail(kind, '/api/events: no ready within 10 s');
    }
  }

  await Promise.all(cookies.map((cookie, index) => user(index, cookie)));
  const elapsed = (performance.now() - runStart) / 1000;
  return { vus: cookies.length, seconds, elapsed, stats, parts, errorSamples };
}

const cell = (value: number) => (Number.isNaN(value) ? '—' : value.toFixed(0)).padStart(8);
const sortedOf = (values: readonly number[]) => [...values].sort((a, b) => a - b);

/** Prints the run's table (admitted requests per kind, refusals apart) and returns its summary. */
export function reportLoad(label: string, result: LoadResult): LoadSummary {
  console.log(`\nload: ${label} (${result.elapsed.toFixed(0)} s wall)`);
  console.log(
    'kind        requests  errors   p50 ms   p95 ms   p99 ms   max ms  refused  refusal p99 ms  dropped',
  );
  const all: number[] = [];
  const refusals: number[] = [];
  let errors = 0;
  let dropped = 0;
  for (const kind of kinds) {
    const kindStats = result.stats.get(kind)!;
    const sorted = sortedOf(kindStats.latencies);
    // One by one: a five-minute run's latencies are too many for one call's arguments.
    for (const latency of kindStats.latencies) all.push(latency);
    for (const refusal of kindStats.refusals) refusals.push(refusal);
    errors += kindStats.errors;
    dropped += kindStats.dropped;
    const refused = sortedOf(kindStats.refusals);
    console.log(
      `${kind.padEnd(10)} ${String(sorted.length).padStart(9)} ${String(kindStats.errors).padStart(7)} ${cell(percentile(sorted, 50))} ${cell(percentile(sorted, 95))} ${cell(percentile(sorted, 99))} ${cell(sorted.at(-1) ?? Number.NaN)} ${String(refused.length).padStart(8)} ${cell(percentile(refused, 99)).padStart(15)} ${String(kindStats.dropped).padStart(8)}`,
    );
  }
  for (const [part, latencies] of result.parts) {
    const sorted = sortedOf(latencies);
    console.log(
      `${part.padEnd(16)} ${String(sorted.length).padStart(3)} ${''.padStart(7)} ${cell(percentile(sorted, 50))} ${cell(percentile(sorted, 95))} ${cell(percentile(sorted, 99))} ${cell(sorted.at(-1) ?? Number.NaN)}`,
    );
  }
  const sorted = sortedOf(all);
  const refusedSorted = sortedOf(refusals);
  console.log(
    `all        ${String(sorted.length).padStart(9)} ${String(errors).padStart(7)} ${cell(percentile(sorted, 50))} ${cell(percentile(sorted, 95))} ${cell(percentile(sorted, 99))} ${cell(sorted.at(-1) ?? Number.NaN)} ${String(refusals.length).padStart(8)} ${cell(percentile(refusedSorted, 99)).padStart(15)} ${String(dropped).padStart(8)}`,
  );
  const throughput = sorted.length / result.elapsed;
  console.log(
    `refused as busy (503 with Retry-After): ${refusals.length}; the percentiles are of admitted requests; ${throughput.toFixed(0)} requests/s`,
  );
  for (const sample of result.errorSamples) console.log(`  error: ${sample}`);
  return {
    requests: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    signInP99: percentile(sortedOf(result.stats.get('sign-in')!.latencies), 99),
    refused: refusals.length,
    refusalP99: percentile(refusedSorted, 99),
    errors,
    dropped,
    throughput,
  };
}

/**
 * The p99 of admitted requests and the refusals in each `windowMs` of a run, by when they ended: how
 * soon a server came back to its quiet figures.
 */
export function windowsOf(result: LoadResult, windowMs: number): { p99: number; refused: number }[] {
  // The run's own seconds: after them only the last requests in flight end, a window of stragglers.
  const count = Math.max(1, Math.floor((result.seconds * 1000) / windowMs));
  const windows = Array.from({ length: count }, () => ({ latencies: [] as number[], refused: 0 }));
  for (const kindStats of result.stats.values()) {
    kindStats.endedAt.forEach((at, index) =>
      windows[Math.floor(at / windowMs)]?.latencies.push(kindStats.latencies[index]!),
    );
    for (const at of kindStats.refusedAt) {
      const window = windows[Math.floor(at / windowMs)];
      if (window) window.refused += 1;
    }
  }
  return windows.map((window) => ({
    p99: percentile(sortedOf(window.latencies), 99),
    refused: window.refused,
  }));
}

/** A scratch PostgreSQL database seeded for `members`, or null (with a line) when none is set. */
export async function loadDatabase(bench: string, members: number) {
  const serverUrl = process.env.LOAD_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.log(`${bench}: skipped — set LOAD_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server`);
    return null;
  }
  if (!isBuildCurrent(root)) buildWebApp(root);
  const database = await createServerDatabase(serverUrl);
  const handle = await openDatabase({ kind: 'postgres', url: database.url });
  const seeded = performance.now();
  await seedLoad(handle, members);
  console.log(
    `${bench}: ${members} users, ${ARTICLES.toLocaleString('en-US')} articles seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );
  return {
    url: database.url,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

export async function benchLoad(): Promise<boolean> {
  const database = await loadDatabase('load', VUS);
  if (!database) return true;
  const server = await startLoadServer(database.url);
  // Stopped however the run ends: a run that throws must not leave a server cluster behind.
  try {
    const target = await loadTarget(server.url, VUS * 2);
    const cookies = await signInMembers(target, VUS);
    const rssBefore = process.memoryUsage().rss;
    const result = await runMembers(target, cookies, SECONDS);
    const summary = reportLoad(
      `${VUS} users for ${SECONDS} s against the production build on PostgreSQL`,
      result,
    );
    console.log(`load generator RSS grew ${((process.memoryUsage().rss - rssBefore) / 1e6).toFixed(0)} MB`);
    const health = await fetch(`${server.url}/api/health`).then(
      (response) => response.status,
      () => 0,
    );
    console.log(`health after the run: ${health}`);
    await target.dispatcher.close();
    return summary.errors === 0 && health === 200;
  } finally {
    await stopLoadServer(server.child);
    await database.close();
  }
}
