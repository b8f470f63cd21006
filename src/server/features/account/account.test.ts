import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@/domain/session/session.schema';
import type { TestSmtp } from '../../../../tests/support/smtp';
import { useTestAppWithSmtp } from '../../../../tests/support/test-app-with-smtp';
import { cookieOf, createTestApp, TEST_PASSWORD, type TestApp } from '../../../../tests/support/test-app';
import { BLOCKED_MESSAGE } from '../../lib/auth';
import { setUserBlocked } from '../users';

type ErrorBody = { error: { code: string; message: string } };

const context = useTestAppWithSmtp();
let app: TestApp;
let smtp: TestSmtp;
beforeAll(() => {
  app = context.app();
  smtp = context.smtp();
});

const json = (method: string, body: unknown, cookie?: string) => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
  ...(cookie ? { cookie } : {}),
});

/** Follows an emailed link inside the app (no network), returning the final response. */
async function follow(link: string, cookie?: string) {
  const url = new URL(link);
  return app.request(
    `${url.pathname}${url.search}`,
    cookie ? { cookie, redirect: 'manual' } : { redirect: 'manual' },
  );
}

describe('sign-up and email verification', () => {
  it('sign-up mails a link; before it is opened sign-in is refused, after it the user is in', async () => {
    const email = 'new.member@example.com';
    const signUp = await app.request(
      '/api/auth/sign-up/email',
      json('POST', { email, password: 'New-Member-1', name: 'New Member' }),
    );
    expect(signUp.status).toBe(200);
    const mail = await smtp.waitFor(email, /Verify your email/);

    const early = await app.request(
      '/api/auth/sign-in/email',
      json('POST', { email, password: 'New-Member-1' }),
    );
    expect(early.status).toBe(403);
    expect((await early.json()).code).toBe('EMAIL_NOT_VERIFIED');

    const verified = await follow(smtp.linkIn(mail));
    expect(verified.status).toBe(302);
    const session = await (await app.client(cookieOf(verified)).session.$get()).json();
    expect(session).toMatchObject({
      user: { email, emailVerified: true },
      profile: { fullName: 'New Member', subscriptionPlan: 'free' },
    });
    expect(await app.signIn(email, 'New-Member-1')).toContain('session_token');
  });

  it("refuses a password the sign-up page would refuse, with the page's message, and creates nothing", async () => {
    const email = 'weak.password@example.com';
    const weak = await app.request(
      '/api/auth/sign-up/email',
      json('POST', { email, password: 'alllowercase1', name: 'Weak Password' }),
    );
    expect(weak.status).toBe(422);
    expect((await weak.json()).message).toBe('Password must contain at least one uppercase letter');
    const stored = await app.handle.db.selectFrom('user').select('id').where('email', '=', email).execute();
    expect(stored).toEqual([]);
  });

  it('a wrong password and an unknown email get the same answer', async () => {
    const { email } = await app.signedInUser();
    const wrong = await app.request(
      '/api/auth/sign-in/email',
      json('POST', { email, password: 'Wrong-Password-1' }),
    );
    const unknown = await app.request(
      '/api/auth/sign-in/email',
      json('POST', { email: 'nobody@example.com', password: 'Wrong-Password-1' }),
    );
    expect(wrong.status).toBe(unknown.status);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, and refuses a foreign Origin', async () => {
    const { email } = await app.signedInUser();
    const response = await app.request(
      '/api/auth/sign-in/email',
      json('POST', { email, password: TEST_PASSWORD }),
    );
    const cookie = response.headers.getSetCookie().find((line) => line.includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const foreign = await app.request('/api/auth/sign-in/email', {
      ...json('POST', { email, password: TEST_PASSWORD }),
      headers: { 'content-type': 'application/json', origin: 'https://evil.example.com' },
    });
    expect(foreign.status).toBe(403);
  });
});

describe('password reset', () => {
  it('mails a reset link, sets the new password, ends every session and sends a security notice', async () => {
    const { email, cookie } = await app.signedInUser();
    const request = await app.request(
      '/api/auth/request-password-reset',
      json('POST', { email, redirectTo: '/auth?mode=reset' }),
    );
    expect(request.status).toBe(200);
    const link = smtp.linkIn(await smtp.waitFor(email, /Reset your XRP Research password/));
    const redirect = await follow(link);
    const location = new URL(redirect.headers.get('location') ?? '', 'http://x');
    expect(location.pathname).toBe('/auth');
    const token = location.searchParams.get('token');
    expect(token).toBeTruthy();

    const weak = await app.request(
      '/api/auth/reset-password',
      json('POST', { token, newPassword: 'NoDigitsHere' }),
    );
    expect(weak.status).toBe(400);
    expect((await weak.json()).message).toBe('Password must contain at least one number');
    expect(await app.signIn(email, TEST_PASSWORD)).toContain('session_token');

    const reset = await app.request(
      '/api/auth/reset-password',
      json('POST', { token, newPassword: 'Brand-New-Pass-2' }),
    );
    expect(reset.status).toBe(200);
    expect((await (await app.client(cookie).session.$get()).json()).user).toBeNull();
    await expect(app.signIn(email, TEST_PASSWORD)).rejects.toThrow(/401/);
    expect(await app.signIn(email, 'Brand-New-Pass-2')).toContain('session_token');
    await smtp.waitFor(email, /Security alert: your password was reset/);
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After after too many sign-in attempts for one account', async () => {
    const { email } = await app.signedInUser();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push(
        (await app.request('/api/auth/sign-in/email', json('POST', { email, password: 'Wrong-Password-9' })))
          .status,
      );
    }
    expect(statuses.slice(0, 9).every((status) => status === 401)).toBe(true);
    const limited = await app.request(
      '/api/auth/sign-in/email',
      json('POST', { email, password: TEST_PASSWORD }),
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).message).toMatch(
      /^Too many attempts\. Please try again in \d+ minutes?\.$/,
    );
  });
});

