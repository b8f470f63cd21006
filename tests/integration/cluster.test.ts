import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited, runCli, signInCookie, startAppProcess, type AppProcess } from '../support/app-process';
import { openSse, type SseClient } from '../support/sse-client';
import { createServerDatabase } from '../support/test-db';

/**
 * `npm start` on PostgreSQL with WEB_CONCURRENCY=2 (ADR 0052): one primary and two server processes
 * sharing the port. Background jobs run in exactly one of them; a live event reaches browsers held by
 * either; a process that dies is replaced; SIGTERM stops them all gracefully. Needs a server: `npm
 * test` passes TEST_DATABASE_URL in as MULTI_PROCESS_DATABASE_URL (.ci/run sets it).
 */
const serverUrl = process.env.MULTI_PROCESS_DATABASE_URL;

/** The pids of the "server process ready" lines of the log (pino writes one JSON object a line). */
const readyPids = (log: string) =>
  log
    .split('\n')
    .filter((line) => line.includes('"msg":"server process ready"'))
    .map((line) => (JSON.parse(line) as { pid: number }).pid);
const count = (log: string, message: string) => log.split(`"msg":"${message}"`).length - 1;

describe.runIf(serverUrl)('one server on two processes (WEB_CONCURRENCY=2)', () => {
  let database: { url: string; drop(): Promise<void> };
  let app: AppProcess;

  beforeAll(async () => {
    database = await createServerDatabase(serverUrl ?? '');
    app = await startAppProcess(
      {
        DATABASE_URL: database.url,
        WEB_CONCURRENCY: '2',
        LOG_LEVEL: 'info',
        AUTH_SECRET: 'cluster-secret-0123456789abcdef0123456789abcdef',
        SYNC_DISABLED: 'true',
      },
      undefined,
      // The primary starts the first process, then the second: two starts before the first answer.
      90_000,
    );
    const deadline = Date.now() + 60_000;
    while (readyPids(app.output()).length < 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
  }, 180_000);

  afterAll(async () => {
    if (app && app.child.exitCode === null) await app.kill();
    await database?.drop();
  });

  it('starts two server processes, migrates once and runs the background jobs in one', () => {
    const log = app.output();
    expect(log).toContain('"processes":2');
    expect(count(log, 'database migrated')).toBe(1);
    expect(count(log, 'scheduler started')).toBe(1);
    expect(new Set(readyPids(log)).size).toBe(2);
  });

  it('delivers a live event to browsers held by either process', async () => {
    runCli(app.env, [
      'user:create',
      '--email',
      'desk@example.com',
      '--password',
      'Operator-Pass-1',
      '--role',
      'admin',
    ]);
    const cookie = await signInCookie(app.url, 'desk@example.com', 'Operator-Pass-1');
    // Each stream is its own connection; the primary hands connections to the processes in turn.
    const streams: SseClient[] = await Promise.all(
      Array.from({ length: 6 }, () => openSse(`${app.url}/api/events`, { cookie })),
    );
    await Promise.all(streams.map((stream) => stream.waitFor('ready')));
    const held = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const health = (await (await fetch(`${app.url}/api/health`, { headers: { cookie } })).json()) as {
          process?: { pid: number; liveConnections: number };
        };
        return `${health.process?.pid}:${health.process?.liveConnections}`;
      }),
    );
    // Both processes answer, and each holds some of the six streams.
    const perProcess = new Map(held.map((entry) => entry.split(':').map(Number) as [number, number]));
    expect(perProcess.size).toBe(2);
    expect([...perProcess.values()].reduce((sum, streams) => sum + streams, 0)).toBe(6);
    expect([...perProcess.values()].every((streams) => streams > 0)).toBe(true);
    // Written by another client of the database, as a sync in any process would.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(`INSERT INTO crypto_metrics (symbol, price) VALUES ('XRP', 2.4242)`);
    await client.end();
    await Promise.all(
      streams.map((stream) =>
        stream.waitFor('metrics', (message) => JSON.parse(message.data).price === '2.4242', 10_000),
      ),
    );
    for (const stream of streams) stream.close();
  });

  it('replaces a process that dies, and stops every process on SIGTERM', async () => {
    const [victim] = readyPids(app.output());
    process.kill(victim!, 'SIGKILL');
    await expect.poll(() => readyPids(app.output()).length, { timeout: 30_000 }).toBe(3);
    expect(app.output()).toContain('"msg":"a server process ended unexpectedly"');
    for (let request = 0; request < 4; request += 1)
      expect((await fetch(`${app.url}/api/health`)).status).toBe(200);
    app.child.kill('SIGTERM');
    expect(await exited(app.child)).toBe(0);
    expect(count(app.output(), 'shut down cleanly')).toBe(2);
    expect(app.output()).toContain('"msg":"every server process has stopped"');
  });
});
