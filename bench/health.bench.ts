import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { openDatabase } from '../src/server/db/client';
import { createLogger } from '../src/server/lib/logger';
import { createRuntime } from '../src/server/runtime';
import { testEnv } from '../tests/support/test-app';
import { seedArticles, seedMetrics } from './news.bench';

/**
 * The hot read endpoints — market metrics (the dashboard's overview) and news page 1 — and
 * GET /api/health (the full middleware stack plus a `select 1`), on embedded PGlite with data in
 * it, against a bare node:http server answering the same JSON, in the same process and run:
 * requests/s and p99 latency at 100 connections.
 */
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 100;

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

interface Figure {
  rps: number;
  p99: number;
}

async function measure(url: string, expectedStatus = 200): Promise<Figure> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1 }); // warm-up
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  const unexpected = expectedStatus === 200 ? result.non2xx : result.requests.total - result.non2xx;
  if (unexpected > 0 || result.errors > 0)
    throw new Error(`${url}: ${unexpected} unexpected answers, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

export async function benchHealth(): Promise<void> {
  const body = JSON.stringify({
    status: 'ok',
    database: 'ok',
    databaseKind: 'pglite',
    version: '0.1.0',
    uptimeSeconds: 1,
  });
  const bare = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  const barePort = await listen(bare);

  const handle = await openDatabase({ kind: 'memory' });
  // The production default: market figures kept in memory until a change is announced.
  const runtime = await createRuntime({
    env: testEnv({ READ_CACHE_SECONDS: '60' }),
    handle,
    logger: createLogger('silent'),
  });
  await seedArticles(handle, 10_000);
  await seedMetrics(handle);
  const app = serve({ fetch: runtime.app.fetch, port: 0, hostname: '127.0.0.1' }) as http.Server;
  await new Promise((resolve) => app.once('listening', resolve));
  const appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  // The baseline answers with the bytes of a real news page, so both sides send as much.
  const newsPage = await (await fetch(`${appUrl}/api/news`)).text();
  const bareNews = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(newsPage);
  });
  const bareNewsPort = await listen(bareNews);

  const baseline = await measure(`http://127.0.0.1:${barePort}/`);
  const baselineNews = await measure(`http://127.0.0.1:${bareNewsPort}/`);
  const rows: [string, Figure, Figure][] = [
    ['API 404 JSON (middleware, no db)', await measure(`${appUrl}/api/no-such-route`, 404), baseline],
    ['GET /api/health (select 1)', await measure(`${appUrl}/api/health`), baseline],
    ['GET /api/market/metrics', await measure(`${appUrl}/api/market/metrics`), baseline],
    ['GET /api/news (page 1, 10k stored)', await measure(`${appUrl}/api/news`), baselineNews],
  ];
  const cells = (figure: Figure) =>
    `${figure.rps.toFixed(0).padStart(7)} req/s  p99 ${String(figure.p99).padStart(4)} ms`;
  console.log(
    `hot reads: ${CONNECTIONS} connections, ${DURATION_S} s per target, embedded PGlite, same process`,
  );
  console.log(`${'bare node:http, small JSON (baseline)'.padEnd(40)} ${cells(baseline)}`);
  console.log(`${'bare node:http, a news page (baseline)'.padEnd(40)} ${cells(baselineNews)}`);
  for (const [label, figure, base] of rows)
    console.log(`${label.padEnd(40)} ${cells(figure)}  ${(figure.rps / base.rps).toFixed(2)}× bare`);

  bareNews.close();
  bare.close();
  app.close();
  await handle.close();
}
