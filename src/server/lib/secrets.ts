import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Returns the secret stored in DATA_DIR/<name>, generating it on first use. The file is readable by
 * the machine's user only; an existing file is never overwritten, so sessions survive restarts.
 */
export function readOrCreateSecret(dataDir: string, name: string, generate: () => string): string {
  const file = path.join(dataDir, name);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, `${generate()}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const value = fs.readFileSync(file, 'utf8').trim();
  if (value.length < 32)
    throw new Error(`${file} holds a secret shorter than 32 characters; delete it to regenerate`);
  return value;
}

export function resolveAuthSecret(env: { AUTH_SECRET?: string | undefined; DATA_DIR: string }): string {
  return (
    env.AUTH_SECRET ??
    readOrCreateSecret(env.DATA_DIR, 'auth-secret', () => crypto.randomBytes(48).toString('base64url'))
  );
}
