import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebApp } from './build-stamp';
import { ensureChromium } from './chromium';
import { ensureDatabaseTemplate } from './db-template';

/** `npm run test:e2e`: Chromium present, a fresh production build, then Playwright. Extra args pass through. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureChromium();
buildWebApp(root);
await ensureDatabaseTemplate(root);

const result = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } },
);
process.exit(result.status ?? 1);
