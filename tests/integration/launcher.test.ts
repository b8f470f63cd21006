import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * What the README's two commands do before any build: run on the project's Node major whatever Node
 * the machine has (fetching it from the npm registry, here a fake one on 127.0.0.1), and refuse a
 * production start that would sell Premium for nothing.
 */
const root = path.resolve(import.meta.dirname, '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-launcher-'));
const major = (version: string) => Number.parseInt(version.replace(/^v/, ''), 10);
const projectMajor = major(fs.readFileSync(path.join(root, '.nvmrc'), 'utf8').trim());

/**
 * A Node older than the project's, when the machine has one besides the one running the tests (a
 * fresh Debian machine and CI do: the launcher puts the newer one first on PATH). Without one, the
 * tests run the launcher under this Node in a copy of the project that asks for the next major.
 */
function findOldNode(): string | null {
  const places = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/bin', '/usr/local/bin'];
  for (const dir of places) {
    const candidate = path.join(dir, 'node');
    const result = spawnSync(candidate, ['--version'], { encoding: 'utf8' });
    if (result.status === 0 && major(result.stdout.trim()) < projectMajor) return candidate;
  }
  return null;
}
const oldNode = findOldNode();
const node = oldNode ?? process.execPath;
const wanted = oldNode ? projectMajor : major(process.version) + 1;
const fakeVersion = `${wanted}.99.0`;
const pkg = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;

/** A copy of the launcher in a project of its own, whose .nvmrc asks for `wanted`. */
const project = path.join(work, 'project');
fs.mkdirSync(path.join(project, 'scripts'), { recursive: true });
fs.copyFileSync(path.join(root, 'scripts/node-runtime.mjs'), path.join(project, 'scripts/node-runtime.mjs'));
fs.writeFileSync(path.join(project, '.nvmrc'), `${wanted}\n`);
fs.writeFileSync(
  path.join(project, 'main.mjs'),
  'console.log(`main ran: ${process.argv.slice(2).join(" ")}`);\n',
);

/** The registry's tarball: package/bin/node, a script that answers --version and echoes what it runs. */
function makeTarball(): Buffer {
  const dir = path.join(work, 'tarball');
  fs.mkdirSync(path.join(dir, 'package/bin'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'package/package.json'),
    JSON.stringify({ name: pkg, version: fakeVersion, bin: { node: 'bin/node' } }),
  );
  fs.writeFileSync(
    path.join(dir, 'package/bin/node'),
    `#!/bin/sh\nif [ "$1" = "--version" ]; then echo v${fakeVersion}; exit 0; fi\necho "fetched node ran: $*"\n`,
    { mode: 0o755 },
  );
  const file = path.join(work, 'node.tgz');
  const tar = spawnSync('tar', ['-czf', file, '-C', dir, 'package']);
  expect(tar.status).toBe(0);
  return fs.readFileSync(file);
}

let registry: http.Server;
let registryUrl = '';
const requests: string[] = [];

beforeAll(async () => {
  const tarball = makeTarball();
  registry = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const base = `http://127.0.0.1:${(registry.address() as AddressInfo).port}`;
    if (req.url === `/${pkg}`) {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          name: pkg,
          'dist-tags': { latest: fakeVersion },
          versions: {
            [fakeVersion]: {
              name: pkg,
              version: fakeVersion,
              dist: {
                tarball: `${base}/${pkg}/-/${pkg}-${fakeVersion}.tgz`,
                shasum: crypto.createHash('sha1').update(tarball).digest('hex'),
                integrity: `sha512-${crypto.createHash('sha512').update(tarball).digest('base64')}`,
              },
            },
          },
        }),
      );
    } else if (req.url === `/${pkg}/-/${pkg}-${fakeVersion}.tgz`) {
      res.end(tarball);
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
  registryUrl = `http://127.0.0.1:${(registry.address() as AddressInfo).port}/`;
});

afterAll(() => {
  registry?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** Runs a command as an npm script does, with its own cache folder and npm registry. */
function run(args: string[], cwd: string, env: Record<string, string>) {
  const { npm_execpath: _npm, ...rest } = process.env;
  return new Promise<{ code: number | null; stdout: string; stderr: string; ms: number }>((resolve) => {
    const started = Date.now();
    const child = spawn(node, args, {
      cwd,
      env: { ...rest, npm_config_cache: path.join(work, 'npm-cache'), ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}

describe(`the launcher on Node ${oldNode ? 'older than the project' : 'one major behind the copy'}`, () => {
  it('fetches the project’s Node from the registry once, says so in one line and runs the command on it', async () => {
    const cache = path.join(work, 'cache-ok');
    const first = await run(['--import', './scripts/node-runtime.mjs', 'main.mjs', 'one', 'two'], project, {
      XDG_CACHE_HOME: cache,
      npm_config_registry: registryUrl,
    });
    expect(first.stderr).toBe(
      `Node ${spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim().slice(1)} is older than this project's Node ${wanted}: running on Node ${fakeVersion} from the npm registry (${path.join(cache, 'xrp-research', `node-${wanted}-${pkg.slice('node-'.length)}`, 'bin')}).\n`,
    );
    // The same command, arguments and loader flags, under the fetched binary; the old Node never ran main.
    expect(first.stdout).toBe(
      `fetched node ran: --import ./scripts/node-runtime.mjs ${path.join(project, 'main.mjs')} one two\n`,
    );
    expect(first.code).toBe(0);
    expect(requests.filter((url) => url.endsWith('.tgz'))).toHaveLength(1);

    const again = await run(['--import', './scripts/node-runtime.mjs', 'main.mjs'], project, {
      XDG_CACHE_HOME: cache,
      npm_config_registry: 'http://127.0.0.1:9/',
    });
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(
      `fetched node ran: --import ./scripts/node-runtime.mjs ${path.join(project, 'main.mjs')}\n`,
    );
    expect(requests.filter((url) => url.endsWith('.tgz'))).toHaveLength(1);
  });

  it('names the problem and the fix in one sentence when no registry answers, before the command runs', async () => {
    const result = await run(['--import', './scripts/node-runtime.mjs', 'main.mjs'], project, {
      XDG_CACHE_HOME: path.join(work, 'cache-offline'),
      npm_config_registry: 'http://127.0.0.1:9/',
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^This project needs Node ${wanted} and this machine has Node [\\d.]+; Node ${wanted} could not be fetched from the npm registry \\(.*ECONNREFUSED.*\\): install Node ${wanted} .* or make the npm registry reachable, then run the same command again\\.$`,
      ),
    );
  });

  it('prints the folder of a supported node for .ci/run', async () => {
    const cache = path.join(work, 'cache-ok');
    const result = await run(['scripts/node-runtime.mjs', '--print-bin'], project, {
      XDG_CACHE_HOME: cache,
      npm_config_registry: registryUrl,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `${path.join(cache, 'xrp-research', `node-${wanted}-${pkg.slice('node-'.length)}`, 'bin')}\n`,
    );
  });
});
