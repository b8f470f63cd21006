import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { cookieOf, createTestApp, TEST_PASSWORD, type TestApp } from '../../../tests/support/test-app';
import { totpCodes } from '../../../tests/support/totp';
import { waitText } from './rate-limit';

let app: TestApp;
beforeAll(async () => {
  // Each test calls from its own addresses (the first X-Forwarded-For hop).
  app = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await app?.close();
});

let lastAddress = 0;
const newAddress = () => `203.0.113.${++lastAddress}`;

type AuthError = { code: string; message: string };

const post = (path: string, body: unknown, from: string, cookie?: string) =>
  app.request(path, {
    method: 'POST',
    json: body,
    headers: { 'x-forwarded-for': from },
    ...(cookie ? { cookie } : {}),
  });

/** A member with two-factor sign-in on: their email, a source of fresh codes and their backup codes. */
async function memberWithTwoFactor(from: string) {
  const { cookie, email } = await app.signedInUser();
  const enable = await post('/api/auth/two-factor/enable', { password: TEST_PASSWORD }, from, cookie);
  expect(enable.status).toBe(200);
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  const code = totpCodes(totpURI);
  const verify = await post('/api/auth/two-factor/verify-totp', { code: code() }, from, cookie);
  expect(verify.status).toBe(200);
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
  const sent = new Set<string>();
  /**
   * A six-digit code the authenticator shows at no time the server accepts now, and a new one each
   * time (the same code twice is refused as a replay before it is checked, and not counted).
   */
  const wrongCode = () => {
    const accepted = [-2, -1, 0, 1, 2].map((step) =>
      totp.generate({ timestamp: Date.now() + step * 30_000 }),
    );
    for (let n = sent.size; ; n += 1) {
      const candidate = String(n * 111_111 + 7)
        .padStart(6, '0')
        .slice(-6);
      if (!accepted.includes(candidate) && !sent.has(candidate)) {
        sent.add(candidate);
        return candidate;
      }
    }
  };
  return { email, code, wrongCode, backupCodes };
}

/** The password step of signing in: the cookie of the pending two-factor challenge. */
async function passwordStep(email: string, from: string) {
  const response = await post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD }, from);
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ twoFactorRedirect: true });
  return cookieOf(response);
}

const verifyTotp = (code: string, from: string, challenge: string) =>
  post('/api/auth/two-factor/verify-totp', { code }, from, challenge);
/**
 * Both sign-in steps with a right code, made after the password step: a code made before it could
 * be the previous step's and expire while the password is hashed.
 */
async function signInWithCode(
  member: { email: string; code: (prefer?: number) => string },
  from: string,
  prefer?: number,
) {
  const challenge = await passwordStep(member.email, from);
  return verifyTotp(member.code(prefer), from, challenge);
}
const verifyBackup = (code: string, from: string, challenge: string) =>
  post('/api/auth/two-factor/verify-backup-code', { code }, from, challenge);

/**
 * Asserts a refusal that says how long to wait, in Retry-After and in the words the form shows: at
 * most `seconds`, and less than a minute of it already gone. Returns the message.
 */
async function expectWait(response: Response, seconds: number): Promise<string> {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(seconds - 60);
  expect(retryAfter).toBeLessThanOrEqual(seconds);
  const { message } = (await response.json()) as AuthError;
  expect(message).toBe(`Too many wrong codes. Try again in ${waitText(retryAfter)}.`);
  return message;
}

describe('wrong second-factor codes', () => {
  it('lock the member after 5, across new sign-ins, addresses and both kinds of code, until the wait is over', async () => {
    const from = newAddress();
    const member = await memberWithTwoFactor(newAddress());
    const first = await passwordStep(member.email, from);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      statuses.push((await verifyTotp(member.wrongCode(), from, first)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);

    // Signing in again with the password opens a new challenge, not a new allowance.
    const second = await passwordStep(member.email, from);
    const wait = await expectWait(await verifyTotp(member.wrongCode(), from, second), 15 * 60);
    expect(wait).toBe('Too many wrong codes. Try again in 15 minutes.');
    await expectWait(await verifyTotp(member.code(1), from, second), 15 * 60);
    await expectWait(await verifyBackup(member.backupCodes[0]!, from, second), 15 * 60);
    // Nor does another address.
    const elsewhere = newAddress();
    const away = await passwordStep(member.email, elsewhere);
    await expectWait(await verifyTotp(member.code(1), elsewhere, away), 15 * 60);

    // Someone else signs in from the same address as usual.
    const other = await memberWithTwoFactor(newAddress());
    const otherIn = await signInWithCode(other, from, 1);
    expect(otherIn.status).toBe(200);
    expect(cookieOf(otherIn)).toContain('session_token');

    // Once the wait is over, the right code signs the member in.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    vi.setSystemTime(Date.now() + 15 * 60_000 + 1_000);
    const after = await signInWithCode(member, from);
    expect(after.status).toBe(200);
    expect(cookieOf(after)).toContain('session_token');
  });

  it('count wrong backup codes too', async () => {
    const from = newAddress();
    const member = await memberWithTwoFactor(newAddress());
    const challenge = await passwordStep(member.email, from);
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await verifyBackup(`wrong-code-${attempt}`, from, challenge)).status).toBe(401);
    await expectWait(await signInWithCode(member, from, 1), 15 * 60);
  });

  it('are forgotten once the member signs in', async () => {
    const from = newAddress();
    const member = await memberWithTwoFactor(newAddress());
    const signInAfterWrongCodes = async () => {
      const challenge = await passwordStep(member.email, from);
      for (let attempt = 0; attempt < 4; attempt += 1)
        expect((await verifyTotp(member.wrongCode(), from, challenge)).status).toBe(401);
      return verifyTotp(member.code(1), from, challenge);
    };
    expect((await signInAfterWrongCodes()).status).toBe(200);
    // Eight wrong codes in all, but never five since the last sign-in.
    expect((await signInAfterWrongCodes()).status).toBe(200);
  });

  it('are bounded per address across members, whoever signs in', async () => {
    const from = newAddress();
    const members = await Promise.all([1, 2, 3, 4, 5].map(() => memberWithTwoFactor(newAddress())));
    // The per-address budget of attempts (10 in 5 minutes per endpoint, features/account/auth-limits.ts)
    // is emptied between members, so what refuses below is the longer count of wrong codes.
    const resetAttemptBudget = () =>
      app.handle.db.deleteFrom('rate_limits').where('key', 'like', `auth:/two-factor/%:ip:${from}`).execute();
    for (const member of members.slice(0, 4)) {
      await resetAttemptBudget();
      const challenge = await passwordStep(member.email, from);
      for (let attempt = 0; attempt < 4; attempt += 1)
        expect((await verifyTotp(member.wrongCode(), from, challenge)).status).toBe(401);
      expect((await verifyBackup('not-a-backup-code', from, challenge)).status).toBe(401);
    }
    await resetAttemptBudget();
    const last = members[4]!;
    await expectWait(await signInWithCode(last, from, 1), 60 * 60);
    // The member themselves is not locked: from their own address the code works.
    const home = newAddress();
    expect((await signInWithCode(last, home, 1)).status).toBe(200);
  });
});
