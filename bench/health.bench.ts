import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { openDatabase } from '../src/server/db/client';
import { createLogger } from '../src/server/lib/logger';
import { createRuntime } from '../src/server/runtime';
import { testEnv } from '../tests/support/test-app';

/**
 * GET /api/health (the full middleware stack plus a `select 1` on embedded PGlite) against a bare
 * node:http server answering the same-sized JSON, in the same process and run.
 */
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 32;

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

async function measure(url: string, expectedStatus = 200): Promise<number> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1 }); // warm-up
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  const unexpected = expectedStatus === 200 ? result.non2xx : result.requests.total - result.non2xx;
  if (unexpected > 0 || result.errors > 0)
    throw new Error(`${url}: ${unexpected} unexpected answers, ${result.errors} errors`);
  return result.requests.average;
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
  const runtime = await createRuntime({ env: testEnv(), handle, logger: createLogger('silent') });
  const app = serve({ fetch: runtime.app.fetch, port: 0, hostname: '127.0.0.1' }) as http.Server;
  await new Promise((resolve) => app.once('listening', resolve));
  const appPort = (app.address() as AddressInfo).port;

  const baseline = await measure(`http://127.0.0.1:${barePort}/`);
  const health = await measure(`http://127.0.0.1:${appPort}/api/health`);
  // The same middleware stack without a database query, to tell framework cost from database cost.
  const noDb = await measure(`http://127.0.0.1:${appPort}/api/no-such-route`, 404);
  const row = (label: string, value: number) =>
    console.log(
      `${label.padEnd(34)} ${value.toFixed(0).padStart(7)} req/s  ${(value / baseline).toFixed(2)}× bare`,
    );
  console.log(`health benchmark: ${CONNECTIONS} connections, ${DURATION_S} s per target, same process`);
  row('bare node:http JSON (baseline)', baseline);
  row('API 404 JSON (middleware, no db)', noDb);
  row('GET /api/health (select 1, PGlite)', health);

  bare.close();
  app.close();
  await handle.close();
}