describe('per-account limits, whatever the body is dressed as', () => {
  /** One attempt at `path` for `email`, sent as JSON, a URL-encoded form or multipart. */
  function attempt(path: string, type: 'json' | 'form' | 'multipart', fields: Record<string, string>) {
    if (type === 'json') return app.request(path, json('POST', fields));
    if (type === 'form')
      return app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    return app.request(path, { method: 'POST', body: form });
  }

  const limits: { path: string; max: number; fields: Record<string, string> }[] = [
    // 10 a quarter-hour.
    { path: '/api/auth/sign-in/email', max: 10, fields: { password: 'Wrong-Password-9' } },
    { path: '/api/auth/request-password-reset', max: 3, fields: { redirectTo: '/auth?mode=reset' } },
    { path: '/api/auth/send-verification-email', max: 3, fields: { callbackURL: '/' } },
  ];
  for (const limit of limits) {
    for (const type of ['json', 'form', 'multipart'] as const) {
      it(`${limit.path} counts ${type} attempts against the account`, async () => {
        const { email } = await app.signedInUser();
        // Mixed content types add up: the limit is per account, not per way of writing the body.
        for (let index = 0; index < limit.max; index += 1) {
          const other = (['json', 'form', 'multipart'] as const)[index % 3] ?? 'json';
          const response = await attempt(limit.path, other, { email, ...limit.fields });
          expect(response.status, `attempt ${index + 1} as ${other}`).not.toBe(429);
        }
        const refused = await attempt(limit.path, type, {
          email: ` ${email.toUpperCase()} `,
          ...limit.fields,
        });
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      });
    }
  }

  it('a form naming the account twice, behind a decoy, is refused rather than counted for the decoy', async () => {
    const { email } = await app.signedInUser();
    for (let index = 0; index < 10; index += 1)
      expect(
        (await attempt('/api/auth/sign-in/email', 'json', { email, password: 'Wrong-1' })).status,
      ).not.toBe(429);
    for (const type of ['form', 'multipart'] as const) {
      const body =
        type === 'form'
          ? new URLSearchParams([
              ['email', `decoy-${type}@example.com`],
              ['email', email],
              ['password', TEST_PASSWORD],
            ]).toString()
          : (() => {
              const form = new FormData();
              form.append('email', `decoy-${type}@example.com`);
              form.append('email', email);
              form.append('password', TEST_PASSWORD);
              return form;
            })();
      const response = await app.request('/api/auth/sign-in/email', {
        method: 'POST',
        ...(type === 'form' ? { headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}),
        body,
      });
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe('Enter one email address.');
    }
    // The account's budget is spent: the right password is refused too.
    expect(
      (await attempt('/api/auth/sign-in/email', 'form', { email, password: TEST_PASSWORD })).status,
    ).toBe(429);
  });

  it('a JSON body dressed with a form type parameter is still read as JSON, and counted', async () => {
    const { email } = await app.signedInUser();
    const statuses: number[] = [];
    // The eleventh of the quarter-hour's attempts.
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await app.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json; x=multipart/form-data' },
        body: JSON.stringify({ email, password: 'Wrong-Password-9' }),
      });
      statuses.push(response.status);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('a per-account limit takes no body without an account', async () => {
    const response = await app.request('/api/auth/request-password-reset', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'email=someone@example.com',
    });
    expect(response.status).toBe(400);
  });
});

