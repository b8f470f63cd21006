import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What the web build depends on; a change to any of these makes `npm start` rebuild. */
const inputs = ['src/web', 'src/domain', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];

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

/** A hash of the web app's sources. */
export function sourceHash(root: string): string {
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
  fs.writeFileSync(stampFile(root), sourceHash(root));
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
