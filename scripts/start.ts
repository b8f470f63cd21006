import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebApp, ensureServerBundle, isBuildCurrent } from './build-stamp';
import { ensureDatabaseTemplate } from './db-template';

/**
 * `npm start`: build the web app and the server bundle when their sources changed since the last
 * build, make the embedded database's template when the migrations changed, then serve: plain node on
 * the bundle, in a child process that receives this process's signals (ADR 0025).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!isBuildCurrent(root)) {
  process.stdout.write('Building the web app (first start or sources changed)...\n');
  buildWebApp(root);
}
const bundle = ensureServerBundle(root);
await ensureDatabaseTemplate(root);

// Its own process group, so a terminal's Ctrl-C reaches it once (forwarded), not twice: the server
// takes a second signal as "stop now".
const server = spawn(process.execPath, ['--enable-source-maps', bundle], {
  cwd: root,
  stdio: 'inherit',
  detached: true,
});
const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
for (const signal of signals) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  if (!signal) process.exit(code ?? 1);
  for (const name of signals) process.removeAllListeners(name);
  process.kill(process.pid, signal);
});