describe('sign-up with an address that has an account', () => {
  it('answers as for a new address, and mails the owner instead', async () => {
    const { email } = await app.signedInUser();
    const fresh = `fresh-${Date.now()}@example.com`;
    const signUp = (address: string) =>
      app.request(
        '/api/auth/sign-up/email',
        json('POST', { email: address, password: 'Sign-Up-Pass-1', name: 'Someone' }),
      );
    const [taken, created] = [await signUp(email), await signUp(fresh)];
    expect(taken.status).toBe(created.status);
    const shape = (body: { user: Record<string, unknown> }) => ({
      ...body,
      user: Object.fromEntries(
        Object.entries(body.user).map(([key, value]) => [
          key,
          ['id', 'email', 'createdAt', 'updatedAt'].includes(key) ? typeof value : value,
        ]),
      ),
    });
    expect(shape(await taken.json())).toEqual(shape(await created.json()));
    expect(taken.headers.getSetCookie()).toEqual(created.headers.getSetCookie());
    const notice = await smtp.waitFor(email, /Someone tried to sign up with your email address/);
    expect(notice.text).toContain('No new account was made');
    await smtp.waitFor(fresh, /Verify your email/);
    // More sign-ups with the address answer the same, and mail the owner nothing more this hour.
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await signUp(email)).status).toBe(taken.status);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const notices = smtp.mails.filter(
      (mail) => mail.to.includes(email) && /Someone tried to sign up/.test(mail.subject),
    );
    expect(notices).toHaveLength(1);
  });
});

describe('blocking', () => {
  it('ends every session at once and refuses sign-in with a clear message', async () => {
    const { email, cookie, userId } = await app.signedInUser();
    await setUserBlocked(app.handle.db, userId, true, 'spam');
    expect((await (await app.client(cookie).session.$get()).json()).user).toBeNull();
    const refused = await app.request(
      '/api/auth/sign-in/email',
      json('POST', { email, password: TEST_PASSWORD }),
    );
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe(BLOCKED_MESSAGE);

    await setUserBlocked(app.handle.db, userId, false);
    expect(await app.signIn(email, TEST_PASSWORD)).toContain('session_token');
  });
});

describe('own profile updates', () => {
  it('changes the full name and nothing else, however the request is dressed', async () => {
    const { cookie } = await app.signedInUser();
    const renamed = await app.client(cookie).profile.$patch({ json: { fullName: '  Renamed Person ' } });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as Profile).fullName).toBe('Renamed Person');

    for (const field of [
      { subscriptionPlan: 'premium' },
      { blocked: true },
      { userId: 'x' },
      { createdAt: '2020-01-01' },
      { role: 'admin' },
    ]) {
      const response = await app.request(
        '/api/profile',
        json('PATCH', { fullName: 'Sneaky', ...field }, cookie),
      );
      expect(response.status, JSON.stringify(field)).toBe(422);
    }
    // better-auth's own update endpoint cannot grant a role either.
    await app.request('/api/auth/update-user', json('POST', { name: 'Still Me', role: 'admin' }, cookie));
    const state = await (await app.client(cookie).session.$get()).json();
    expect(state).toMatchObject({
      role: 'user',
      isAdmin: false,
      isPremium: false,
      profile: { fullName: 'Renamed Person', blocked: false },
    });
  });

  it('reports the plan as the subscription status', async () => {
    const { cookie } = await app.signedInUser({ plan: 'complimentary' });
    const status = await (await app.client(cookie).subscription.check.$get()).json();
    expect(status).toEqual({ subscribed: true, subscriptionEnd: null, plan: 'complimentary' });
    expect((await app.client().subscription.check.$get()).status).toBe(401);
  });
});

