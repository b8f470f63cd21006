import { totpCodes } from '../../../../tests/support/totp';
import { describe, expect, it } from 'vitest';
import { useTestAppWithSmtp } from '../../../../tests/support/test-app-with-smtp';
import { cookieOf, TEST_PASSWORD } from '../../../../tests/support/test-app';

const { app, smtp } = useTestAppWithSmtp();

const post = (path: string, body: unknown, cookie?: string) =>
  app().request(path, { method: 'POST', json: body, ...(cookie ? { cookie } : {}) });

type ErrorBody = { error: { code: string; message: string } };
const account = (cookie?: string) => app().client(cookie).account;
const emailChange = () => account()['email-change'];

const emailOf = async (cookie: string) =>
  (await (await app().client(cookie).session.$get()).json()).user?.email;

/** The token of a link the mails carry: /account/email?confirm=… or ?cancel=… */
function tokenIn(mail: { text: string }, kind: 'confirm' | 'cancel'): string {
  const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
  expect(link.pathname).toBe('/account/email');
  return link.searchParams.get(kind)!;
}

async function requestChange(cookie: string, newEmail: string, extra: { code?: string } = {}) {
  return account(cookie)['change-email'].$post({ json: { newEmail, password: TEST_PASSWORD, ...extra } });
}

