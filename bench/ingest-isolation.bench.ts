import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { E2E_PASSWORD } from '../tests/e2e/users';
import {
  apiClient,
  runCli,
  signInCookie,
  startAppProcess,
  type AppProcess,
} from '../tests/support/app-process';
import { createServerDatabase } from '../tests/support/test-db';
import { listen, percentile } from './support';

/**
 * A hostile or huge feed against a running server, on embedded PGlite and (with
 * BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL. Three feeds are subscribed: 50,000 short items,
 * one item whose title is ~4.5 MB of `<br`, and one whose body is ~4.5 MB of `<img ` (under the 5 MB
 * body cap). While an admin's "Sync now" reads them, a client reads `/api/health` and the cached
 * market read every 50 ms. Printed beside the same reads with no sync running, on the same server:
 * the reads' p50/p99 and the server's own event-loop delay (its admin health detail).
 */
const INTERVAL_MS = 50;
const IDLE_MS = Number(process.env.BENCH_ISOLATION_IDLE_MS ?? 8_000);
const BIG_ITEMS = Number(process.env.BENCH_ISOLATION_ITEMS ?? 50_000);
const HOSTILE_BYTES = Number(process.env.BENCH_ISOLATION_BYTES ?? 4.5 * 1024 * 1024);
const ADMIN = 'isolation-admin@example.com';

function rss(items: string): string {
  return `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Hostile</title><link>https://hostile.example/</link>${items}</channel></rss>`;
}
const item = (id: string, title: string, body = 'Body') =>
  `<item><title>${title}</title><link>https://hostile.example/${id}</link><guid>${id}</guid><pubDate>${new Date(Date.UTC(2026, 10, 1) + Number(id.replace(/\D/g, '') || 0) * 1000).toUTCString()}</pubDate><description>${body}</description></item>`;

function hostileFeeds(): Record<string, string> {
  // Short, undated items (about 67 bytes each), so 50,000 of them fit under the 5 MB body cap.
  const many = Array.from(
    { length: BIG_ITEMS },
    (_, index) => `<item><title>XRP ${index}</title><link>https://h.io/${index}</link></item>`,
  ).join('');
  // Escaped in XML, so the title's text is the markup an HTML-to-text step sees.
  const brs = '&lt;br'.repeat(Math.floor(HOSTILE_BYTES / 6));
  const imgs = '&lt;img '.repeat(Math.floor(HOSTILE_BYTES / 8));
  return {
    '/many.xml': rss(many),
    '/br.xml': rss(item('br1', `XRP title ${brs} end`)),
    '/img.xml': rss(item('img1', 'XRP image body', `Before ${imgs} after`)),
  };
}

interface Reads {
  health: number[];
  market: number[];
  failed: number;
}

/** Reads both URLs every 50 ms until `until` resolves; each read's latency in ms. */
async function readWhile(app: AppProcess, until: Promise<unknown>): Promise<Reads> {
  const reads: Reads = { health: [], market: [], failed: 0 };
  let done = false;
  void until.finally(() => (done = true));
  const timed = async (pathname: string, into: number[]) => {
    const started = performance.now();
    const response = await fetch(`${app.url}${pathname}`).catch(() => null);
    if (!response?.ok) reads.failed += 1;
    await response?.arrayBuffer();
    into.push(performance.now() - started);
  };
  while (!done) {
    const tick = new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
    await Promise.all([timed('/api/health', reads.health), timed('/api/market/metrics', reads.market)]);
    await tick;
  }
  return reads;
}

const fmt = (values: number[], p: number) =>
  `${percentile(
    [...values].sort((a, b) => a - b),
    p,
  ).toFixed(1)}`;

async function eventLoop(app: AppProcess, cookie: string) {
  const body = (await (await apiClient(app.url, cookie).health.$get()).json()) as {
    eventLoop?: { p99Ms: number | null; maxMs: number | null };
  };
  return body.eventLoop;
}