describe('email change', () => {
  it('checks the address and password, each refusal with its own message', async () => {
    const { cookie, email } = await app.signedInUser();
    const cases: [{ newEmail: string; password: string }, number, string][] = [
      [
        { newEmail: 'not-an-email', password: TEST_PASSWORD },
        422,
        'newEmail: Please enter a valid email address',
      ],
      [
        { newEmail: email.toUpperCase(), password: TEST_PASSWORD },
        422,
        'New email must be different from current email',
      ],
      [{ newEmail: 'other@example.com', password: 'Wrong-Password-1' }, 400, 'Incorrect password'],
    ];
    for (const [body, status, message] of cases) {
      const response = await app.client(cookie).account['change-email'].$post({ json: body });
      expect(response.status).toBe(status);
      expect(((await response.json()) as ErrorBody).error.message).toBe(message);
    }
  });
});

describe('password change', () => {
  it('records the address the server saw on the new session, not one the client wrote', async () => {
    const { cookie, userId } = await app.signedInUser();
    // The header our proxy layer writes, sent by the client itself: it must not reach the session.
    const response = await app.client(cookie).account['change-password'].$post(
      {
        json: {
          currentPassword: TEST_PASSWORD,
          newPassword: 'Another-Horse-7',
          confirmPassword: 'Another-Horse-7',
        },
      },
      { headers: { 'x-xrp-client-ip': '6.6.6.6' } },
    );
    expect(response.status).toBe(200);
    const sessions = await app.handle.db
      .selectFrom('session')
      .select('ipAddress')
      .where('userId', '=', userId)
      .execute();
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.map((session) => session.ipAddress)).not.toContain('6.6.6.6');
  });

  it('applies the password rules, checks the current password and ends the other sessions', async () => {
    const { cookie, email } = await app.signedInUser();
    const otherDevice = await app.signIn(email, TEST_PASSWORD);
    const change = (body: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
      app.client(cookie).account['change-password'].$post({ json: body });

    const mismatch = await change({
      currentPassword: TEST_PASSWORD,
      newPassword: 'Next-Pass-3!',
      confirmPassword: 'Next-Pass-4!',
    });
    expect(((await mismatch.json()) as ErrorBody).error.message).toBe(
      'confirmPassword: New passwords do not match',
    );
    const noSpecial = await change({
      currentPassword: TEST_PASSWORD,
      newPassword: 'NextPass3',
      confirmPassword: 'NextPass3',
    });
    expect(((await noSpecial.json()) as ErrorBody).error.message).toBe(
      'newPassword: Password must contain at least one special character',
    );
    const wrongCurrent = await change({
      currentPassword: 'Not-It-123',
      newPassword: 'Next-Pass-3!',
      confirmPassword: 'Next-Pass-3!',
    });
    expect(wrongCurrent.status).toBe(400);
    expect(((await wrongCurrent.json()) as ErrorBody).error.message).toBe('Incorrect password');

    const ok = await change({
      currentPassword: TEST_PASSWORD,
      newPassword: 'Next-Pass-3!',
      confirmPassword: 'Next-Pass-3!',
    });
    expect(ok.status).toBe(200);
    expect((await (await app.client(otherDevice).session.$get()).json()).user).toBeNull();
    expect((await (await app.client(cookieOf(ok) || cookie).session.$get()).json()).user?.email).toBe(email);
    await smtp.waitFor(email, /Security alert: your password was changed/);
    expect(await app.signIn(email, 'Next-Pass-3!')).toContain('session_token');
  });
});

