import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebApp } from './build-stamp';

/** `npm run build`: the production web build, stamped so `npm start` knows it is current. */
buildWebApp(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
