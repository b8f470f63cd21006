import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { errorBody } from './app-error';
import { busyMessage, hashingBusy, hashingHasRoom } from './password-hash';
import type { Env } from '../env';
import type { AppEnv } from './context';

/** Why this process refuses new work now, and how soon a client may come back. */
export interface Saturation {
  reason: 'event-loop' | 'database-pool';
  retryAfterSeconds: number;
}

/** Reads whether the process is saturated now: null when it is not. Tests pass one that says so. */
export type SaturationSignal = () => Saturation | null;

const SESSION_COOKIES = ['better-auth.session_token', '__Secure-better-auth.session_token'];

/**
 * The process is saturated when, over the last second, its event loop ran timers later than
 * `eventLoopDelayMs` (p99), or more than `poolWaiting` queries waited for a database connection.
 * 0 turns a check off. The delay is read once a second, off the request path.
 */
export function measuredSaturation(options: {
  eventLoopDelayMs: number;
  poolWaiting: number;
  pool: { waitingCount: number } | undefined;
}): { read: SaturationSignal; stop: () => void } {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  let recentDelayMs = 0;
  if (options.eventLoopDelayMs > 0) histogram.enable();
  const timer = setInterval(() => {
    recentDelayMs = histogram.count > 0 ? histogram.percentile(99) / 1e6 : 0;
    histogram.reset();
  }, 1_000);
  timer.unref();
  return {
    read() {
      if (options.eventLoopDelayMs > 0 && recentDelayMs > options.eventLoopDelayMs)
        return { reason: 'event-loop', retryAfterSeconds: Math.max(1, Math.ceil(recentDelayMs / 1000)) };
      if (options.poolWaiting > 0 && (options.pool?.waitingCount ?? 0) > options.poolWaiting)
        return { reason: 'database-pool', retryAfterSeconds: 1 };
      return null;
    },
    stop() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}

/**
 * The thresholds from the environment: unset, on in production (event-loop p99 over 1 s, more than
 * 100 queries waiting for a connection) and off elsewhere, where a loaded test machine's stalls must
 * not refuse the tests' requests. Undefined when both are off.
 */
export function saturationOf(
  env: Pick<Env, 'NODE_ENV' | 'SHED_EVENT_LOOP_DELAY_MS' | 'SHED_DB_POOL_WAITING'>,
  handle: { pool?: { waitingCount: number } },
): SaturationSignal | undefined {
  const production = env.NODE_ENV === 'production';
  const eventLoopDelayMs = env.SHED_EVENT_LOOP_DELAY_MS ?? (production ? 1_000 : 0);
  const poolWaiting = env.SHED_DB_POOL_WAITING ?? (production ? 100 : 0);
  if (eventLoopDelayMs === 0 && poolWaiting === 0) return undefined;
  return measuredSaturation({ eventLoopDelayMs, poolWaiting, pool: handle.pool }).read;
}

/**
 * Requests the process must keep answering when saturated: the health check (a balancer that sees it
 * fail takes the process out, moving the load rather than shedding it), and reads of signed-in
 * members (a session cookie on a GET, the live stream included). A forged cookie only buys a read,
 * which the session check then refuses; shedding aims at sign-ups, sign-ins, writes and anonymous
 * reads, where a retry costs the visitor least. A live stream already open is never a new request.
 */
function isKeptUnderLoad(method: string, path: string, hasSession: boolean): boolean {
  if (path === '/api/health' || path.startsWith('/api/health/')) return true;
  return (method === 'GET' || method === 'HEAD') && hasSession;
}

/**
 * When the process is saturated, refuses new requests at once with 503 and Retry-After rather than
 * queue them behind work it cannot finish: better-auth's `{ code, message }` under /api/auth, the
 * app's error shape elsewhere.
 */
export function shedWhenSaturated(signal: SaturationSignal) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const saturation = signal();
    if (!saturation) return next();
    const hasSession = SESSION_COOKIES.some((name) => Boolean(getCookie(c, name)));
    if (isKeptUnderLoad(c.req.method, c.req.path, hasSession)) return next();
    const seconds = saturation.retryAfterSeconds;
    const message = busyMessage(seconds);
    c.header('Retry-After', String(seconds));
    c.get('logger')?.warn({ reason: saturation.reason, path: c.req.path }, 'request shed: process saturated');
    if (c.req.path.startsWith('/api/auth/')) return c.json({ code: 'BUSY', message }, 503);
    return c.json(errorBody('unavailable', message), 503);
  });
}

/** The requests that start with a password hash: refused before their database work when it is full. */
const HASHING_FIRST = new Set(['/api/auth/sign-in/email', '/api/auth/sign-up/email']);

/**
 * A sign-in or sign-up the hashing queue could not admit is refused on arrival, before its rate-limit
 * and account reads: the refusal then costs no query, and comes back at once however busy the
 * database is (ADR 0065). Anything that hashes later still meets the same bound in password-hash.ts.
 */
export function refuseWhenHashingFull() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method !== 'POST' || !HASHING_FIRST.has(c.req.path) || hashingHasRoom()) return next();
    const busy = hashingBusy();
    c.header('Retry-After', String(busy.retryAfter ?? 1));
    return c.json({ code: 'BUSY', message: busy.message }, 503);
  });
}
