import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify<crypto.BinaryLike, crypto.BinaryLike, number, crypto.ScryptOptions, Buffer>(
  crypto.scrypt,
);

/**
 * better-auth's stored password format, `<salt hex>:<key hex>`: scrypt of the NFKC-normalised password
 * with the 32-character salt text, N 16384, r 16, p 1, 64 bytes. Computed here by node:crypto on
 * libuv's thread pool, never on the event loop (ADR 0052): better-auth picks the same through its
 * package's "node" export condition, which a bundler or another runtime may not honour, so the
 * choice is made explicitly. Every hash stored so far verifies unchanged (password-hash.test.ts).
 */
const N = 16_384;
const r = 16;
const p = 1;
const KEY_LENGTH = 64;
const options: crypto.ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 };

const keyOf = (password: string, salt: string) =>
  scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options);

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
