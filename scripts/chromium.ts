import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** Debian's Chromium, never a browser downloaded from the web (see docs/decisions/0006-browser-tests.md). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

const HOW_TO_GET_IT =
  'Chromium is needed for the browser tests and was not found at ' +
  `${chromiumPath}.\nInstall Debian's package:  sudo apt-get update && sudo apt-get install -y chromium\n` +
  'or point CHROMIUM_PATH at an existing Chromium or Chrome binary.';

/** Makes sure Chromium is there: installs Debian's package when running as root on Debian, else explains. */
export function ensureChromium(): void {
  if (fs.existsSync(chromiumPath)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = fs.existsSync('/usr/bin/apt-get') && fs.existsSync('/etc/debian_version');
  if (!isRoot || !hasApt || process.env.CHROMIUM_PATH) {
    process.stderr.write(`${HOW_TO_GET_IT}\n`);
    process.exit(1);
  }
  process.stdout.write("Chromium is missing; installing Debian's chromium package with apt-get...\n");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-liberation'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      process.stderr.write(`apt-get ${args.join(' ')} failed.\n${HOW_TO_GET_IT}\n`);
      process.exit(1);
    }
  }
}
