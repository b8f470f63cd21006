import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBundle } from '../scripts/build-stamp';
import { ensureDatabaseTemplate } from '../scripts/db-template';
import { freePort } from '../tests/support/server-process';

/**
 * Cold start and idle memory of the server as `npm start` runs it (plain node on the bundle
 * dist/server/main.mjs, built here first) on the embedded database, against a bare node:http server
 * started the same way in the same run:
 * - first start on an empty DATA_DIR (a copy of the build's database template, ADR 0025);
 * - a start on that DATA_DIR again (what a restart costs);
 * - resident memory (RSS) after 5 s idle.
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

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
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
  const appEnv = (dataDir: string) => ({
    ...process.env,
    NODE_ENV: 'production',
    BILLING_TEST_MODE: 'true',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SYNC_DISABLED: 'true',
    DATABASE_URL: '',
  });
  const bare: number[] = [];
  const cold: number[] = [];
  const warm: number[] = [];
  let bareRss = 0;
  let appRss = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const baseline = await timeToHealthy([bareFile], process.env, '/');
    bare.push(baseline.ms);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    bareRss = rssMb(baseline.child.pid!);
    await stop(baseline.child);

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-bench-start-'));
    const first = await timeToHealthy(['--enable-source-maps', bundle], appEnv(dataDir), '/api/health');
    cold.push(first.ms);
    await stop(first.child);
    const again = await timeToHealthy(['--enable-source-maps', bundle], appEnv(dataDir), '/api/health');
    warm.push(again.ms);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    appRss = rssMb(again.child.pid!);
    await stop(again.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const line = (label: string, ms: number) =>
    console.log(
      `${label.padEnd(52)} ${(ms / 1000).toFixed(2).padStart(6)} s  ${(ms / median(bare)).toFixed(1)}× bare`,
    );
  console.log(`start-up: median of ${RUNS} runs, spawn to first 200, embedded PGlite`);
  line('bare node:http (baseline)', median(bare));
  line('app, empty DATA_DIR (copy of the template)', median(cold));
  line('app, existing DATA_DIR (a restart)', median(warm));
  console.log(
    `idle RSS after 5 s: app ${appRss.toFixed(0)} MB, bare node:http ${bareRss.toFixed(0)} MB (${(appRss / bareRss).toFixed(1)}×)`,
  );
}
