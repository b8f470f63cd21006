import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebApp, isBuildCurrent } from './build-stamp';

/** `npm start`: build the web app when its sources changed since the last build, then serve. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!isBuildCurrent(root)) {
  process.stdout.write('Building the web app (first start or sources changed)...\n');
  buildWebApp(root);
}

await import('../src/server/main');
