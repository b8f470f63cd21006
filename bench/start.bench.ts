import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBundle, serverEnv, serverNodeArgs } from '../scripts/build-stamp';
import { ensureDatabaseTemplate } from '../scripts/db-template';
import { freePort } from '../tests/support/server-process';
import { createServerDatabase } from '../tests/support/test-db';

/**
 * Cold start and idle memory of the server as `npm start` runs it (plain node with its options on the
 * bundle dist/server/main.mjs, built here first) on the embedded database, against a bare node:http server
 * started the same way in the same run:
 * - first start on an empty DATA_DIR (a copy of the build's database template, ADR 0025);
 * - a start on that DATA_DIR again (what a restart costs);
 * - resident memory (RSS) after 5 s idle, and the most it held on the way (VmHWM).
 * With BENCH_DATABASE_URL (or TEST_DATABASE_URL) the same on PostgreSQL, in a scratch database made
 * for each run: the first start migrates the empty database, the restart finds it migrated; its RSS
 * is one process's (each instance behind a balancer holds as much).
 * Each start is timed from spawn to the first 200 from /api/health (or /) on a fresh port.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_START_RUNS ?? 3);

const bareServer = `import http from 'node:http';
http.createServer((_req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"status":"ok"}'); })
  .listen(Number(process.env.PORT), '127.0.0.1');
`;

async function timeToHealthy(
  args: string[],
  env: NodeJS.ProcessEnv,
  pathname: string,
): Promise<{ ms: number; child: ChildProcess; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...env, PORT: String(port), PUBLIC_URL: url },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    const ok = await fetch(`${url}${pathname}`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { ms: performance.now() - started, child, url };
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Resident memory now and at its highest so far (VmHWM), in MB. */
function memoryMb(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

interface AppFigures {
  first: number[];
  again: number[];
  rss: number[];
  peak: number[];
  /** With WEB_CONCURRENCY (PostgreSQL): the cluster's primary, and how many server processes. */
  primary: number[];
  processes: number;
}

/** The server processes a cluster's primary forked (its children), or none for a single process. */
function childrenOf(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split(' ').filter(Boolean).map(Number) : [];
}

/** Starts the bundle twice on the same data (a first start, then a restart) and reads the second's memory after 5 s idle. */
async function startTwice(bundle: string, env: NodeJS.ProcessEnv, into: AppFigures): Promise<void> {
  const first = await timeToHealthy([...serverNodeArgs, bundle], env, '/api/health');
  into.first.push(first.ms);
  await stop(first.child);
  const again = await timeToHealthy([...serverNodeArgs, bundle], env, '/api/health');
  into.again.push(again.ms);
  await new Promise((resolve) => setTimeout(resolve, 5000));
  // A cluster (PostgreSQL, one process per core): each server process is one figure, the largest
  // counts; the primary, which only forks and forwards signals, is reported apart.
  const workers = childrenOf(again.child.pid!);
  const figures = (workers.length ? workers : [again.child.pid!]).map(memoryMb);
  into.rss.push(Math.max(...figures.map((memory) => memory.rss)));
  into.peak.push(Math.max(...figures.map((memory) => memory.peak)));
  if (workers.length) into.primary.push(memoryMb(again.child.pid!).rss);
  into.processes = figures.length;
  await stop(again.child);
}

async function stop(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function benchStart(): Promise<void> {
  const bareFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-bare-')), 'bare.mjs');
  const bundle = ensureServerBundle(root);
  await ensureDatabaseTemplate(root);
  fs.writeFileSync(bareFile, bareServer);
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const appEnv = (dataDir: string, databaseUrl = '') => ({
    ...serverEnv(process.env),
    NODE_ENV: 'production',
    BILLING_TEST_MODE: 'true',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SYNC_DISABLED: 'true',
    DATABASE_URL: databaseUrl,
  });
  const bare: number[] = [];
  const bareRss: number[] = [];
  const pglite: AppFigures = { first: [], again: [], rss: [], peak: [], primary: [], processes: 1 };
  const postgres: AppFigures = { first: [], again: [], rss: [], peak: [], primary: [], processes: 1 };
  for (let run = 0; run < RUNS; run += 1) {
    const baseline = await timeToHealthy([bareFile], process.env, '/');
    bare.push(baseline.ms);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    bareRss.push(memoryMb(baseline.child.pid!).rss);
    await stop(baseline.child);

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-bench-start-'));
    try {
      await startTwice(bundle, appEnv(dataDir), pglite);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    if (!serverUrl) continue;
    // DATA_DIR still holds the generated secrets; the database is the scratch one.
    const secretsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-bench-start-pg-'));
    const database = await createServerDatabase(serverUrl);
    try {
      await startTwice(bundle, appEnv(secretsDir, database.url), postgres);
    } finally {
      await database.drop();
      fs.rmSync(secretsDir, { recursive: true, force: true });
    }
  }
  fs.rmSync(path.dirname(bareFile), { recursive: true, force: true });
  const line = (label: string, ms: number) =>
    console.log(
      `${label.padEnd(52)} ${(ms / 1000).toFixed(2).padStart(6)} s  ${(ms / median(bare)).toFixed(1)}× bare`,
    );
  const memory = (label: string, figures: AppFigures) =>
    console.log(
      `idle RSS after 5 s, ${label}: ${median(figures.rss).toFixed(0)} MB, bare node:http ${median(bareRss).toFixed(0)} MB (${(median(figures.rss) / median(bareRss)).toFixed(1)}×); at most ${median(figures.peak).toFixed(0)} MB while starting`,
    );
  console.log(`start-up: median of ${RUNS} runs, spawn to first 200`);
  line('bare node:http (baseline)', median(bare));
  line('app on PGlite, empty DATA_DIR (copy of the template)', median(pglite.first));
  line('app on PGlite, existing DATA_DIR (a restart)', median(pglite.again));
  if (serverUrl) {
    line('app on PostgreSQL, empty database (migrates it)', median(postgres.first));
    line('app on PostgreSQL, migrated database (a restart)', median(postgres.again));
  }
  memory('embedded PGlite', pglite);
  if (serverUrl) {
    memory(`per process, PostgreSQL (the largest of ${postgres.processes} server processes)`, postgres);
    if (postgres.primary.length)
      console.log(`idle RSS after 5 s, the cluster's primary: ${median(postgres.primary).toFixed(0)} MB`);
  } else console.log('start-up: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure PostgreSQL too');
}
