import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../tests/support/test-app';
import { createLogger } from './logger';
import {
  configurePasswordHashing,
  defaultHashQueueMax,
  hashingCapacity,
  hashPassword,
} from './password-hash';

/**
 * Takes every hash this process admits and keeps taking them until stopped: a keeper whose hash ends
 * starts the next one before the event loop turns, so no request's hash is admitted meanwhile.
 */
function holdHashing(): { stop: () => Promise<void> } {
  let holding = true;
  const keep = async (): Promise<void> => {
    while (holding) await hashPassword('Hold-The-Thread-1');
  };
  const keepers = Array.from({ length: hashingCapacity() }, keep);
  return {
    stop: async () => {
      holding = false;
      await Promise.all(keepers);
    },
  };
}

const signIn = (app: TestApp, email: string, password = TEST_PASSWORD) =>
  app.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });

const busyMessage = /^Busy — try again in (\d+) s$/;

afterAll(() => configurePasswordHashing({}));

describe('the bound on waiting password hashes', () => {
  it('is derived from the cores and the cost of one hash: wait and hash within a second', () => {
    expect(defaultHashQueueMax(2, 150)).toBe(10);
    expect(defaultHashQueueMax(8, 100)).toBe(72);
    // Half a second a hash: one may wait per thread; more than that, none may.
    expect(defaultHashQueueMax(2, 500)).toBe(2);
    expect(defaultHashQueueMax(2, 600)).toBe(0);
    expect(defaultHashQueueMax(1, 2_000)).toBe(0);
  });

  it('with no room left, every route that hashes answers 503 with Retry-After and writes nothing', async () => {
    const app = await createTestApp({ env: { PASSWORD_HASH_QUEUE_MAX: '0' } });
    try {
      const member = await app.signedInUser({ plan: 'free' });
      const hold = holdHashing();
      try {
        // Sign-in, in better-auth's error shape, which its client reads.
        const refused = await signIn(app, member.email);
        expect(refused.status).toBe(503);
        const retryAfter = Number(refused.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        const body = (await refused.json()) as { code: string; message: string };
        expect(body.code).toBe('BUSY');
        expect(body.message).toMatch(busyMessage);
        expect(refused.headers.getSetCookie()).toEqual([]);

        // Sign-up: no user is created.
        const signUp = await app.request('/api/auth/sign-up/email', {
          method: 'POST',
          json: { email: 'refused@example.com', password: 'New-Member-1', name: 'Refused' },
        });
        expect(signUp.status).toBe(503);
        expect(Number(signUp.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(((await signUp.json()) as { message: string }).message).toMatch(busyMessage);

        // Password change and re-authentication (account deletion), in the app's error shape.
        const change = await app.request('/api/account/change-password', {
          method: 'POST',
          cookie: member.cookie,
          json: {
            currentPassword: TEST_PASSWORD,
            newPassword: 'Brand-New-Pass-7',
            confirmPassword: 'Brand-New-Pass-7',
          },
        });
        expect(change.status).toBe(503);
        expect(Number(change.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        const changeBody = (await change.json()) as { error: { code: string; message: string } };
        expect(changeBody.error.code).toBe('unavailable');
        expect(changeBody.error.message).toMatch(busyMessage);

        const deletion = await app.request('/api/account/delete', {
          method: 'POST',
          cookie: member.cookie,
          json: { password: TEST_PASSWORD },
        });
        expect(deletion.status).toBe(503);
        expect(((await deletion.json()) as { error: { message: string } }).error.message).toMatch(
          busyMessage,
        );
      } finally {
        await hold.stop();
      }

      const users = await app.handle.db.selectFrom('user').select(['email']).execute();
      expect(users.map((user) => user.email)).toEqual([member.email]);
      // The password is the one it was: the refused change changed nothing.
      expect((await signIn(app, member.email)).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('admits sign-ins up to the bound and refuses the rest at once; none is lost', async () => {
    const app = await createTestApp({ env: { PASSWORD_HASH_QUEUE_MAX: '1' } });
    try {
      const members: { email: string }[] = [];
      for (let index = 0; index < 5; index += 1) members.push(await app.signedInUser({ plan: 'free' }));
      const burst = await Promise.all(
        Array.from({ length: 30 }, (_, index) => signIn(app, members[index % members.length]!.email)),
      );
      const statuses = burst.map((response) => response.status);
      expect(new Set(statuses)).toEqual(new Set([200, 503]));
      for (const response of burst) {
        if (response.status === 200)
          expect(response.headers.getSetCookie().join()).toContain('session_token');
        else {
          expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
          expect(((await response.json()) as { message: string }).message).toMatch(busyMessage);
        }
      }
      // The queue drains: each member signs in once it has.
      for (const member of members) expect((await signIn(app, member.email)).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('logs a busy refusal as a warning, not as a failed request', async () => {
    const lines: { level: number; msg: string; path?: string; status?: number }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = await createTestApp({
      env: { PASSWORD_HASH_QUEUE_MAX: '0' },
      logger: createLogger('info', sink),
    });
    try {
      const member = await app.signedInUser({ plan: 'free' });
      const hold = holdHashing();
      try {
        expect((await signIn(app, member.email)).status).toBe(503);
      } finally {
        await hold.stop();
      }
      const refusal = lines.find((line) => line.path === '/api/auth/sign-in/email' && line.status === 503);
      expect(refusal).toMatchObject({ level: 40, msg: 'request refused: busy' });
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
