import crypto from 'node:crypto';
import os from 'node:os';
import type { DeriveTask } from './password-worker';
import { lazyWorkerPool } from './worker-script';

/**
 * The hashing threads (ADR 0058): one per core at most, started on the first sign-in and ended after
 * a minute idle. Not libuv's pool of four, where four sign-ins at once held every thread that
 * response compression and file reads wait for.
 */
const hashing = lazyWorkerPool<DeriveTask, Uint8Array>(
  import.meta.url,
  'password-worker',
  os.availableParallelism(),
);

/** Ends the hashing threads (graceful shutdown). */
export const closePasswordHashing = (): Promise<void> => hashing.close();

/**
 * better-auth's stored password format, `<salt hex>:<key hex>`: scrypt of the NFKC-normalised password
 * with the 32-character salt text, N 16384, r 16, p 1, 64 bytes, computed by node:crypto on a hashing
 * thread of our own, never on the event loop (ADR 0052) nor on libuv's shared pool (ADR 0058). Every
 * hash stored so far verifies unchanged (password-hash.test.ts).
 */
const N = 16_384;
const r = 16;
const p = 1;
const KEY_LENGTH = 64;
const options: crypto.ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 };

const keyOf = async (password: string, salt: string) =>
  Buffer.from(
    await hashing.run({ password: password.normalize('NFKC'), salt, keyLength: KEY_LENGTH, options }),
  );

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16).toString('hex');
  return `${salt}:${(await keyOf(password, salt)).toString('hex')}`;
}

export async function verifyPassword({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  const [salt, key] = hash.split(':');
  if (!salt || !key || !/^[0-9a-f]+$/i.test(key)) return false;
  const stored = Buffer.from(key, 'hex');
  const computed = await keyOf(password, salt);
  return stored.length === computed.length && crypto.timingSafeEqual(stored, computed);
}
