import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { measuredSaturation, saturationOf, type Saturation } from './lib/load-shedding';

let app: TestApp;
/** The forced saturation signal: what the process reports, set by each test. */
let saturation: Saturation | null = null;
let shedding: ReturnType<typeof createApp>;

beforeAll(async () => {
  app = await createTestApp({ env: { SSE_HEARTBEAT_SECONDS: '0.1' } });
  shedding = createApp(
    { ...app.deps, saturation: () => saturation },
    { databaseKind: 'pglite', billing: app.billing },
  );
});

afterAll(async () => {
  await app.close();
});

const request = (path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) => {
  const headers = new Headers(init.headers);
  headers.set('origin', app.env.PUBLIC_URL);
  if (init.cookie) headers.set('cookie', init.cookie);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  const body = init.json === undefined ? init.body : JSON.stringify(init.json);
  return Promise.resolve(shedding.request(`${app.env.PUBLIC_URL}${path}`, { ...init, headers, body }));
};

describe('shedding load while the process is saturated', () => {
  it('refuses new work at once with 503 and Retry-After, in the shape each client reads', async () => {
    saturation = { reason: 'event-loop', retryAfterSeconds: 3 };
    try {
      const signUp = await request('/api/auth/sign-up/email', {
        method: 'POST',
        json: { email: 'shed@example.com', password: 'New-Member-1', name: 'Shed' },
      });
      expect(signUp.status).toBe(503);
      expect(signUp.headers.get('retry-after')).toBe('3');
      expect(await signUp.json()).toEqual({ code: 'BUSY', message: 'Busy — try again in 3 s' });

      const visitorRead = await request('/api/session');
      expect(visitorRead.status).toBe(503);
      expect(visitorRead.headers.get('retry-after')).toBe('3');
      expect(await visitorRead.json()).toEqual({
        error: { code: 'unavailable', message: 'Busy — try again in 3 s' },
      });
    } finally {
      saturation = null;
    }
    const users = await app.handle.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', 'shed@example.com')
      .execute();
    expect(users).toEqual([]);
  });

  it('keeps answering the health check and the reads of signed-in members, not their writes', async () => {
    const member = await app.signedInUser({ plan: 'free' });
    saturation = { reason: 'database-pool', retryAfterSeconds: 1 };
    try {
      expect((await request('/api/health')).status).toBe(200);
      const read = await request('/api/session', { cookie: member.cookie });
      expect(read.status).toBe(200);
      expect(((await read.json()) as { user: { email: string } }).user.email).toBe(member.email);
      const write = await request('/api/profile', {
        method: 'PATCH',
        cookie: member.cookie,
        json: { fullName: 'Renamed Under Load' },
      });
      expect(write.status).toBe(503);
      expect(write.headers.get('retry-after')).toBe('1');
    } finally {
      saturation = null;
    }
    // Once the process has room again, the same requests are served.
    expect((await request('/api/session')).status).toBe(200);
  });

  it('keeps a live stream that was open before feeding its reader', async () => {
    const stream = await request('/api/events');
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    try {
      await reader.read();
      saturation = { reason: 'event-loop', retryAfterSeconds: 2 };
      // A new visitor's stream is refused; the open one keeps its heartbeats.
      expect((await request('/api/events')).status).toBe(503);
      const next = await reader.read();
      expect(next.done).toBe(false);
      expect(new TextDecoder().decode(next.value)).not.toBe('');
    } finally {
      saturation = null;
      await reader.cancel();
    }
  });
});

describe('the saturation signal', () => {
  it('reads the database pool: saturated once more queries wait than the threshold', () => {
    const pool = { waitingCount: 100 };
    const signal = measuredSaturation({ eventLoopDelayMs: 0, poolWaiting: 100, pool });
    try {
      expect(signal.read()).toBeNull();
      pool.waitingCount = 101;
      expect(signal.read()).toEqual({ reason: 'database-pool', retryAfterSeconds: 1 });
    } finally {
      signal.stop();
    }
  });

  it('is on by default in production only, and off when both thresholds are 0', () => {
    const handle = { pool: { waitingCount: 0 } };
    expect(
      saturationOf(
        { NODE_ENV: 'test', SHED_EVENT_LOOP_DELAY_MS: undefined, SHED_DB_POOL_WAITING: undefined },
        handle,
      ),
    ).toBeUndefined();
    expect(
      saturationOf({ NODE_ENV: 'production', SHED_EVENT_LOOP_DELAY_MS: 0, SHED_DB_POOL_WAITING: 0 }, handle),
    ).toBeUndefined();
    expect(
      typeof saturationOf(
        { NODE_ENV: 'production', SHED_EVENT_LOOP_DELAY_MS: undefined, SHED_DB_POOL_WAITING: undefined },
        handle,
      ),
    ).toBe('function');
  });
});
