import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout } from 'node:timers/promises';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildWebApp, isBuildCurrent } from '../scripts/build-stamp';
import { chromiumArgs, chromiumPath, ensureChromium } from '../scripts/chromium';
import { openDatabase } from '../src/server/db/client';
import { migrateToLatest } from '../src/server/db/migrate';
import { freePort, waitForHealth } from '../tests/support/server-process';
import { seedArticles, seedFearGreed, seedMetrics } from './news.bench';

/**
 * The production web build as a phone sees it, for / (visitor), /news and /analytics (premium member):
 * - the JavaScript and CSS each route loads (every script and style sheet response Chromium receives),
 *   gzipped, against all the JavaScript in the build (the baseline: what a visitor would load without
 *   route splitting), and the bytes the server actually sent (brotli);
 * - Lighthouse's mobile preset (simulated slow 4G, mid-range phone) performance score, the median of
 *   LIGHTHOUSE_RUNS audits (5).
 * Chromium resolves no host but 127.0.0.1, so the figures never depend on the outside world.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'Bench-password-1234';
const offline = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1';

function run(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, env });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')}: ${stderr}`))));
  });
}

/**
 * A site with something to show: 1,000 news articles, 400 market readings and 400 days of Fear &
 * Greed, written into the embedded database before the server opens it (the benchmark's server does
 * not sync). Empty, `/news` and `/analytics` would be lighter to render than on any real site.
 */
async function seedSite(dataDir: string): Promise<void> {
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrateToLatest(handle.db);
    await seedArticles(handle, 1_000);
    await seedMetrics(handle);
    await seedFearGreed(handle);
  } finally {
    await handle.close();
  }
}

async function startServer(): Promise<{ url: string; env: NodeJS.ProcessEnv; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-bench-web-'));
  await seedSite(dataDir);
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SYNC_DISABLED: 'true',
    NODE_ENV: 'production',
    // No Stripe keys here: the labelled test mode, which production runs only when told to.
    BILLING_TEST_MODE: 'true',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(url, child);
  return { url, env, child };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const gzipSize = (body: Buffer) => zlib.gzipSync(body, { level: 9 }).length;

function buildJs(): { raw: number; gzip: number; files: number } {
  const dir = path.join(root, 'dist/web/assets');
  const files = fs.readdirSync(dir).filter((name) => name.endsWith('.js'));
  let raw = 0;
  let gzip = 0;
  for (const name of files) {
    const body = fs.readFileSync(path.join(dir, name));
    raw += body.length;
    gzip += gzipSize(body);
  }
  return { raw, gzip, files: files.length };
}

interface Weight {
  files: number;
  raw: number;
  gzip: number;
}
const none = (): Weight => ({ files: 0, raw: 0, gzip: 0 });

/**
 * The document, scripts and style sheets Chromium loads for a route, raw and gzipped (-9), as one
 * visit. The document carries the app's style sheet inline (ADR 0028), so it is counted beside them.
 */
async function routeWeight(
  url: string,
  cookie?: string,
): Promise<{ html: Weight; js: Weight; css: Weight; wire: number; scripts: string[] }> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, offline] });
  try {
    const context = await browser.newContext({ extraHTTPHeaders: cookie ? { cookie } : {} });
    const page = await context.newPage();
    const kinds = { document: 'html', script: 'js', stylesheet: 'css' } as const;
    const loads: Promise<{ kind: 'html' | 'js' | 'css'; body: Buffer; wire: number; name: string }>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (!(type in kinds)) return;
      loads.push(
        (async () => {
          // A worker's script (public/intl-warmup.js) cannot be read back through the page once the
          // worker has ended (an error, or no answer): it is asked of the server again, and counted
          // as sent compressed.
          const read = Promise.all([response.body(), response.request().sizes()]);
          const [body, sizes] =
            (await Promise.race([read, setTimeout(3_000, undefined)]).catch(() => undefined)) ??
            (await readFromServer(response.url(), cookie));
          const name = new URL(response.url()).pathname.split('/').pop() ?? '';
          return { kind: kinds[type as keyof typeof kinds], body, wire: sizes.responseBodySize, name };
        })(),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const weight = { html: none(), js: none(), css: none(), wire: 0, scripts: [] as string[] };
    for (const load of await Promise.all(loads)) {
      if (load.kind === 'js') weight.scripts.push(`${load.name} ${kb(gzipSize(load.body))}`);
      const target = weight[load.kind];
      target.files += 1;
      target.raw += load.body.length;
      target.gzip += gzipSize(load.body);
      weight.wire += load.wire;
    }
    return weight;
  } finally {
    await browser.close();
  }
}

async function readFromServer(
  url: string,
  cookie: string | undefined,
): Promise<[Buffer, { responseBodySize: number }]> {
  const response = await fetch(url, { headers: cookie ? { cookie } : {} });
  const body = Buffer.from(await response.arrayBuffer());
  return [body, { responseBodySize: gzipSize(body) }];
}

