import crypto from 'node:crypto';
import os from 'node:os';
import { AppError } from './app-error';
import type { DeriveTask } from './password-worker';
import { lazyWorkerPool } from './worker-script';

/**
 * What one hash costs a core, in milliseconds, until this process has timed its own: scrypt below
 * took 89–130 ms (median 90) on the CI machine's core and 80–150 ms on the development machine
 * (ADR 0058, ADR 0065). The upper end, so that the bound below errs on the short side.
 */
export const HASH_COST_MS = 150;

/** How long a sign-in's hash may take, its wait for a thread included, before it is refused instead. */
const MAX_WAIT_MS = 1_000;

const CORES = os.availableParallelism();

/**
 * The hashes that may wait for a thread (ADR 0065): an admitted hash waits for the ones queued ahead
 * of it, spread over the cores, then takes its own cost; the bound keeps the two within a second.
 * Past it, waiting would only make every sign-in slow; refusing at once lets the client retry.
 */
export function defaultHashQueueMax(cores = CORES, costMs = HASH_COST_MS): number {
  return cores * Math.max(0, Math.floor(MAX_WAIT_MS / costMs) - 1);
}

export const busyMessage = (seconds: number) => `Busy — try again in ${seconds} s`;

/** Every hashing thread is busy and the queue is at its bound: answered 503 with Retry-After. */
export class PasswordHashingBusyError extends AppError {
  constructor(retryAfterSeconds: number) {
    super('unavailable', busyMessage(retryAfterSeconds));
    this.name = 'PasswordHashingBusyError';
    this.retryAfter = retryAfterSeconds;
  }
}

/**
 * The hashing threads (ADR 0058): one per core at most, started on the first sign-in and ended after
 * a minute idle. Not libuv's pool of four, where four sign-ins at once held every thread that
 * response compression and file reads wait for.
 */
const hashing = lazyWorkerPool<DeriveTask, Uint8Array>(import.meta.url, 'password-worker', CORES);

/**
 * Admission (ADR 0065): a hash is admitted while fewer than `cores + bound` are running or waiting in
 * this process, and refused at once otherwise. The count is ours, taken before the hash is handed to
 * the pool, so a refusal never waits for a thread to start or a message to come back.
 */
let configuredQueueMax: number | undefined;
let inFlight = 0;
/** What a hash has lately cost a thread, measured on hashes that found a thread free. */
let recentCostMs = HASH_COST_MS;

/**
 * Sets how many hashes may wait (PASSWORD_HASH_QUEUE_MAX; undefined: derived from the cost measured
 * lately, so a machine slowed by a neighbour admits fewer). The bound is this process's: each server
 * process has its own threads and queue.
 */
export function configurePasswordHashing(options: { queueMax?: number | undefined }) {
  configuredQueueMax = options.queueMax;
}

/** How many hashes this process admits at once: one per thread, and the queue's bound. */
export const hashingCapacity = () =>
  CORES + (configuredQueueMax ?? defaultHashQueueMax(CORES, Math.max(HASH_COST_MS / 2, recentCostMs)));

/** Whether a hash asked for now would be admitted: checked before a sign-in does any other work. */
export const hashingHasRoom = () => inFlight < hashingCapacity();

/** The answer for a hash refused now. */
export const hashingBusy = () => new PasswordHashingBusyError(retryAfterSeconds(inFlight));

/** Ends the hashing threads (graceful shutdown). */
export const closePasswordHashing = (): Promise<void> => hashing.close();

/** Seconds until the hashes ahead of a refused one have drained: they spread over the cores. */
function retryAfterSeconds(ahead: number): number {
  return Math.max(1, Math.ceil(((ahead - CORES + 1) * recentCostMs) / CORES / 1000));
}

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

async function keyOf(password: string, salt: string): Promise<Buffer> {
  if (!hashingHasRoom()) throw hashingBusy();
  const threadFree = inFlight < CORES;
  inFlight += 1;
  const started = performance.now();
  try {
    const key = Buffer.from(
      await hashing.run({ password: password.normalize('NFKC'), salt, keyLength: KEY_LENGTH, options }),
    );
    // A hash that waited for no thread took what one costs now; the mean leans on the recent ones.
    if (threadFree) recentCostMs = 0.8 * recentCostMs + 0.2 * (performance.now() - started);
    return key;
  } finally {
    inFlight -= 1;
  }
}

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
