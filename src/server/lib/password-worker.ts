import crypto from 'node:crypto';
import os from 'node:os';

/**
 * A hashing thread gives way to the event loops (ADR 0065): at nice 5 the scheduler gives it about a
 * third of a core the event loop also wants, so members reading pages stay fast while sign-ins take
 * longer. On Linux the nice value belongs to the thread; where the system refuses, the thread keeps
 * the process's.
 */
export const HASHING_NICE = 5;
try {
  os.setPriority(HASHING_NICE);
} catch {
  // Not permitted here: hash at the process's priority.
}

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
