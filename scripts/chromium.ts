import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * Debian's Chromium, never a browser downloaded from the web (ADR 0006): the full browser for
 * Lighthouse (`npm run bench -- web`), which measures what a visitor's browser does.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's headless shell of the same Chromium for the browser tests (ADR 0070): the same Blink and
 * V8 without the full browser's window, tab strip and compositor work, a third less CPU per test.
 */
export const headlessShellPath =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Each binary, the Debian package that has it, and the variable that points elsewhere. */
const browsers = {
  chromium: { path: chromiumPath, packageName: 'chromium', variable: 'CHROMIUM_PATH' },
  'headless-shell': {
    path: headlessShellPath,
    packageName: 'chromium-headless-shell',
    variable: 'CHROMIUM_HEADLESS_SHELL_PATH',
  },
} as const;

const howToGetIt = ({ path, packageName, variable }: (typeof browsers)[keyof typeof browsers]) =>
  `Debian's ${packageName} is needed and was not found at ${path}.\n` +
  `Install it:  sudo apt-get update && sudo apt-get install -y ${packageName} fonts-liberation\n` +
  `or point ${variable} at an existing binary.`;

/**
 * Makes sure the browser is there (the headless shell unless told): installs Debian's package when
 * running as root on Debian, else explains.
 */
export function ensureChromium(which: keyof typeof browsers = 'headless-shell'): void {
  const browser = browsers[which];
  if (fs.existsSync(browser.path)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = fs.existsSync('/usr/bin/apt-get') && fs.existsSync('/etc/debian_version');
  if (!isRoot || !hasApt || process.env[browser.variable]) {
    process.stderr.write(`${howToGetIt(browser)}\n`);
    process.exit(1);
  }
  process.stdout.write(`${browser.packageName} is missing; installing Debian's package with apt-get...\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', browser.packageName, 'fonts-liberation'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      process.stderr.write(`apt-get ${args.join(' ')} failed.\n${howToGetIt(browser)}\n`);
      process.exit(1);
    }
  }
}
