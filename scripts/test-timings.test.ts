import { describe, expect, it } from 'vitest';
import { formatSeconds, playwrightTimings, slowestTests, vitestTimings } from './test-timings';

describe('the timings npm test prints', () => {
  it('names each Vitest test by its file and full title', () => {
    const json = {
      testResults: [
        {
          name: '/repo/src/a.test.ts',
          assertionResults: [
            { fullName: 'a › works', title: 'works', duration: 12 },
            { fullName: 'a › skipped', title: 'skipped', duration: null },
          ],
        },
      ],
    };
    expect(vitestTimings('PGlite', json, '/repo')).toEqual([
      { suite: 'PGlite', name: 'src/a.test.ts › a › works', ms: 12 },
    ]);
  });

  it('names each browser test by file, describe blocks and title, counting every attempt', () => {
    const json = {
      suites: [
        {
          title: 'admin.e2e.ts',
          file: 'admin.e2e.ts',
          specs: [{ title: 'top', tests: [{ results: [{ duration: 100 }] }] }],
          suites: [
            {
              title: 'admin dashboard',
              file: 'admin.e2e.ts',
              specs: [{ title: 'tabs', tests: [{ results: [{ duration: 30_000 }, { duration: 9_000 }] }] }],
            },
          ],
        },
      ],
    };
    expect(playwrightTimings(json)).toEqual([
      { suite: 'Chromium', name: 'admin.e2e.ts › top', ms: 100 },
      { suite: 'Chromium', name: 'admin.e2e.ts › admin dashboard › tabs', ms: 39_000 },
    ]);
  });

  it('lists the slowest first, at most as many as asked', () => {
    const timings = [5, 50, 20, 40].map((ms) => ({ suite: 's', name: `t${ms}`, ms }));
    expect(slowestTests(timings, 3).map((t) => t.ms)).toEqual([50, 40, 20]);
  });

  it('says seconds under a minute and minutes with seconds above', () => {
    expect(formatSeconds(7.24)).toBe('7.2 s');
    expect(formatSeconds(59.97)).toBe('1 m 00 s');
    expect(formatSeconds(119.6)).toBe('2 m 00 s');
    expect(formatSeconds(65)).toBe('1 m 05 s');
  });
});
