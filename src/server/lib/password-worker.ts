import crypto from 'node:crypto';

export interface DeriveTask {
  password: string;
  salt: string;
  keyLength: number;
  options: crypto.ScryptOptions;
}

/**
 * scrypt, synchronously, on a hashing thread (password-hash.ts): neither the event loop nor libuv's
 * shared pool, which compression and file reads wait for (ADR 0058).
 */
export default function derive({ password, salt, keyLength, options }: DeriveTask): Uint8Array {
  return crypto.scryptSync(password, salt, keyLength, options);
}