describe('email change', () => {
  it('better-auth’s own change-email is not reachable: a session alone moves nothing', async () => {
    const { cookie, email } = await app().signedInUser();
    const response = await post('/api/auth/change-email', { newEmail: 'thief@example.com' }, cookie);
    expect(response.status).toBe(404);
    expect(await emailOf(cookie)).toBe(email);
  });

  it('takes effect only once the new address confirms, and tells the old one with a cancel link', async () => {
    const { cookie, email } = await app().signedInUser();
    const newEmail = `moved-${Date.now()}@example.com`;
    const response = await requestChange(cookie, newEmail);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { message: string }).message).toBe(
      'Verification emails sent! Please check both your old and new email addresses.',
    );
    const notice = await smtp().waitFor(email, /your email address is being changed/);
    expect(notice.text).toContain(newEmail);
    expect(tokenIn(notice, 'cancel').length).toBeGreaterThan(20);
    const confirmMail = await smtp().waitFor(newEmail, /Confirm your new email address/);
    expect(await emailOf(cookie)).toBe(email);

    // The link works in any browser, signed in or not.
    const confirmed = await emailChange().confirm.$post({
      json: {
        token: tokenIn(confirmMail, 'confirm'),
      },
    });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ email: newEmail });
    expect(await emailOf(cookie)).toBe(newEmail);
    const profile = await app()
      .handle.db.selectFrom('profiles')
      .select('email')
      .where('email', '=', newEmail)
      .executeTakeFirst();
    expect(profile).toBeDefined();
    const done = await smtp().waitFor(email, /your email address was changed/);
    expect(done.text).toContain(newEmail);
    expect(await app().signIn(newEmail, TEST_PASSWORD)).toContain('session_token');

    // A confirmation link works once.
    const again = await emailChange().confirm.$post({ json: { token: tokenIn(confirmMail, 'confirm') } });
    expect(again.status).toBe(404);
  });

  it('the cancel link stops a pending change', async () => {
    const { cookie, email } = await app().signedInUser();
    const newEmail = `pending-${Date.now()}@example.com`;
    await requestChange(cookie, newEmail);
    const notice = await smtp().waitFor(email, /being changed/);
    const confirmMail = await smtp().waitFor(newEmail, /Confirm your new email address/);

    const cancelled = await emailChange().cancel.$post({ json: { token: tokenIn(notice, 'cancel') } });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ outcome: 'cancelled', email });
    const confirm = await emailChange().confirm.$post({
      json: {
        token: tokenIn(confirmMail, 'confirm'),
      },
    });
    expect(confirm.status).toBe(404);
    expect(await emailOf(cookie)).toBe(email);
  });

  it('the old address undoes a confirmed change and every session ends', async () => {
    const { cookie, email } = await app().signedInUser();
    const otherDevice = await app().signIn(email, TEST_PASSWORD);
    const newEmail = `attacker-${Date.now()}@example.com`;
    await requestChange(cookie, newEmail);
    const confirmMail = await smtp().waitFor(newEmail, /Confirm your new email address/);
    await emailChange().confirm.$post({ json: { token: tokenIn(confirmMail, 'confirm') } });
    const done = await smtp().waitFor(email, /your email address was changed/);

    const undone = await emailChange().cancel.$post({ json: { token: tokenIn(done, 'cancel') } });
    expect(undone.status).toBe(200);
    expect(await undone.json()).toMatchObject({ outcome: 'undone', email });
    expect(await emailOf(cookie)).toBeUndefined();
    expect(await emailOf(otherDevice)).toBeUndefined();
    await smtp().waitFor(email, /the email change was undone/);
    // Whoever asked knew the password: it stops working until the member resets it.
    await expect(app().signIn(email, TEST_PASSWORD)).rejects.toThrow(/401/);
    await expect(app().signIn(newEmail, TEST_PASSWORD)).rejects.toThrow(/401/);
    await post('/api/auth/request-password-reset', { email, redirectTo: '/auth?mode=reset' });
    const reset = new URL(smtp().linkIn(await smtp().waitFor(email, /Reset your XRP Research password/)));
    const redirect = await app().request(`${reset.pathname}${reset.search}`, { redirect: 'manual' });
    const token = new URL(redirect.headers.get('location') ?? '', 'http://x').searchParams.get('token');
    expect((await post('/api/auth/reset-password', { token, newPassword: 'Taken-Back-42' })).status).toBe(
      200,
    );
    expect(await app().signIn(email, 'Taken-Back-42')).toContain('session_token');
  });

  it('a second change waits until the first can no longer be undone, so no undo link is left empty', async () => {
    const { cookie, email } = await app().signedInUser();
    const first = `first-${Date.now()}@example.com`;
    await requestChange(cookie, first);
    const confirmMail = await smtp().waitFor(first, /Confirm your new email address/);
    await emailChange().confirm.$post({ json: { token: tokenIn(confirmMail, 'confirm') } });
    const second = await requestChange(cookie, `second-${Date.now()}@example.com`);
    expect(second.status).toBe(409);
    expect(((await second.json()) as ErrorBody).error.message).toMatch(
      /^Your email address was changed recently\. It can change again after /,
    );
    // The first change's undo link still does its work.
    const done = await smtp().waitFor(email, /your email address was changed/);
    const undone = await emailChange().cancel.$post({ json: { token: tokenIn(done, 'cancel') } });
    expect(await undone.json()).toMatchObject({ outcome: 'undone', email });
  });

  it('answers the same for an address that has an account, and mails it nothing', async () => {
    const { cookie, email } = await app().signedInUser();
    const { email: taken } = await app().signedInUser();
    const response = await requestChange(cookie, taken);
    expect(response.status).toBe(200);
    await smtp().waitFor(email, /being changed/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      smtp().mails.some((mail) => mail.to.includes(taken) && /Confirm your new/.test(mail.subject)),
    ).toBe(false);
  });

  it('with two-factor sign-in on, also takes a code, and not the same one twice', async () => {
    const { cookie: first, email } = await app().signedInUser();
    const enable = await post('/api/auth/two-factor/enable', { password: TEST_PASSWORD }, first);
    const { totpURI } = (await enable.json()) as { totpURI: string };
    const totp = totpCodes(totpURI);
    const verify = await post('/api/auth/two-factor/verify-totp', { code: totp() }, first);
    const cookie = cookieOf(verify) || first;

    const missing = await requestChange(cookie, `a-${Date.now()}@example.com`);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as ErrorBody).error.message).toMatch(/code from your authenticator app/);
    const wrong = await requestChange(cookie, `b-${Date.now()}@example.com`, { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ErrorBody).error.message).toBe('Invalid verification code');

    const code = totp(1);
    const ok = await requestChange(cookie, `c-${Date.now()}@example.com`, { code });
    expect(ok.status).toBe(200);
    const replay = await requestChange(cookie, `d-${Date.now()}@example.com`, { code });
    expect(replay.status).toBe(400);
    expect(await emailOf(cookie)).toBe(email);
  });

  it('refuses a link token that is malformed or unknown with a clear message', async () => {
    const short = await emailChange().confirm.$post({ json: { token: 'x' } });
    expect(short.status).toBe(422);
    const unknown = await emailChange().cancel.$post({ json: { token: 'y'.repeat(43) } });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ErrorBody).error.message).toMatch(/This link is not valid any more/);
  });
});
