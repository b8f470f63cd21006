import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { openDatabase } from '../src/server/db/client';
import { createLogger } from '../src/server/lib/logger';
import { createRuntime } from '../src/server/runtime';
import { testEnv } from '../tests/support/test-app';
import { seedArticles, seedMetrics } from './news.bench';
import { bareServer } from './support';

/**
 * The hot read endpoints — market metrics (the dashboard's overview) and news page 1 — plus
 * GET /api/health (the middleware stack and a `select 1`) and a 404 (the middleware stack alone), on
 * embedded PGlite with data in it, at 100 connections: requests/s and p99 latency against two bare
 * node:http servers in the same process, each measured just before the target (the machine's speed
 * drifts over a run):
 * - "small": a minimal JSON answer (one header, the health document), as the issue states it;
 * - "same bytes": the very answer the app gives for that URL — status, body and every header
 *   (the security headers are a third of the bytes; sending them costs node:http itself ~30 %).
 * The machine's speed drifts by a third or more within seconds (a shared virtual machine), so each
 * target is measured in BENCH_ROUNDS rounds (5) of the three, BENCH_DURATION seconds (2) each, and the
 * median round's ratios are printed with the lowest and highest.
 */
const DURATION_S = Number(process.env.BENCH_DURATION ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = 100;

interface Figure {
  rps: number;
  p99: number;
}

async function measure(url: string, expectedStatus = 200, warm = false): Promise<Figure> {
  if (warm) await autocannon({ url, connections: CONNECTIONS, duration: 1 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  const unexpected = expectedStatus === 200 ? result.non2xx : result.requests.total - result.non2xx;
  if (unexpected > 0 || result.errors > 0)
    throw new Error(`${url}: ${unexpected} unexpected answers, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

export async function benchHealth(): Promise<void> {
  const small = await bareServer(
    200,
    { 'content-type': 'application/json' },
    JSON.stringify({
      status: 'ok',
      database: 'ok',
      databaseKind: 'pglite',
      version: '0.1.0',
      uptimeSeconds: 1,
    }),
  );

  const handle = await openDatabase({ kind: 'memory' });
  // The production default: hot reads kept in memory until a change is announced.
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

  const targets: [string, string][] = [
    ['API 404 JSON (middleware, no db)', '/api/no-such-route'],
    ['GET /api/health (select 1)', '/api/health'],
    ['GET /api/market/metrics', '/api/market/metrics'],
    ['GET /api/news (page 1, 10k stored)', '/api/news'],
  ];
  const cells = (figure: Figure) =>
    `${figure.rps.toFixed(0).padStart(7)} req/s  p99 ${String(figure.p99).padStart(4)} ms`;
  console.log(
    `hot reads: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s per target, embedded PGlite, same process`,
  );
  for (const [label, path] of targets) {
    const sample = await fetch(`${appUrl}${path}`);
    const headers = Object.fromEntries(sample.headers);
    delete headers.date; // node:http adds its own
    delete headers.connection;
    delete headers['keep-alive'];
    const same = await bareServer(sample.status, headers, await sample.text());
    const rounds: { small: Figure; same: Figure; app: Figure; ratio: number }[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const smallFigure = await measure(small.url, 200, round === 0);
      const sameFigure = await measure(same.url, sample.status, round === 0);
      const figure = await measure(`${appUrl}${path}`, sample.status, round === 0);
      rounds.push({ small: smallFigure, same: sameFigure, app: figure, ratio: figure.rps / smallFigure.rps });
    }
    same.server.close();
    const ratios = rounds.map((round) => round.ratio).sort((a, b) => a - b);
    const sameRatios = rounds.map((round) => round.app.rps / round.same.rps).sort((a, b) => a - b);
    const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)]!;
    const range = (sorted: number[]) => `${sorted[0]!.toFixed(2)}–${sorted.at(-1)!.toFixed(2)}`;
    console.log(`${label}  (median of ${ROUNDS} rounds)`);
    console.log(`  ${'bare node:http, small JSON'.padEnd(30)} ${cells(median.small)}`);
    console.log(`  ${'bare node:http, same bytes'.padEnd(30)} ${cells(median.same)}`);
    console.log(
      `  ${'the app'.padEnd(30)} ${cells(median.app)}  ${median.ratio.toFixed(2)}× small ` +
        `(rounds ${range(ratios)}), ${sameRatios[Math.floor(sameRatios.length / 2)]!.toFixed(2)}× same bytes ` +
        `(${range(sameRatios)})`,
    );
  }

  small.server.close();
  app.close();
  await handle.close();
}
