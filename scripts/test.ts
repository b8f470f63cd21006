import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './chromium';
import { ensureDatabaseTemplate } from './db-template';
import {
  formatSeconds,
  playwrightTimings,
  slowestTests,
  vitestTimings,
  type TestTiming,
} from './test-timings';

/**
 * `npm test`: every test, fastest failures first. Unit and integration tests on embedded PGlite; the
 * database tests again on PostgreSQL when TEST_DATABASE_URL is set; then the browser tests against
 * the production build. Ends with one line that totals them all.
 */
// Fail fastest: a missing browser is known before a minute of other tests has run.
ensureChromium();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The servers the tests start on new data directories copy it, as `npm start` does (ADR 0025).
await ensureDatabaseTemplate(root);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each suite's wall time, and every test's own, for the summary at the end. */
const phases: { label: string; seconds: number }[] = [];
const timings: TestTiming[] = [];
const started = performance.now();

/** A suite run beside a phase's main one: its output, written to a file, is printed after the main one's. */
interface Beside {
  args: string[];
  env: NodeJS.ProcessEnv;
  report: string;
}

/**
 * Runs one suite; `report` (a JSON file the suite writes) and `count` add its tests to the totals. A
 * `beside` suite starts first and runs alongside it (counted the same way): the phase ends when both
 * have, and fails when either does.
 */
async function run(
  label: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  report?: string,
  count?: (json: unknown) => void,
  beside?: Beside,
) {
  process.stdout.write(`\n=== ${label} ===\n`);
  const phaseStarted = performance.now();
  const besideLog = path.join(reports, 'beside.log');
  const besideRun = beside && startBeside(beside, besideLog);
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env });
  const besideStatus = besideRun ? await besideRun : 0;
  if (beside) process.stdout.write(fs.readFileSync(besideLog));
  phases.push({ label, seconds: (performance.now() - phaseStarted) / 1000 });
  for (const file of [report, beside?.report])
    if (file && count && fs.existsSync(file)) count(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (result.status !== 0 || besideStatus !== 0) {
    printTimings();
    process.stdout.write(
      `\n${label} failed.\n${totals.passed} passed, ${Math.max(totals.failed, 1)} failed\n`,
    );
    process.exit(result.status || besideStatus || 1);
  }
}

/** Starts a suite with its output going to `log`; resolves to its exit status. */
function startBeside(beside: Beside, log: string): Promise<number> {
  const output = fs.openSync(log, 'w');
  const child = spawn(process.execPath, beside.args, {
    cwd: root,
    stdio: ['ignore', output, output],
    env: beside.env,
  });
  fs.closeSync(output);
  // The main suite runs synchronously meanwhile: the exit is read once the event loop turns again.
  return once(child, 'exit').then(([code]) => (typeof code === 'number' ? code : 1));
}

/** Where the time went: each phase's wall time, then the ten slowest tests of any suite. */
function printTimings() {
  const lines = ['', '=== Time ==='];
  for (const phase of phases) lines.push(`${formatSeconds(phase.seconds).padStart(9)}  ${phase.label}`);
  lines.push(`${formatSeconds((performance.now() - started) / 1000).padStart(9)}  in all`);
  lines.push('', 'Slowest tests:');
  for (const test of slowestTests(timings, 10)) {
    lines.push(`${formatSeconds(test.ms / 1000).padStart(9)}  [${test.suite}] ${test.name}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}
const countVitest = (suite: string) => (json: unknown) => {
  timings.push(...vitestTimings(suite, json));
  const report = json as VitestReport;
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
};

const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const { TEST_DATABASE_URL, ...withoutServer } = process.env;
// The embedded pass runs without TEST_DATABASE_URL; its multi-process test still needs a server.
const embeddedEnv = TEST_DATABASE_URL
  ? { ...withoutServer, MULTI_PROCESS_DATABASE_URL: TEST_DATABASE_URL }
  : withoutServer;

const unitReport = path.join(reports, 'vitest.json');
const processesReport = path.join(reports, 'vitest-processes.json');
const vitestArgs = (report: string, ...projects: string[]) => [
  vitest,
  'run',
  ...projects.flatMap((project) => ['--project', project]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
];
// The real server and CLI processes run their files one at a time and wait on those servers much of
// the time: beside the other projects rather than after them, where one core sat idle for minutes.
await run(
  'Unit and integration tests (embedded PGlite)',
  vitestArgs(unitReport, 'unit', 'server'),
  embeddedEnv,
  unitReport,
  countVitest('PGlite'),
  { args: vitestArgs(processesReport, 'processes'), env: embeddedEnv, report: processesReport },
);

if (TEST_DATABASE_URL) {
  const pgReport = path.join(reports, 'vitest-pg.json');
  await run(
    'Database integration tests (PostgreSQL server)',
    vitestArgs(pgReport, 'server'),
    process.env,
    pgReport,
    countVitest('PostgreSQL'),
  );
} else {
  process.stdout.write(
    '\n(TEST_DATABASE_URL is not set: the PostgreSQL pass is skipped; .ci/run sets it.)\n',
  );
}

const e2eReport = path.join(reports, 'playwright.json');
await run(
  'Browser tests (Chromium, production build)',
  [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/test-e2e.ts'],
  { ...embeddedEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
  e2eReport,
  (json) => {
    timings.push(...playwrightTimings(json));
    const stats = (
      json as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } }
    ).stats;
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  },
);

if (TEST_DATABASE_URL) {
  // The soak's short form: 500 members for 30 s on the production build (just built by the browser
  // pass) and PostgreSQL; any error fails it. `npm run bench -- load` runs the 5-minute form.
  await run(
    'Load (500 users, 30 s, PostgreSQL)',
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'bench/run.ts', 'load'],
    { ...process.env, LOAD_SECONDS: process.env.LOAD_SECONDS ?? '30' },
  );
  totals.passed += 1;
}

printTimings();
process.stdout.write(
  `\nAll suites passed.\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`,
);
