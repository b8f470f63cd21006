import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildSync } from 'esbuild';

/** What the web build depends on; a change to any of these makes `npm start` rebuild. */
const webInputs = ['src/web', 'src/domain', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];
/** What the server bundle depends on. */
const serverInputs = ['src/server', 'src/domain', 'package-lock.json', 'tsconfig.json'];

function* files(entry: string): Generator<string> {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) {
    if (name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
    yield* files(path.join(entry, name));
  }
}

/** A hash of the sources a build is made from (the web app's unless told). */
export function sourceHash(root: string, inputs = webInputs): string {
  const hash = crypto.createHash('sha256');
  for (const input of inputs) {
    for (const file of files(path.join(root, input))) {
      hash.update(path.relative(root, file));
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex');
}

export const stampFile = (root: string) => path.join(root, 'dist', 'web', '.build-stamp');

/** Builds the web app into dist/web and records the sources it was built from. Exits on failure. */
export function buildWebApp(root: string): void {
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
  precompressAssets(path.join(root, 'dist', 'web', 'assets'));
  fs.writeFileSync(stampFile(root), sourceHash(root));
}

/**
 * Writes `.br` and `.gz` beside every script, style sheet and SVG once at build time, at the highest
 * levels; the server reads them once at start (lib/static-files.ts) and sends them as they are
 * instead of compressing the same file on every request.
 */
export function precompressAssets(dir: string): void {
  if (!fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir)) {
    if (!/\.(?:js|css|svg|json)$/.test(name)) continue;
    const file = path.join(dir, name);
    const body = fs.readFileSync(file);
    if (body.length < 1024) continue;
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    );
  }
}

/** True when dist/web was built from the current sources. */
export function isBuildCurrent(root: string): boolean {
  const stamp = stampFile(root);
  return (
    fs.existsSync(path.join(root, 'dist/web/index.html')) &&
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, 'utf8') === sourceHash(root)
  );
}

export const serverBundle = (root: string) => path.join(root, 'dist', 'server', 'main.mjs');

/**
 * node's options for the server bundle, before its path. `--max-semi-space-size=16` (MB): on a machine
 * with a few GB of memory V8 lets the young generation of the heap grow to 64 MB semi-spaces while the
 * modules load, and keeps them — about 110 MB of resident memory an idle server never gives back
 * (ADR 0053). 16 MB is what V8 allowed before it scaled the young generation with the machine.
 */
export const serverNodeArgs = ['--enable-source-maps', '--max-semi-space-size=16'];

/**
 * The server's environment on top of `env`: glibc's malloc keeps up to eight arenas per core, and the
 * threads the server runs (libuv's pool hashing passwords and compressing, the embedded database's
 * thread) each take one and keep what they freed; two arenas gave back about 60 MB idle with PGlite
 * (ADR 0053). An operator's own MALLOC_ARENA_MAX wins; other C libraries ignore it.
 */
export const serverEnv = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
  ...env,
  MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2',
});
const serverStampFile = (root: string) => path.join(root, 'dist', 'server', '.build-stamp');

/**
 * Bundles the server's own TypeScript into dist/server/main.mjs (packages stay imports), so that
 * `npm start` runs plain node: without tsx's loader hooks, which every one of ~2,000 module loads
 * waited on, a start takes about a second less (ADR 0025). Source maps keep stack traces on src/.
 */
export function buildServer(root: string): string {
  const outfile = serverBundle(root);
  // Chunk names change with their content: drop the last build's, so none is loaded by mistake.
  for (const name of fs.existsSync(path.dirname(outfile)) ? fs.readdirSync(path.dirname(outfile)) : [])
    if (name.startsWith('chunk-')) fs.rmSync(path.join(path.dirname(outfile), name));
  buildSync({
    // Each worker thread's script is its own entry beside main.mjs (src/server/lib/worker-script.ts).
    entryPoints: {
      main: path.join(root, 'src/server/main.ts'),
      'pglite-worker': path.join(root, 'src/server/db/pglite-worker.ts'),
      'feed-worker': path.join(root, 'src/server/features/news/feed-worker.ts'),
      'password-worker': path.join(root, 'src/server/lib/password-worker.ts'),
    },
    outdir: path.dirname(outfile),
    outExtension: { '.js': '.mjs' },
    // Code shared by the entries, and what main.ts imports with `await import()` (the server itself),
    // goes into chunks beside them: a cluster's primary loads only main.mjs and what it imports
    // statically, never the server's packages (ADR 0056).
    splitting: true,
    chunkNames: 'chunk-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    alias: { '@': path.join(root, 'src') },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  fs.writeFileSync(serverStampFile(root), sourceHash(root, serverInputs));
  return outfile;
}

/** Builds the server bundle unless it was built from the current sources; returns its path. */
export function ensureServerBundle(root: string): string {
  const stamp = serverStampFile(root);
  const current =
    fs.existsSync(serverBundle(root)) &&
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, 'utf8') === sourceHash(root, serverInputs);
  return current ? serverBundle(root) : buildServer(root);
}
