import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { NEWS_CATEGORIES } from '../src/domain/news/categories';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { listNews } from '../src/server/features/news/news.service';
import { newsJob } from '../src/server/jobs/news.job';
import { createLogger } from '../src/server/lib/logger';
import { createRuntime } from '../src/server/runtime';
import { startFixtureServer } from '../tests/support/fixture-server';
import { testEnv } from '../tests/support/test-app';
import { percentile, postgresTargets, type BenchHandle } from './support';

/**
 * News at scale, on embedded PGlite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL:
 * - ingestion of FEEDS feeds × ITEMS items from a local server: a cold run (everything new), then a
 *   run where every feed answers 304 — the second is what a scheduled refresh costs most of the time;
 * - search latency (p50/p95) over ARTICLES articles for full-text terms, short substrings, a
 *   category filter and the plain newest-first page, the baseline every search is compared with.
 */
const FEEDS = Number(process.env.BENCH_NEWS_FEEDS ?? 100);
const ITEMS = Number(process.env.BENCH_NEWS_ITEMS ?? 100);
const ARTICLES = Number(process.env.BENCH_NEWS_ARTICLES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_NEWS_RUNS ?? 30);

function feedXml(feed: number): string {
  const items = Array.from({ length: ITEMS }, (_, item) => {
    const id = `${feed}-${item}`;
    return `<item><title>XRP story ${id}: Ripple partners with bank ${item}</title>
<link>https://news${feed}.example/xrp/${id}?utm_source=rss</link><guid>urn:bench:${id}</guid>
<pubDate>${new Date(Date.UTC(2026, 0, 1) + item * 60_000).toUTCString()}</pubDate><category>XRP</category>
<description><![CDATA[<p>Synthetic body ${id} about the <b>XRP Ledger</b>, payments and regulation.</p><script>x()</script>]]></description></item>`;
  }).join('\n');
  return `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Bench ${feed}</title><link>https://news${feed}.example/</link>${items}</channel></rss>`;
}

