import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { TEST_PASSWORD_HASH_VAR } from './test-password';

/**
 * Vitest's global setup: TEST_PASSWORD's stored hash, made once for the whole run by the app's own
 * function (in a process of its own: the setup's module runner cannot start the hashing threads)
 * and handed to every test process in the environment. Each test file made it again, and with it
 * started the hashing threads: half a second of a core per file, twice per run.
 */
export default function setup(): void {
  if (process.env[TEST_PASSWORD_HASH_VAR]) return;
  const script = path.join(import.meta.dirname, 'print-password-hash.ts');
  process.env[TEST_PASSWORD_HASH_VAR] = execFileSync(process.execPath, ['--import', 'tsx', script], {
    encoding: 'utf8',
  });
}