async function measure(label: string, env: Record<string, string>, feedsUrl: string) {
  const app = await startAppProcess({ ...env, SYNC_DISABLED: 'true', LOG_LEVEL: 'warn' });
  try {
    runCli(app.env, ['user:create', '--email', ADMIN, '--password', E2E_PASSWORD, '--role', 'admin']);
    const cookie = await signInCookie(app.url, ADMIN, E2E_PASSWORD);
    const admin = apiClient(app.url, cookie);
    for (const name of Object.keys(hostileFeeds()))
      await admin.admin.feeds.$post({
        json: { name: `Hostile ${name}`, url: `${feedsUrl}${name}`, feedType: 'rss', category: 'XRP' },
      });
    // Only the hostile feeds: the seeded public ones cannot be reached from here.
    for (const feed of (await (await admin.admin.feeds.$get()).json()) as { id: string; name: string }[])
      if (!feed.name.startsWith('Hostile'))
        await admin.admin.feeds[':id'].$patch({ param: { id: feed.id }, json: { enabled: false } });
    const sources = (await (await admin.admin.sources.$get()).json()) as { id: string; apiType: string }[];
    const news = sources.find((source) => source.apiType === 'news');
    if (!news) throw new Error('no news source');

    const idle = await readWhile(app, new Promise((resolve) => setTimeout(resolve, IDLE_MS)));
    const idleLoop = await eventLoop(app, cookie);

    const started = performance.now();
    const sync = admin.admin.sources[':id'].sync.$post({ param: { id: news.id } });
    const during = await readWhile(app, sync);
    const syncMs = performance.now() - started;
    const syncLoop = await eventLoop(app, cookie);
    const outcome = (await (await sync).json()) as {
      status: string;
      log?: { recordsProcessed?: number; details?: string | null; errorMessage?: string | null };
    };

    const row = (phase: string, reads: Reads, loop: typeof idleLoop) =>
      console.log(
        `${`${label}, ${phase}`.padEnd(34)} health p50 ${fmt(reads.health, 50).padStart(6)} p99 ${fmt(reads.health, 99).padStart(7)} ms · market p50 ${fmt(reads.market, 50).padStart(6)} p99 ${fmt(reads.market, 99).padStart(7)} ms · event loop p99 ${String(loop?.p99Ms ?? '—').padStart(6)} max ${String(loop?.maxMs ?? '—').padStart(7)} ms · ${reads.health.length} reads, ${reads.failed} failed`,
      );
    row('no sync (baseline)', idle, idleLoop);
    row('during the sync', during, syncLoop);
    console.log(
      `${label}: sync ${outcome.status} in ${(syncMs / 1000).toFixed(1)} s, ${outcome.log?.recordsProcessed ?? '—'} articles stored (${outcome.log?.details ?? outcome.log?.errorMessage ?? ''})`,
    );
  } catch (error) {
    console.error(`${label}: the server's log\n${app.output().slice(-4000)}`);
    throw error;
  } finally {
    await app.stop();
  }
}

export async function benchIngestIsolation(): Promise<void> {
  const feeds = hostileFeeds();
  const server = http.createServer((request, response) => {
    const body = feeds[request.url ?? ''];
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/rss+xml; charset=utf-8' });
    response.end(body ?? '');
  });
  const feedsUrl = `http://127.0.0.1:${await listen(server)}`;
  console.log(
    `\ningest isolation: ${BIG_ITEMS.toLocaleString('en-US')}-item feed, ${(HOSTILE_BYTES / 1048576).toFixed(1)} MB of <br in a title, the same of <img in a body; reads every ${INTERVAL_MS} ms`,
  );
  try {
    await measure('PGlite', {}, feedsUrl);
    const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (!serverUrl) {
      console.log(
        'ingest isolation: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure PostgreSQL too',
      );
      return;
    }
    const database = await createServerDatabase(serverUrl);
    try {
      await measure('PostgreSQL', { DATABASE_URL: database.url }, feedsUrl);
    } finally {
      await database.drop();
    }
  } finally {
    server.close();
  }
}
