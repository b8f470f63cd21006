import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm audit` cannot reach the advisory database from CI, so the versions that fixed the advisories we
 * know of are enforced here, for every copy of the package in the lockfile (nested ones too). `min`
 * lists the fixed version of each maintained major line; a copy on another line must be newer than all.
 */
const floors: Record<string, { min: string | string[]; why: string; never?: string[] }> = {
  'better-auth': { min: '1.3.26', why: 'open redirects and origin-check bypasses fixed through 1.3.x' },
  'sanitize-html': {
    min: '2.12.1',
    why: 'GHSA-rm97-x556-q36h: file paths disclosed through style attributes',
  },
  hono: { min: '4.6.5', why: 'CSRF middleware bypass via content type (GHSA-2234-fmw7-43wr)' },
  nodemailer: { min: '7.0.7', why: 'address parser sending to an unintended domain (GHSA-mm7p-fcc7-pg87)' },
  xrpl: {
    min: '4.2.5',
    why: 'xrpl.js 4.2.1–4.2.4 were published with a backdoor that stole private keys (April 2025)',
    never: ['4.2.1', '4.2.2', '4.2.3', '4.2.4', '2.14.2'],
  },
  ws: {
    min: ['7.5.10', '8.17.1'],
    why: 'GHSA-3h5v-q93c-6h6q: a request with many headers crashes the server',
  },
  cookie: { min: '0.7.0', why: 'GHSA-pxg6-pf52-xh8x: out-of-bounds characters in cookie names' },
  'cross-spawn': { min: '7.0.5', why: 'ReDoS (GHSA-3xgq-45jj-v275)' },
  nanoid: { min: '3.3.8', why: 'predictable ids with non-integer sizes (GHSA-mwcw-c2x4-8c55)' },
  postcss: { min: '8.4.31', why: 'line return parsing error (GHSA-7fh5-64p2-3v2j)' },
  semver: { min: ['6.3.1', '7.5.2'], why: 'ReDoS (GHSA-c2qf-rxjj-qqgw)' },
  'fast-xml-parser': { min: '4.4.1', why: 'ReDoS and prototype pollution in entity handling' },
};

type Lock = { packages: Record<string, { version?: string; resolved?: string }> };
const lock = JSON.parse(fs.readFileSync(path.resolve('package-lock.json'), 'utf8')) as Lock;

const parts = (version: string) => version.split(/[.+-]/).slice(0, 3).map(Number);
function atLeast(version: string, min: string): boolean {
  const [a, b] = [parts(version), parts(min)];
  for (let index = 0; index < 3; index += 1)
    if ((a[index] ?? 0) !== (b[index] ?? 0)) return (a[index] ?? 0) > (b[index] ?? 0);
  return true;
}

/** Whether `version` has the fix: the floor of its own major line, else every floor. */
function patched(version: string, min: string | string[]): boolean {
  const lines = Array.isArray(min) ? min : [min];
  const sameMajor = lines.find((floor) => parts(floor)[0] === parts(version)[0]);
  return sameMajor ? atLeast(version, sameMajor) : lines.every((floor) => atLeast(version, floor));
}

describe('dependencies', () => {
  it('compares versions as numbers', () => {
    expect(atLeast('4.10.0', '4.9.7')).toBe(true);
    expect(atLeast('4.2.4', '4.2.5')).toBe(false);
    expect(atLeast('1.3.26', '1.3.26')).toBe(true);
    expect(atLeast('0.28.0', '1.0.0')).toBe(false);
    expect(patched('6.3.2', ['6.3.1', '7.5.2'])).toBe(true);
    expect(patched('6.3.0', ['6.3.1', '7.5.2'])).toBe(false);
    expect(patched('5.7.1', ['6.3.1', '7.5.2'])).toBe(false);
    expect(patched('8.0.0', ['6.3.1', '7.5.2'])).toBe(true);
  });

  it('holds no version of a security-relevant package below the one that fixed its advisories', () => {
    const below: string[] = [];
    let seen = 0;
    for (const [location, entry] of Object.entries(lock.packages)) {
      const name = location.split('node_modules/').at(-1) ?? '';
      const floor = floors[name];
      if (!floor || !entry.version) continue;
      seen += 1;
      if (!patched(entry.version, floor.min) || floor.never?.includes(entry.version))
        below.push(`${location}@${entry.version} < ${String(floor.min)}: ${floor.why}`);
    }
    expect(below).toEqual([]);
    // The check must be looking at something: these are all in the tree today.
    expect(seen).toBeGreaterThanOrEqual(8);
  });

  it('takes every package from the npm registry over https with an integrity hash (lockfile-lint)', () => {
    const output = execFileSync(
      path.resolve('node_modules/.bin/lockfile-lint'),
      [
        '--path',
        'package-lock.json',
        '--type',
        'npm',
        '--allowed-hosts',
        'npm',
        '--validate-https',
        '--validate-integrity',
        '--validate-package-names',
      ],
      { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } },
    );
    expect(output).toContain('No issues detected');
  });
});
