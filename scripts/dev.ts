import { spawn, type ChildProcess } from 'node:child_process';
import dns from 'node:dns/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/server/db/client';
import { migrateToLatest } from '../src/server/db/migrate';
import { startFakeUpstreams, useFakeFeeds, type FakeUpstreams } from '../tests/support/fake-upstreams';
import { ALICE, BOB } from '../tests/support/ledger-accounts';

/**
 * `npm run dev`: Vite on PORT (default 3000) with hot reload, proxying /api/ to the API server that
 * tsx restarts on change (on PORT + 1). Both stop together.
 *
 * With UPSTREAMS=fake, or when the public APIs cannot be reached, the API talks to the project's own
 * upstream fakes (tests/support/fake-upstreams.ts, the ones the browser tests use) on PORT + 2: a
 * price that moves, Fear & Greed, recorded news feeds and an XRP Ledger that closes a ledger every
 * few seconds with a whale now and then. That site keeps its data in ./data-offline.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webPort = Number(process.env.PORT ?? 3000);
const apiPort = webPort + 1;
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${webPort}`;

async function publicApisReachable(): Promise<boolean> {
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), 3000).unref());
  const lookup = dns.lookup('api.coingecko.com').then(
    () => true,
    () => false,
  );
  return Promise.race([lookup, timeout]);
}

let fakes: FakeUpstreams | null = null;
let offlineEnv: Record<string, string> = {};
const asked = process.env.UPSTREAMS;
if (asked !== undefined && asked !== 'fake' && asked !== 'real') {
  console.error(`UPSTREAMS must be "fake" or "real", not "${asked}"`);
  process.exit(1);
}
if (asked === 'fake' || (asked !== 'real' && !(await publicApisReachable()))) {
  console.log(
    asked === 'fake'
      ? 'UPSTREAMS=fake: using the project’s own upstream fakes'
      : 'The public APIs cannot be reached: using the project’s own upstream fakes (UPSTREAMS=real to insist)',
  );
  fakes = await startFakeUpstreams({ mode: 'living', port: webPort + 2 });
  const dataDir = path.resolve(root, process.env.DATA_DIR ?? 'data-offline');
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrateToLatest(handle.db);
    await useFakeFeeds(handle.db, fakes.upstream.url);
  } finally {
    await handle.close();
  }
  offlineEnv = { ...fakes.env, DATA_DIR: dataDir, SYNC_TICK_SECONDS: '5' };
  console.log(`Fakes at ${fakes.upstream.url} and ${fakes.rippled.url}; data in ${dataDir}`);
  console.log(
    'Offline, the dashboard moves as the real one does: the price at each market sync (every 5 minutes, the shortest a source allows), a ledger every 4 s with a whale now and then, a news item every 5 minutes (read at each 15-minute news sync), Fear & Greed once a day',
  );
  console.log(`Ledger accounts to watch on /portfolio: ${ALICE} (holds RLUSD, pays now and then), ${BOB}`);
}

const children: ChildProcess[] = [
  spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'src/server/main.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        ...offlineEnv,
        PORT: String(apiPort),
        PUBLIC_URL: publicUrl,
        NODE_ENV: 'development',
        // One process, which tsx restarts on every change (a cluster's workers would outlive it).
        WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? '1',
      },
    },
  ),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: String(webPort), API_ORIGIN: `http://127.0.0.1:${apiPort}` },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  void fakes?.close();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