async function signIn(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function lighthouseScore(
  url: string,
  headers?: Record<string, string>,
  reportPath?: string,
): Promise<{
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  benchmarkIndex: number;
  finalUrl: string;
  /** Lighthouse's own failure (a trace it could not read, NO_NAVSTART): the audit measured nothing. */
  failure: string | undefined;
}> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgs, offline],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders: headers,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    // WEB_BENCH_REPORT=<dir> keeps each audit's whole report (LCP element and phases, long tasks and
    // their scripts, the request chains) to read with Lighthouse's viewer or jq.
    if (reportPath) fs.writeFileSync(reportPath, JSON.stringify(lhr));
    // …and the trace it measured (`.trace.json` beside it): Chromium's DevTools opens it, task by task.
    if (reportPath) {
      fs.writeFileSync(reportPath.replace(/\.json$/, '.trace.json'), JSON.stringify(result.artifacts.Trace));
    }
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      speedIndex: metric('speed-index'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      finalUrl: lhr.finalDisplayedUrl,
      failure: lhr.runtimeError?.code,
    };
  } finally {
    chrome.kill();
  }
}

export async function benchWeb(): Promise<void> {
  ensureChromium('chromium');
  if (!isBuildCurrent(root)) buildWebApp(root);
  const { url, env, child } = await startServer();
  try {
    const email = `bench-premium-${Date.now()}@bench.test`;
    await run(
      ['src/cli.ts', 'user:create', '--email', email, '--password', PASSWORD, '--plan', 'premium'],
      env,
    );

    const all = buildJs();
    const cookie = await signIn(url, email);
    // WEB_BENCH_ROUTES=news,analytics audits only those routes (home is `/`), for one change's figures.
    const only = process.env.WEB_BENCH_ROUTES?.split(',').map((name) => `/${name.replace(/^\//, '')}`);
    const routes = (
      [
        ['/ (visitor)', `${url}/`, undefined],
        ['/news (member)', `${url}/news`, cookie],
        ['/analytics (premium)', `${url}/analytics`, cookie],
      ] as const
    ).filter(([, target]) => !only || only.includes(new URL(target).pathname));
    const reportDir = process.env.WEB_BENCH_REPORT;
    if (reportDir) fs.mkdirSync(reportDir, { recursive: true });
    console.log(
      '\nweb: page weight per route, production build (gzip -9; on the wire: what the server sent)',
    );
    console.log(`  whole build JS (baseline)  ${all.files} files, ${kb(all.raw)} raw, ${kb(all.gzip)} gzip`);
    for (const [label, target, routeCookie] of routes) {
      const weight = await routeWeight(target, routeCookie);
      console.log(
        `  ${label.padEnd(22)} JS ${weight.js.files} files ${kb(weight.js.gzip).padStart(9)} gzip ` +
          `(${(weight.js.gzip / all.gzip).toFixed(2)}× build)  CSS ${kb(weight.css.gzip).padStart(8)} gzip  ` +
          `document ${kb(weight.html.gzip)} gzip (style sheet inline)  ` +
          `on the wire ${kb(weight.wire)}`,
      );
      // WEB_BENCH_FILES=1 names each script, to see what a route loads that it should not.
      if (process.env.WEB_BENCH_FILES) console.log(`    ${weight.scripts.sort().join(', ')}`);
    }

    // Total blocking time is measured on this machine's CPU and varies a lot from run to run on a
    // shared one: each route is audited LIGHTHOUSE_RUNS times (5 unless told), as Lighthouse advises,
    // and the run with the median score is printed with the lowest and highest scores.
    const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
    console.log(
      `\nweb: Lighthouse performance, mobile preset (simulated slow 4G, 4× CPU slowdown), median of ${runs}`,
    );
    for (const [label, target, routeCookie] of routes) {
      const headers = routeCookie ? { Cookie: routeCookie } : undefined;
      const audits = [];
      let failures = 0;
      while (audits.length < runs) {
        const name = new URL(target).pathname.replace(/\W/g, '') || 'home';
        const report = reportDir
          ? path.join(reportDir, `${name}-${audits.length + failures + 1}.json`)
          : undefined;
        const figures = await lighthouseScore(target, headers, report);
        if (figures.failure) {
          // A failed recording scores 0 and measured nothing: audited again, and counted in the output.
          failures += 1;
          if (failures > runs)
            throw new Error(`${label}: Lighthouse failed ${failures} times (${figures.failure})`);
          continue;
        }
        if (new URL(figures.finalUrl).pathname !== new URL(target).pathname)
          throw new Error(`${label} ended on ${figures.finalUrl}: the audit did not measure the page`);
        audits.push(figures);
      }
      audits.sort((a, b) => a.score - b.score);
      const figures = audits[Math.floor(audits.length / 2)]!;
      console.log(
        `  ${label.padEnd(22)} score ${String(figures.score).padStart(3)} ` +
          `(${audits[0]!.score}–${audits.at(-1)!.score})  ` +
          `FCP ${(figures.fcp / 1000).toFixed(2)} s  LCP ${(figures.lcp / 1000).toFixed(2)} s  ` +
          `TBT ${Math.round(figures.tbt)} ms  CLS ${figures.cls.toFixed(3)}  SI ${(figures.speedIndex / 1000).toFixed(2)} s  ` +
          `(this machine's Lighthouse benchmarkIndex ${Math.round(figures.benchmarkIndex)})` +
          (failures ? `; ${failures} audit(s) Lighthouse could not record, run again` : ''),
      );
    }
  } finally {
    child.kill('SIGTERM');
  }
}
