import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceHash, stampFile } from './build-stamp';

/** `npm start`: build the web app when its sources changed since the last build, then serve. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const hash = sourceHash(root);
const built =
  fs.existsSync(path.join(root, 'dist/web/index.html')) &&
  fs.existsSync(stampFile(root)) &&
  fs.readFileSync(stampFile(root), 'utf8') === hash;

if (!built) {
  process.stdout.write('Building the web app (first start or sources changed)...\n');
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(stampFile(root), hash);
}

await import('../src/server/main');
