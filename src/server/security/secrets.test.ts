import { Writable } from 'node:stream';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../../../tests/support/smtp';
import { cookieOf, createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createLogger } from '../lib/logger';

/**
 * Passwords, session and reset tokens, TOTP secrets and API keys go through the server in full flows;
 * none may show up in the logs, nor in any answer but the one that hands it out once.
 */
const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString('utf8'));
    done();
  },
});

let app: TestApp;
let smtp: TestSmtp;
/** Every answer body, with the route that gave it. */
const answers: { route: string; body: string }[] = [];

beforeAll(async () => {
  smtp = await startTestSmtp();
  app = await createTestApp({
    env: { SMTP_URL: smtp.url },
    logger: createLogger('debug', capture),
  });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

async function send(path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) {
  const { json, ...rest } = init;
  const response = await app.request(path, {
    ...rest,
    ...(json === undefined
      ? {}
      : {
          method: rest.method ?? 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(json),
        }),
  });
  const body = await response.clone().text();
  answers.push({ route: `${rest.method ?? (json === undefined ? 'GET' : 'POST')} ${path}`, body });
  return response;
}

describe('secrets', () => {
  it('never appear in logs or answers, beyond the one answer that hands each out', async () => {
    const password = 'Secret-Passw0rd-123';
    const newPassword = 'Another-Secret-456';
    const email = `secret-${Date.now()}@example.com`;
    // Sign up and verify from the mail.
    await send('/api/auth/sign-up/email', { json: { email, password, name: 'Sam Secret' } });
    const verifyLink = new URL(smtp.linkIn(await smtp.waitFor(email, /Verify/i)));
    const verifyToken = verifyLink.searchParams.get('token') ?? '';
    await send(`${verifyLink.pathname}${verifyLink.search}`, { redirect: 'manual' });
    const signIn = await send('/api/auth/sign-in/email', { json: { email, password } });
    let cookie = cookieOf(signIn);
    const sessionToken = decodeURIComponent(/session_token=([^;.]+)/.exec(cookie)?.[1] ?? '');

    // Two-factor: the secret is handed out once, at enabling.
    const enable = await send('/api/auth/two-factor/enable', { json: { password }, cookie });
    const { totpURI } = (await enable.json()) as { totpURI: string };
    const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
    const totpSecret = totp.secret.base32;
    const verified = await send('/api/auth/two-factor/verify-totp', {
      json: { code: totp.generate() },
      cookie,
    });
    cookie = cookieOf(verified) || cookie;

    // An API key (Premium), shown once.
    await app.handle.db
      .updateTable('profiles')
      .set({ subscription_plan: 'premium' })
      .where('email', '=', email)
      .execute();
    const created = await send('/api/developer/keys', { json: { name: 'secret-bot' }, cookie });
    const { key: apiKey } = (await created.json()) as { key: string };
    await send('/api/v1/metrics', { headers: { authorization: `Bearer ${apiKey}` } });
    await send('/api/v1/metrics', { headers: { authorization: `Bearer ${apiKey}x` } });

    // Everything a member can read about themselves.
    for (const path of ['/api/session', '/api/account/export', '/api/developer/keys', '/api/preferences'])
      await send(path, { cookie });
    await send('/api/auth/get-session', { cookie });
    await send('/api/account/change-password', {
      json: { currentPassword: password, newPassword, revokeOtherSessions: false },
      cookie,
    });
    await send('/api/auth/sign-in/email', { json: { email, password: 'wrong-password-1' } });

    // A password reset: its token travels in the mail only.
    await send('/api/auth/request-password-reset', { json: { email, redirectTo: '/auth?mode=reset' } });
    const resetLink = new URL(smtp.linkIn(await smtp.waitFor(email, /Reset your XRP Research password/)));
    const resetToken = resetLink.pathname.split('/').at(-1) ?? '';
    // Following the link: the token is in the path, and the request log must not keep it.
    await send(`${resetLink.pathname}${resetLink.search}`, { redirect: 'manual' });

    const secrets: Record<string, string> = {
      password,
      newPassword,
      sessionToken,
      verifyToken,
      totpSecret,
      apiKey,
      resetToken,
    };
    for (const [name, value] of Object.entries(secrets)) expect(value.length, name).toBeGreaterThanOrEqual(8);

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    const handedOut: Record<string, string> = {
      totpSecret: 'POST /api/auth/two-factor/enable',
      apiKey: 'POST /api/developer/keys',
    };
    const leaks: string[] = [];
    for (const [name, value] of Object.entries(secrets)) {
      if (log.includes(value)) leaks.push(`${name} in the logs`);
      for (const answer of answers)
        if (answer.body.includes(value) && handedOut[name] !== answer.route)
          leaks.push(`${name} in the answer to ${answer.route}`);
    }
    expect(leaks).toEqual([]);
  });

  it('keeps one log line per event: CR and LF in what callers send cannot forge a line', async () => {
    const before = lines.length;
    const forged = '\r\n{"level":30,"msg":"admin signed in","forged":true}\r\n';
    await send(`/api/research/${encodeURIComponent(forged)}`);
    await send('/api/newsletter', { json: { email: forged } });
    await send('/api/auth/sign-in/email', { json: { email: forged, password: forged } });
    const written = lines.slice(before);
    expect(written.length).toBeGreaterThan(0);
    for (const line of written) {
      expect(line.endsWith('\n')).toBe(true);
      expect(line.slice(0, -1)).not.toMatch(/[\r\n]/);
      expect(JSON.parse(line)).not.toHaveProperty('forged');
    }
  });
});
