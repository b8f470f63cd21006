import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, buildWebApp } from './build-stamp';
import { ensureDatabaseTemplate } from './db-template';

/**
 * `npm run build`: the production web build and server bundle, stamped so `npm start` knows they are
 * current, and the embedded database's template.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildWebApp(root);
buildServer(root);
await ensureDatabaseTemplate(root);