async function ingest(handle: DatabaseHandle, label: string): Promise<void> {
  const server = await startFixtureServer();
  for (let feed = 0; feed < FEEDS; feed += 1) {
    const body = feedXml(feed);
    const etag = `"bench-${feed}"`;
    server.route(`/feed-${feed}.xml`, (request, response) => {
      if (request.headers['if-none-match'] === etag) {
        response.writeHead(304, { etag });
        response.end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/rss+xml', etag });
      response.end(body);
    });
  }
  const env = testEnv({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1' });
  const runtime = await createRuntime({ env, handle, logger: createLogger('silent') });
  const { db } = runtime.deps;
  await db.deleteFrom('rss_feeds').execute();
  await db
    .insertInto('rss_feeds')
    .values(
      Array.from({ length: FEEDS }, (_, feed) => ({
        name: `Bench ${feed}`,
        url: `${server.url}/feed-${feed}.xml`,
        feed_type: 'rss' as const,
        category: 'XRP',
      })),
    )
    .execute();
  const source = await db
    .selectFrom('api_sources')
    .selectAll()
    .where('api_type', '=', 'news')
    .executeTakeFirstOrThrow();
  const context = { db, env, logger: createLogger('silent'), source };

  let started = performance.now();
  const cold = await newsJob.source!.sync(context);
  const coldSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  const warm = await newsJob.source!.sync(context);
  const warmSeconds = (performance.now() - started) / 1000;
  await server.close();

  console.log(`\nnews ingestion on ${label}: ${FEEDS} feeds × ${ITEMS} items`);
  console.log(
    `  cold run            ${cold.recordsProcessed} new articles in ${coldSeconds.toFixed(2)} s = ${(cold.recordsProcessed / coldSeconds).toFixed(0)} items/s`,
  );
  console.log(
    `  all-304 run         ${warm.recordsProcessed} new in ${warmSeconds.toFixed(2)} s (${(warmSeconds / coldSeconds).toFixed(3)}× the cold run)`,
  );
}

export async function seedArticles(handle: DatabaseHandle, count = ARTICLES): Promise<number> {
  const { db } = handle;
  const words = [
    'ripple',
    'ledger',
    'payments',
    'escrow',
    'validator',
    'liquidity',
    'bank',
    'court',
    'regulation',
    'etf',
  ];
  const categories = [...NEWS_CATEGORIES];
  const batch = 50_000;
  const started = performance.now();
  for (let start = 0; start < count; start += batch) {
    const end = Math.min(count, start + batch);
    await sql`
      INSERT INTO news_articles (title, body, body_text, url, source_name, categories, published_at)
      SELECT
        'XRP ' || (${sql.val(words)}::text[])[1 + i % 10] || ' update ' || i,
        '',
        'Story ' || i || ' about the ' || (${sql.val(words)}::text[])[1 + (i / 10) % 10] || ' and ' ||
          (${sql.val(words)}::text[])[1 + (i / 100) % 10] || ' of the XRP Ledger, number ' || (i::bigint * 7919 % 100003),
        'https://bench.example/a/' || i,
        'Source ' || (i % 40),
        ARRAY[(${sql.val(categories)}::text[])[1 + i % 9], 'XRP'],
        now() - make_interval(mins => i)
      FROM generate_series(${start}::int, ${end - 1}::int) AS i
    `.execute(db);
  }
  await sql`ANALYZE news_articles`.execute(db);
  return (performance.now() - started) / 1000;
}

/** 400 market-metric rows, one per 5 minutes back from now, for the reads that show them. */
export async function seedMetrics(handle: DatabaseHandle): Promise<void> {
  await sql`
    INSERT INTO crypto_metrics (symbol, price, market_cap, volume_24h, created_at)
    SELECT 'XRP', 2 + i / 1000.0, 120e9 + i * 1e6, 4e9, now() - make_interval(mins => 5 * i)
    FROM generate_series(0, 400) AS i`.execute(handle.db);
}

/** 400 days of the Fear & Greed index, one reading a day. */
export async function seedFearGreed(handle: DatabaseHandle): Promise<void> {
  await sql`
    INSERT INTO fear_greed_index (value, value_classification, timestamp)
    SELECT 40 + i % 30, 'Neutral', date_trunc('day', now()) - make_interval(days => i)
    FROM generate_series(0, 400) AS i`.execute(handle.db);
}

async function search(handle: DatabaseHandle, label: string): Promise<void> {
  const seconds = await seedArticles(handle);
  console.log(
    `\nnews search on ${label}: ${ARTICLES.toLocaleString('en-US')} articles (seeded in ${seconds.toFixed(0)} s), ${RUNS} runs each`,
  );
  const cases: [string, Parameters<typeof listNews>[1]][] = [
    ['newest 50 (baseline)', { category: 'all', limit: 50, offset: 0 }],
    ['full text "escrow"', { q: 'escrow', category: 'all', limit: 50, offset: 0 }],
    ['full text "court regulation"', { q: 'court regulation', category: 'all', limit: 50, offset: 0 }],
    ['full text, rare "99991"', { q: '99991', category: 'all', limit: 50, offset: 0 }],
    ['substring "et" (short)', { q: 'et', category: 'all', limit: 50, offset: 0 }],
    ['category REGULATION', { category: 'REGULATION', limit: 50, offset: 0 }],
    ['"ledger" + TECHNOLOGY', { q: 'ledger', category: 'TECHNOLOGY', limit: 50, offset: 0 }],
  ];
  let baseline = 0;
  for (const [name, query] of cases) {
    await listNews(handle.db, query); // warm-up
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      await listNews(handle.db, query);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    if (!baseline) baseline = p50;
    console.log(
      `  ${name.padEnd(30)} p50 ${p50.toFixed(1).padStart(7)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms  ${(p50 / baseline).toFixed(1)}× baseline`,
    );
  }
}

export async function benchNews(): Promise<void> {
  const targets: { label: string; open(): Promise<BenchHandle> }[] = [
    { label: 'PGlite', open: () => openDatabase({ kind: 'memory' }) },
    ...postgresTargets('news'),
  ];
  for (const target of targets) {
    const handle = await target.open();
    try {
      await ingest(handle, target.label);
      await search(handle, target.label);
    } finally {
      await handle.close();
      await handle.drop?.();
    }
  }
}
