import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { createLogger } from '../src/server/lib/logger';
import { createRuntime } from '../src/server/runtime';
import { freePort, waitForHealth } from '../tests/support/server-process';
import { testEnv } from '../tests/support/test-app';
import { createServerDatabase } from '../tests/support/test-db';

/**
 * SSE fan-out: N visitors connected to one process, one crypto_metrics insert, and the time until
 * 50 % and 99 % of them received it — at 1, 1k and 10k clients (1 is the baseline of the same run).
 * With BENCH_DATABASE_URL (or TEST_DATABASE_URL), the same against `npm start`'s server on PostgreSQL
 * with WEB_CONCURRENCY=2 (ADR 0052): the primary hands the connections to both processes in turn,
 * each hears the insert's NOTIFY, and every client must receive it.
 */
type ClientMessage =
  { kind: 'ready' } | { kind: 'done'; received: number[] } | { kind: 'error'; message: string };

async function measure(baseUrl: string, insert: (price: string) => Promise<void>, clients: number) {
  const marker = `9.${String(clients).padStart(6, '0')}${Math.floor(Math.random() * 1000)}`;
  const child = fork(
    path.join(import.meta.dirname, 'sse-clients.ts'),
    [`${baseUrl}/api/events`, String(clients), marker],
    {
      execArgv: ['--import', 'tsx'],
    },
  );
  const next = (kind: ClientMessage['kind']) =>
    new Promise<ClientMessage>((resolve, reject) => {
      const onMessage = (message: ClientMessage) => {
        if (message.kind === 'error') reject(new Error(message.message));
        if (message.kind === kind) {
          child.off('message', onMessage);
          resolve(message);
        }
      };
      child.on('message', onMessage);
    });
  const connectStarted = Date.now();
  await next('ready');
  const connectMs = Date.now() - connectStarted;
  const done = next('done');
  const sent = Date.now();
  await insert(marker);
  const { received } = (await done) as { kind: 'done'; received: number[] };
  child.kill();
  const delays = received.map((at) => at - sent).sort((a, b) => a - b);
  const percentile = (p: number) =>
    delays[Math.min(delays.length - 1, Math.ceil((p / 100) * delays.length) - 1)] ?? 0;
  return { connectMs, p50: percentile(50), p99: percentile(99) };
}

export async function benchSseFanout(): Promise<void> {
  const handle = await openDatabase({ kind: 'memory' });
  const env = testEnv({ SSE_MAX_STREAMS_PER_CLIENT: '20000' });
  const runtime = await createRuntime({ env, handle, logger: createLogger('silent') });
  const server = serve({ fetch: runtime.app.fetch, port: 0, hostname: '127.0.0.1' }) as http.Server;
  await new Promise((resolve) => server.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const insert = async (price: string) => {
    await handle.db.insertInto('crypto_metrics').values({ symbol: 'XRP', price }).execute();
  };

  await report('one process, in-memory PGlite', baseUrl, insert);
  server.closeAllConnections();
  server.close();
  await runtime.deps.events.stop();
  await handle.close();

  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.log(
      'SSE fan-out: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure the cluster on PostgreSQL',
    );
    return;
  }
  const database = await createServerDatabase(serverUrl);
  const cluster = await startCluster(database.url);
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  try {
    await report('WEB_CONCURRENCY=2 on PostgreSQL', cluster.url, async (price) => {
      await pool.query(`INSERT INTO crypto_metrics (symbol, price) VALUES ('XRP', $1)`, [price]);
    });
  } finally {
    await pool.end();
    cluster.child.kill('SIGTERM');
    await new Promise((resolve) => cluster.child.once('exit', resolve));
    await database.drop();
  }
}

async function report(label: string, baseUrl: string, insert: (price: string) => Promise<void>) {
  console.log(
    `SSE fan-out, ${label}: one metrics insert, time until clients received it (clients in a child process)`,
  );
  const sizes = (process.env.BENCH_SSE_CLIENTS ?? '1,1000,10000').split(',').map(Number);
  let baseline: number | null = null;
  for (const clients of sizes) {
    const result = await measure(baseUrl, insert, clients);
    baseline ??= Math.max(1, result.p99);
    console.log(
      `${String(clients).padStart(6)} clients: connect ${String(result.connectMs).padStart(5)} ms, ` +
        `p50 ${String(result.p50).padStart(5)} ms, p99 ${String(result.p99).padStart(5)} ms ` +
        `(${(result.p99 / baseline).toFixed(1)}× the 1-client p99)`,
    );
  }
}

/** The server as `npm start` runs it on PostgreSQL: a primary and two processes sharing the port. */
async function startCluster(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BILLING_TEST_MODE: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-sse-')),
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: '2',
      SYNC_DISABLED: 'true',
      // Info: each process logs "server process ready" (a request's line is written when it ends).
      LOG_LEVEL: 'info',
      SSE_MAX_STREAMS_PER_CLIENT: '20000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let ready = 0;
  const bothReady = new Promise<void>((resolve) =>
    child.stdout?.on('data', (chunk: Buffer) => {
      ready += chunk.toString('utf8').split('"msg":"server process ready"').length - 1;
      if (ready >= 2) resolve();
    }),
  );
  await waitForHealth(url, child);
  // The second process starts once the first listens: connections go to both only then.
  await bothReady;
  return { url, child };
}
