import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebApp, ensureServerBundle, isBuildCurrent, serverEnv, serverNodeArgs } from './build-stamp';
import { billingDefault } from './billing-default';
import { ensureDatabaseTemplate } from './db-template';

/**
 * `npm start`: build the web app and the server bundle when their sources changed since the last
 * build, make the embedded database's template when the migrations changed, then serve: plain node on
 * the bundle, in a child process that receives this process's signals (ADR 0025).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const env = serverEnv(process.env);
const billing = billingDefault(env);
if (billing.refuse) {
  process.stderr.write(`${billing.refuse}\n`);
  process.exit(1);
}
if (billing.testMode) {
  env.BILLING_TEST_MODE = 'true';
  process.stderr.write(
    'warn: no STRIPE_SECRET_KEY: payments run in test mode (BILLING_TEST_MODE=true), no card is charged and Premium is free.\n',
  );
}

if (!isBuildCurrent(root)) {
  process.stdout.write('Building the web app (first start or sources changed)...\n');
  buildWebApp(root);
}
const bundle = ensureServerBundle(root);
await ensureDatabaseTemplate(root);

// Its own process group, so a terminal's Ctrl-C reaches it once (forwarded), not twice: the server
// takes a second signal as "stop now".
const server = spawn(process.execPath, [...serverNodeArgs, bundle], {
  cwd: root,
  env,
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
