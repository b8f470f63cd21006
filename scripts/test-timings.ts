/** One test's own duration, from a suite's JSON report. */
export interface TestTiming {
  suite: string;
  name: string;
  ms: number;
}

interface VitestJson {
  testResults?: {
    name: string;
    assertionResults?: { fullName?: string; title: string; duration?: number | null }[];
  }[];
}

/** Every test in a Vitest JSON report, named by its file (relative to the project) and full title. */
export function vitestTimings(suite: string, json: unknown, root = process.cwd()): TestTiming[] {
  const timings: TestTiming[] = [];
  for (const file of (json as VitestJson).testResults ?? []) {
    const where = file.name.startsWith(`${root}/`) ? file.name.slice(root.length + 1) : file.name;
    for (const test of file.assertionResults ?? []) {
      if (typeof test.duration !== 'number') continue;
      timings.push({ suite, name: `${where} › ${test.fullName ?? test.title}`, ms: test.duration });
    }
  }
  return timings;
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: { title: string; tests: { results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

/**
 * Every test in a Playwright JSON report, named by its file, describe blocks and title. A retried
 * test counts each attempt: the time was spent either way.
 */
export function playwrightTimings(json: unknown): TestTiming[] {
  const timings: TestTiming[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    const path = suite.file && titles.length === 0 ? [suite.file] : [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      const ms = spec.tests.flatMap((test) => test.results).reduce((sum, r) => sum + r.duration, 0);
      timings.push({ suite: 'Chromium', name: [...path, spec.title].join(' › '), ms });
    }
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of (json as { suites?: PlaywrightSuite[] }).suites ?? []) walk(suite, []);
  return timings;
}

/** The `count` slowest, slowest first. */
export function slowestTests(timings: TestTiming[], count: number): TestTiming[] {
  return [...timings].sort((a, b) => b.ms - a.ms).slice(0, count);
}

/** 7.2 s, 1 m 05 s. */
export function formatSeconds(seconds: number): string {
  if (seconds < 59.95) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} m ${String(whole % 60).padStart(2, '0')} s`;
}