describe('data export and account deletion', () => {
  it('exports the profile, preferences, account and sessions, and no secret', async () => {
    const { cookie, email, userId } = await app.signedInUser({ name: 'Export Me', plan: 'premium' });
    await app.client(cookie).alerts.rules.$post({ json: { kind: 'price', target: 0.7, note: 'my note' } });
    await app
      .client(cookie)
      .portfolio.lots.$post({ json: { amountXrp: '12.5', acquiredOn: '2024-05-01', costUsdPerXrp: '0.5' } });
    // A watched account as adding one leaves it (adding reads the ledger, which this file does not run).
    await app.handle.db
      .insertInto('watched_accounts')
      .values({ user_id: userId, address: 'rJj93v2nvi2kFCYNKUDBmFpM2AVQpkByNP', label: 'Cold wallet' })
      .execute();
    const response = await app.client(cookie).account.export.$get();
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="xrp-research-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const text = await response.text();
    const data = JSON.parse(text);
    expect(data.account).toMatchObject({ email, name: 'Export Me' });
    expect(data.profile).toMatchObject({ fullName: 'Export Me' });
    expect(data.preferences).toMatchObject({ themePreference: 'light' });
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.alertRules).toEqual([
      expect.objectContaining({ kind: 'price', target: 0.7, note: 'my note' }),
    ]);
    expect(data.portfolio.lots).toEqual([
      expect.objectContaining({ amountXrp: '12.5', acquiredOn: '2024-05-01', costUsdPerXrp: '0.5' }),
    ]);
    expect(data.portfolio.watchedAccounts).toEqual([
      {
        address: 'rJj93v2nvi2kFCYNKUDBmFpM2AVQpkByNP',
        destinationTag: null,
        label: 'Cold wallet',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
    expect(data.notifications).toEqual([]);
    expect(text).not.toMatch(/password|token|secret|\$scrypt|[0-9a-f]{32}:[0-9a-f]{64}/i);
  });

  it('refuses a wrong password, then removes the user and their data', async () => {
    const { cookie, email, userId } = await app.signedInUser();
    await app.handle.db
      .insertInto('admin_audit_logs')
      .values({
        action_type: 'profile_update',
        target_user_id: userId,
        old_value: JSON.stringify({ fullName: 'Old' }),
        new_value: JSON.stringify({ fullName: 'New' }),
        reason: 'named',
      })
      .execute();
    const wrong = await app.client(cookie).account.delete.$post({ json: { password: 'Wrong-Password-1' } });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ErrorBody).error.message).toBe('Incorrect password');

    const deleted = await app.client(cookie).account.delete.$post({ json: { password: TEST_PASSWORD } });
    expect(deleted.status).toBe(200);
    expect(((await deleted.json()) as { message: string }).message).toBe(
      'Account deleted successfully. You will be redirected...',
    );
    const db = app.handle.db;
    expect(
      await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await db.selectFrom('profiles').select('id').where('user_id', '=', userId).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await db
        .selectFrom('user_preferences')
        .select('user_id')
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await db.selectFrom('session').select('id').where('userId', '=', userId).executeTakeFirst(),
    ).toBeUndefined();
    const audit = await db
      .selectFrom('admin_audit_logs')
      .selectAll()
      .where('action_type', '=', 'profile_update')
      .execute();
    expect(
      audit.every((row) => row.target_user_id !== userId && row.old_value === null && row.reason === null),
    ).toBe(true);
    await expect(app.signIn(email, TEST_PASSWORD)).rejects.toThrow(/401/);
  });
});

describe('account deletion leaves nothing about the member', () => {
  it('removes or strips every row of every table that names the member, by id or by address', async () => {
    const member = await app.signedInUser({ name: 'Gone Member' });
    const { cookie, email, userId } = member;
    const db = app.handle.db;
    const api = app.client(cookie);
    // Premium bought through (test-mode) checkout, so payment records name the member too.
    const checkout = await api.billing.checkout.$post();
    const sessionId = ((await checkout.json()) as { url: string }).url.split('/').pop() ?? '';
    expect((await api.billing.test.checkout[':id'].pay.$post({ param: { id: sessionId } })).status).toBe(200);
    // Something in each place a member leaves a trace.
    expect((await api.alerts.rules.$post({ json: { kind: 'price', target: 0.7, note: 'n' } })).status).toBe(
      201,
    );
    expect((await api.developer.keys.$post({ json: { name: 'bot' } })).status).toBe(201);
    expect(
      (
        await api.portfolio.lots.$post({
          json: { amountXrp: '5', acquiredOn: '', costUsdPerXrp: '', note: email },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await api.contact.$post({
          json: { name: 'Gone', email, message: 'A message long enough to send.' },
        })
      ).status,
    ).toBeLessThan(300);
    expect((await api.newsletter.$post({ json: { email } })).status).toBeLessThan(300);
    expect(
      (
        await api.account['change-email'].$post({
          json: { newEmail: `next-${Date.now()}@example.com`, password: TEST_PASSWORD },
        })
      ).status,
    ).toBe(200);
    await app.request('/api/auth/sign-in/email', json('POST', { email, password: 'Wrong-Password-1' }));
    // A pending password reset, and a payment (test mode): each leaves rows naming the member.
    expect(
      (await app.request('/api/auth/request-password-reset', json('POST', { email, redirectTo: '/auth' })))
        .status,
    ).toBe(200);
    expect(
      await db.selectFrom('billing_events').select('id').where('user_id', '=', userId).execute(),
    ).not.toHaveLength(0);
    await db
      .insertInto('push_subscriptions')
      .values({ user_id: userId, endpoint: `https://push.example/${userId}`, p256dh: 'k', auth: 'a' })
      .execute();
    await db
      .insertInto('notifications')
      .values({
        user_id: userId,
        type: 'price',
        source_key: `t-${userId}`,
        title: 'Price',
        body: 'XRP crossed',
      })
      .execute();
    await db
      .insertInto('admin_audit_logs')
      .values({ action_type: 'profile_update', target_user_id: userId, new_value: JSON.stringify({ email }) })
      .execute();
    // A discussion: their name there, a comment (naming their address), a like and a report.
    const article = await db
      .insertInto('news_articles')
      .values({
        title: 'Talked about',
        url: `https://example.com/talk-${Date.now()}`,
        published_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const other = await app.signedInUser();
    await app.client(other.cookie).community.profile.$put({ json: { displayName: 'Other' } });
    const theirs = await app
      .client(other.cookie)
      .comments.$post({ json: { subject: `news:${article.id}`, body: 'Something to like.' } });
    const theirId = ((await theirs.json()) as { id: string }).id;
    expect((await api.community.profile.$put({ json: { displayName: 'Gone Member' } })).status).toBe(200);
    expect(
      (await api.comments.$post({ json: { subject: `news:${article.id}`, body: `Write to me at ${email}` } }))
        .status,
    ).toBe(201);
    expect((await api.comments[':id'].like.$put({ param: { id: theirId } })).status).toBe(200);
    expect(
      (await api.comments[':id'].reports.$post({ param: { id: theirId }, json: { reason: 'other' } })).status,
    ).toBe(201);
    // A question to the analysts, answered (an in-app notification) and noted on by an analyst.
    const asked = await api.questions.$post({
      json: { subject: 'About my holdings', body: `Reply to ${email}`, topic: 'portfolio' },
    });
    expect(asked.status).toBe(201);
    const questionId = ((await asked.json()) as { id: string }).id;
    const analyst = app.client((await app.signedInUser({ role: 'analyst' })).cookie);
    for (const internal of [true, false])
      expect(
        (
          await analyst.inbox.questions[':id'].messages.$post({
            param: { id: questionId },
            json: { body: `About ${email}`, internal },
          })
        ).status,
      ).toBe(201);

    const tables = await sql<{ table: string; column: string }>`
      SELECT table_name AS table, column_name AS column FROM information_schema.columns
      WHERE table_schema = 'public' AND (column_name ILIKE '%user%id%' OR column_name ILIKE '%email%')
      ORDER BY table_name, column_name`.execute(db);
    const memberTables = [...new Set(tables.rows.map((row) => row.table))];
    expect(memberTables.length).toBeGreaterThan(10);

    const deleted = await app.client(cookie).account.delete.$post({ json: { password: TEST_PASSWORD } });
    expect(deleted.status).toBe(200);

    const traces: string[] = [];
    const all = await sql<{ name: string }>`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(db);
    for (const { name } of all.rows) {
      const rows = await sql<{ row: string }>`SELECT t::text AS row FROM ${sql.table(name)} t`.execute(db);
      for (const { row } of rows.rows)
        if (row.includes(userId) || row.toLowerCase().includes(email.toLowerCase()))
          traces.push(`${name}: ${row}`);
    }
    expect(traces).toEqual([]);
  });
});

describe('cookies over https', () => {
  it('marks the session cookie Secure when the site is served over https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://xrp.example.com' } });
    try {
      const { email } = await secure.signedInUser();
      const response = await secure.request(
        '/api/auth/sign-in/email',
        json('POST', { email, password: TEST_PASSWORD }),
      );
      const cookie = response.headers.getSetCookie().find((line) => line.includes('session_token'));
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
    } finally {
      await secure.close();
    }
  });
});
