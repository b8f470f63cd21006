import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

/**
 * Every route the server registers × every kind of caller. The route list comes from the router
 * itself, so a new route without a policy here fails this test until someone decides who may call it.
 */
type Role = 'anonymous' | 'free' | 'premium' | 'complimentary' | 'analyst' | 'admin' | 'blocked';
type Policy =
  /** Anyone, signed in or not. */
  | 'public'
  /** A signed-in member who is not blocked. */
  | 'user'
  /** A Premium or complimentary member. */
  | 'premium'
  /** An analyst or an administrator. */
  | 'analyst'
  | 'admin'
  /** /api/v1: only an API key opens it; a browser session does not. */
  | 'api-key'
  /**
   * Stripe's webhook: without Stripe keys (billing test mode, as here) it does not exist (404); with
   * them an unsigned call is refused with 400 (billing tests).
   */
  | 'stripe-webhook';

const roles: Role[] = ['anonymous', 'free', 'premium', 'complimentary', 'analyst', 'admin', 'blocked'];

const policies: Record<string, Policy> = {
  'GET /api/health': 'public',
  'GET /api/session': 'public',
  'GET /api/preferences': 'user',
  'PATCH /api/preferences': 'user',
  'POST /api/newsletter': 'public',
  'POST /api/newsletter/confirm': 'public',
  'PATCH /api/profile': 'user',
  'POST /api/account/change-email': 'user',
  'POST /api/account/change-password': 'user',
  'GET /api/account/export': 'user',
  'POST /api/account/delete': 'user',
  'POST /api/account/two-factor/disable': 'user',
  // The email-change mails' links: the token is the credential (any browser, signed in or not).
  'POST /api/account/email-change/confirm': 'public',
  'POST /api/account/email-change/cancel': 'public',
  'GET /api/billing/config': 'public',
  'GET /api/subscription/check': 'user',
  'GET /api/billing/summary': 'user',
  'GET /api/billing/invoices': 'user',
  'POST /api/billing/checkout': 'user',
  'POST /api/billing/portal': 'user',
  'POST /api/billing/sync': 'user',
  'GET /api/billing/test/checkout/:id': 'user',
  'POST /api/billing/test/checkout/:id/pay': 'user',
  'POST /api/billing/test/checkout/:id/cancel': 'user',
  'GET /api/billing/test/portal': 'user',
  'POST /api/billing/test/portal/cancel': 'user',
  'POST /api/billing/test/portal/resume': 'user',
  'POST /api/billing/test/portal/fail-payment': 'user',
  'POST /api/billing/test/portal/advance': 'user',
  'POST /api/webhooks/stripe': 'stripe-webhook',
  'GET /api/market/metrics': 'public',
  'GET /api/market/fear-greed': 'public',
  // The analytics charts and whale tracking are Premium (free members see an overlay).
  'GET /api/market/history': 'premium',
  'GET /api/market/fear-greed/history': 'premium',
  'GET /api/admin/sources': 'admin',
  'GET /api/admin/sync-logs': 'admin',
  'GET /api/admin/jobs': 'admin',
  'PATCH /api/admin/sources/:id': 'admin',
  'POST /api/admin/sources/:id/sync': 'admin',
  'POST /api/admin/sync/cleanup': 'admin',
  'GET /api/admin/ledger-backfill': 'admin',
  'POST /api/admin/ledger-backfill': 'admin',
  'POST /api/admin/ledger-backfill/cancel': 'admin',
  'GET /api/whales': 'premium',
  'GET /api/whales/stats': 'premium',
  'GET /api/whales/history': 'premium',
  'GET /api/whales/entities': 'premium',
  'GET /api/flows/exchanges': 'premium',
  'GET /api/flows/reserves': 'premium',
  'GET /api/supply': 'public',
  'GET /api/supply/history': 'premium',
  'GET /api/supply/escrows': 'premium',
  'GET /api/admin/known-accounts': 'admin',
  'POST /api/admin/known-accounts': 'admin',
  'PATCH /api/admin/known-accounts/:address': 'admin',
  'POST /api/admin/known-accounts/merge': 'admin',
  'GET /api/domino-events': 'public',
  'GET /api/admin/domino-events': 'admin',
  'POST /api/admin/domino-events': 'admin',
  'PATCH /api/admin/domino-events/:id': 'admin',
  'DELETE /api/admin/domino-events/:id': 'admin',
  'POST /api/admin/domino-events/:id/move': 'admin',
  // Headlines are public: the home ticker and /regulatory show them to visitors.
  'GET /api/news': 'public',
  'GET /api/news/stats': 'public',
  'POST /api/news/refresh': 'user',
  'GET /api/admin/feeds': 'admin',
  'POST /api/admin/feeds': 'admin',
  'PATCH /api/admin/feeds/:id': 'admin',
  'DELETE /api/admin/feeds/:id': 'admin',
  'GET /api/alerts/rules': 'user',
  'POST /api/alerts/rules': 'user',
  'PATCH /api/alerts/rules/:id': 'user',
  'DELETE /api/alerts/rules/:id': 'user',
  'GET /api/notifications': 'user',
  'POST /api/notifications/read': 'user',
  'GET /api/push/config': 'user',
  'POST /api/push/subscriptions': 'premium',
  'DELETE /api/push/subscriptions': 'user',
  'GET /api/unsubscribe': 'public',
  'POST /api/unsubscribe': 'public',
  'GET /api/admin/overview': 'admin',
  'GET /api/admin/users': 'admin',
  'PATCH /api/admin/users/:userId': 'admin',
  'GET /api/admin/audit-logs': 'admin',
  'GET /api/developer/keys': 'premium',
  'POST /api/developer/keys': 'premium',
  'DELETE /api/developer/keys/:id': 'user',
  'GET /api/portfolio': 'premium',
  'GET /api/portfolio/accounts': 'premium',
  'POST /api/portfolio/accounts': 'premium',
  'PATCH /api/portfolio/accounts/:id': 'premium',
  'DELETE /api/portfolio/accounts/:id': 'premium',
  'GET /api/portfolio/lots': 'premium',
  'POST /api/portfolio/lots': 'premium',
  'PUT /api/portfolio/lots/:id': 'premium',
  'DELETE /api/portfolio/lots/:id': 'premium',
  'POST /api/portfolio/lots/import': 'premium',
  'GET /api/portfolio/lots/export': 'premium',
  'POST /api/contact': 'public',
  'GET /api/research': 'public',
  'GET /api/research/:slug': 'public',
  'GET /api/admin/research': 'admin',
  'POST /api/admin/research': 'admin',
  'PUT /api/admin/research/:id': 'admin',
  'DELETE /api/admin/research/:id': 'admin',
  'GET /api/analysis/weeks': 'public',
  'GET /api/analysis/weeks/:week': 'public',
  'GET /api/news/:id': 'public',
  // Research discussions are refused per subject to those who cannot read the post (community.test.ts).
  'GET /api/comments': 'public',
  'GET /api/comments/counts': 'public',
  'POST /api/comments': 'user',
  'PATCH /api/comments/:id': 'user',
  'DELETE /api/comments/:id': 'user',
  'PUT /api/comments/:id/like': 'user',
  'DELETE /api/comments/:id/like': 'user',
  'POST /api/comments/:id/reports': 'user',
  'GET /api/community/profile': 'user',
  'PUT /api/community/profile': 'user',
  'GET /api/admin/comments': 'admin',
  'POST /api/admin/comments/:id/hide': 'admin',
  'POST /api/admin/comments/:id/restore': 'admin',
  'DELETE /api/admin/comments/:id': 'admin',
  'POST /api/admin/comments/members/:userId/stop': 'admin',
  'POST /api/admin/comments/members/:userId/resume': 'admin',
  // Direct analyst access: a member's own questions (asking and replying are Premium, which
  // the service checks after the question is found: a downgraded member still reads and closes).
  'GET /api/questions': 'user',
  'POST /api/questions': 'premium',
  'GET /api/questions/:id': 'user',
  'POST /api/questions/:id/messages': 'user',
  'POST /api/questions/:id/close': 'user',
  'GET /api/inbox/questions': 'analyst',
  'GET /api/inbox/questions/:id': 'analyst',
  'POST /api/inbox/questions/:id/messages': 'analyst',
  'PATCH /api/inbox/questions/:id': 'analyst',
  'GET /api/inbox/analysts': 'analyst',
  'GET /api/inbox/settings': 'analyst',
  'PUT /api/inbox/settings': 'analyst',
  'GET /api/events': 'public',
  'GET /api/v1/metrics': 'api-key',
  'GET /api/v1/metrics/history': 'api-key',
  'GET /api/v1/fear-greed': 'api-key',
  'GET /api/v1/whales': 'api-key',
  'GET /api/v1/whales/stats': 'api-key',
  'GET /api/v1/news': 'api-key',
  'GET /api/v1/domino-events': 'api-key',
  'GET /api/v1/portfolio': 'api-key',
  'GET /api/v1/openapi.json': 'public',
  'GET /api/openapi.json': 'public',
  // better-auth's handler: which of its endpoints answer is decided below (authEndpointPolicies).
  'GET /api/auth/*': 'public',
  'POST /api/auth/*': 'public',
};

/**
 * Every endpoint better-auth mounts under /api/auth, by its own list (`auth.api`). 'exposed': on the
 * allow-list (lib/auth-endpoints.ts), public by nature and limited by ADR 0010; 'not-exposed': 404 for
 * every caller. An upgrade that adds an endpoint fails here until someone decides.
 */
const authEndpointPolicies: Record<string, 'exposed' | 'not-exposed'> = {
  'POST /sign-up/email': 'exposed',
  'POST /sign-in/email': 'exposed',
  'POST /sign-out': 'exposed',
  'GET /verify-email': 'exposed',
  'POST /send-verification-email': 'exposed',
  'POST /request-password-reset': 'exposed',
  'GET /reset-password/:token': 'exposed',
  'POST /reset-password': 'exposed',
  'POST /two-factor/enable': 'exposed',
  // Ours instead: password and a code (POST /api/account/two-factor/disable).
  'POST /two-factor/disable': 'not-exposed',
  'POST /two-factor/verify-totp': 'exposed',
  'POST /two-factor/verify-backup-code': 'exposed',
  'GET /account-info': 'not-exposed',
  'GET /admin/get-user': 'not-exposed',
  'GET /admin/list-users': 'not-exposed',
  'GET /delete-user/callback': 'not-exposed',
  'GET /error': 'not-exposed',
  'GET /list-accounts': 'not-exposed',
  'GET /list-sessions': 'not-exposed',
  'GET /ok': 'not-exposed',
  'GET /callback/:id': 'not-exposed',
  'POST /callback/:id': 'not-exposed',
  'GET /get-session': 'not-exposed',
  'POST /get-session': 'not-exposed',
  'POST /admin/ban-user': 'not-exposed',
  'POST /admin/create-user': 'not-exposed',
  'POST /admin/has-permission': 'not-exposed',
  'POST /admin/impersonate-user': 'not-exposed',
  'POST /admin/list-user-sessions': 'not-exposed',
  'POST /admin/remove-user': 'not-exposed',
  'POST /admin/revoke-user-session': 'not-exposed',
  'POST /admin/revoke-user-sessions': 'not-exposed',
  'POST /admin/set-role': 'not-exposed',
  'POST /admin/set-user-password': 'not-exposed',
  'POST /admin/stop-impersonating': 'not-exposed',
  'POST /admin/unban-user': 'not-exposed',
  'POST /admin/update-user': 'not-exposed',
  'POST /change-email': 'not-exposed',
  'POST /change-password': 'not-exposed',
  'POST /delete-user': 'not-exposed',
  'POST /get-access-token': 'not-exposed',
  'POST /link-social': 'not-exposed',
  'POST /refresh-token': 'not-exposed',
  'POST /revoke-other-sessions': 'not-exposed',
  'POST /revoke-session': 'not-exposed',
  'POST /revoke-sessions': 'not-exposed',
  'POST /sign-in/social': 'not-exposed',
  'POST /two-factor/generate-backup-codes': 'not-exposed',
  'POST /two-factor/get-totp-uri': 'not-exposed',
  'POST /two-factor/send-otp': 'not-exposed',
  'POST /two-factor/verify-otp': 'not-exposed',
  'POST /unlink-account': 'not-exposed',
  'POST /update-session': 'not-exposed',
  'POST /update-user': 'not-exposed',
  'POST /verify-password': 'not-exposed',
};

/** better-auth's own list of what it mounts over HTTP ("METHOD /path"); server-only endpoints have no path. */
function mountedAuthEndpoints(): string[] {
  const endpoints = Object.values(app.deps.auth.api) as unknown as {
    path?: string;
    options?: { method?: string | string[] };
  }[];
  return endpoints.flatMap((endpoint) => {
    if (!endpoint.path) return [];
    const methods = [endpoint.options?.method ?? 'GET'].flat();
    return methods
      .flatMap((method) => (method === '*' ? ['GET', 'POST'] : [method]))
      .map((method) => `${method} ${endpoint.path}`);
  });
}

/** The status each caller must get, or 'allowed' (anything below 500 but 401 and 403). */
function expected(policy: Policy, role: Role): 401 | 403 | 404 | 'allowed' {
  switch (policy) {
    case 'public':
      return 'allowed';
    case 'api-key':
      return 401;
    case 'stripe-webhook':
      return 404;
    case 'user':
      return role === 'anonymous' ? 401 : role === 'blocked' ? 403 : 'allowed';
    case 'premium':
      return role === 'anonymous' ? 401 : role === 'premium' || role === 'complimentary' ? 'allowed' : 403;
    case 'analyst':
      return role === 'anonymous' ? 401 : role === 'analyst' || role === 'admin' ? 'allowed' : 403;
    case 'admin':
      return role === 'anonymous' ? 401 : role === 'admin' ? 'allowed' : 403;
  }
}

const NIL = '00000000-0000-4000-8000-000000000000';
const concrete = (path: string) =>
  path
    .replace(':slug', 'no-such-post')
    .replace(':week', '2026-W01')
    .replace(/:\w+/g, NIL)
    .replace('/api/auth/*', path.startsWith('GET') ? '/api/auth/get-session' : '/api/auth/sign-out');

let app: TestApp;
const cookies: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  app = await createTestApp();
  cookies.free = (await app.signedInUser()).cookie;
  cookies.premium = (await app.signedInUser({ plan: 'premium' })).cookie;
  cookies.complimentary = (await app.signedInUser({ plan: 'complimentary' })).cookie;
  cookies.admin = (await app.signedInUser({ role: 'admin' })).cookie;
  // An analyst on the free plan: the role, not the plan, opens the inbox.
  cookies.analyst = (await app.signedInUser({ role: 'analyst' })).cookie;
  // A blocked member whose session survived (blocking deletes sessions; the server must not rely on it).
  const blocked = await app.signedInUser({ plan: 'premium' });
  await app.handle.db
    .updateTable('profiles')
    .set({ blocked: true })
    .where('user_id', '=', blocked.userId)
    .execute();
  cookies.blocked = blocked.cookie;
});
afterAll(async () => app?.close());

/** Every table but the rate-limit counters, as text: a refused request must leave it unchanged. */
async function snapshot(): Promise<string> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
      AND table_name NOT IN ('rate_limits', 'kysely_migration', 'kysely_migration_lock')
    ORDER BY table_name`.execute(app.handle.db);
  const parts: string[] = [];
  for (const { name } of tables.rows) {
    const result = await sql<{ rows: string | null }>`
      SELECT string_agg(t::text, '|' ORDER BY t::text) AS rows FROM ${sql.table(name)} t`.execute(
      app.handle.db,
    );
    parts.push(`${name}:${result.rows[0]?.rows ?? ''}`);
  }
  return parts.join('\n');
}

async function call(method: string, path: string, role: Role): Promise<number> {
  const cookie = cookies[role];
  const response = await app.request(path, {
    method,
    ...(cookie ? { cookie } : {}),
    ...(method === 'GET' ? {} : { headers: { 'content-type': 'application/json' }, body: '{}' }),
  });
  await response.body?.cancel();
  return response.status;
}

describe('access matrix', () => {
  it('has a policy for every route the server registers, and none for a route that is gone', () => {
    const registered = new Set(
      app.app.routes
        .filter((route) => route.method !== 'ALL')
        .map((route) => `${route.method} ${route.path}`),
    );
    expect(
      [...registered].filter((route) => !(route in policies)),
      'routes without a policy',
    ).toEqual([]);
    expect(
      Object.keys(policies).filter((route) => !registered.has(route)),
      'policies without a route',
    ).toEqual([]);
  });

  // Every route times every caller, one after another: about a thousand requests.
  it('answers each caller as its policy says; a refused call changes nothing', async () => {
    const wrong: string[] = [];
    for (const [route, policy] of Object.entries(policies)) {
      const [method = 'GET', pattern = ''] = route.split(' ');
      const path = concrete(pattern);
      const refused = roles.filter((role) => expected(policy, role) !== 'allowed');
      const before = await snapshot();
      for (const role of refused) {
        const status = await call(method, path, role);
        if (status !== expected(policy, role))
          wrong.push(`${route} as ${role}: ${status}, expected ${expected(policy, role)}`);
      }
      if (refused.length > 0 && (await snapshot()) !== before)
        wrong.push(`${route}: a refused call changed data`);
      for (const role of roles.filter((candidate) => !refused.includes(candidate))) {
        // Signing out would end the caller's session for the routes after it.
        if (route === 'POST /api/auth/*' || route === 'POST /api/account/delete') continue;
        const status = await call(method, path, role);
        // A refresh whose feeds are all unreachable (no network in tests) honestly answers 502.
        const upstream = route === 'POST /api/news/refresh' && status === 502;
        if (status === 401 || status === 403 || (status >= 500 && !upstream))
          wrong.push(`${route} as ${role}: ${status}, expected allowed`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});

describe('/api/auth/*: only the endpoints the app uses answer', () => {
  it('classifies every endpoint better-auth mounts, and nothing it does not', () => {
    const mounted = mountedAuthEndpoints();
    expect(
      mounted.filter((route) => !(route in authEndpointPolicies)),
      'unclassified',
    ).toEqual([]);
    expect(
      Object.keys(authEndpointPolicies).filter((route) => !mounted.includes(route)),
      'classified but gone',
    ).toEqual([]);
  });

  it('answers 404 to every caller on each endpoint not exposed, and changes nothing', async () => {
    const wrong: string[] = [];
    const before = await snapshot();
    for (const [route, policy] of Object.entries(authEndpointPolicies)) {
      const [method = 'GET', path = ''] = route.split(' ');
      const url = `/api/auth${path.replace(/:\w+/g, 'abcdef')}`;
      for (const role of policy === 'exposed' ? (['anonymous'] as const) : roles) {
        const status = await call(method, url, role);
        if (policy === 'not-exposed' && status !== 404) wrong.push(`${route} as ${role}: ${status}`);
        if (policy === 'exposed' && status === 404) wrong.push(`${route}: 404, expected to answer`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it('a path dressed up (trailing slash, double slash, escapes, dot segments) is not a way in', async () => {
    const dressed = [
      ['POST', '/api/auth/change-email/'],
      ['POST', '/api/auth//change-email'],
      ['POST', '/api/auth/Change-Email'],
      ['POST', '/api/auth/sign-in%2Femail'],
      ['POST', '/api/auth/%63hange-email'],
      ['POST', '/api/auth/sign-in/email/../../delete-user'],
      ['GET', '/api/auth/reset-password/..%2F..%2Fget-session'],
      ['GET', '/api/auth/reset-password/abc/../../list-sessions'],
      ['POST', '/api/auth/admin/set-role?x=/sign-in/email'],
    ] as const;
    for (const [method, path] of dressed) {
      const status = await call(method, path, 'admin');
      expect(status, `${method} ${path}`).toBe(404);
    }
  });
});

describe("one member's things, from another member's session", () => {
  const api = (cookie: string) => app.client(cookie);

  it('cannot read, change or delete the other’s alerts, API keys, data export or checkout', async () => {
    const alice = await app.signedInUser({ plan: 'premium', name: 'Alice Owner' });
    const mallory = await app.signedInUser({ plan: 'premium', name: 'Mallory Other' });

    const rule = (await (
      await api(alice.cookie).alerts.rules.$post({
        json: {
          kind: 'price',
          target: 3.33,
          note: 'alice-secret-note',
        },
      })
    ).json()) as { id: string };
    const key = (await (
      await api(alice.cookie).developer.keys.$post({ json: { name: 'alice-bot' } })
    ).json()) as {
      id: string;
    };
    const before = await snapshot();

    expect(
      (
        await api(mallory.cookie).alerts.rules[':id'].$patch({
          param: { id: rule.id },
          json: { active: false },
        })
      ).status,
    ).toBe(404);
    expect((await api(mallory.cookie).alerts.rules[':id'].$delete({ param: { id: rule.id } })).status).toBe(
      404,
    );
    expect((await api(mallory.cookie).developer.keys[':id'].$delete({ param: { id: key.id } })).status).toBe(
      404,
    );
    expect(await snapshot()).toBe(before);

    const rules = await (await api(mallory.cookie).alerts.rules.$get()).text();
    const keys = await (await api(mallory.cookie).developer.keys.$get()).text();
    const exported = await (await api(mallory.cookie).account.export.$get()).text();
    const billing = await (await api(mallory.cookie).billing.summary.$get()).text();
    for (const answer of [rules, keys, exported, billing]) {
      expect(answer).not.toContain(alice.email);
      expect(answer).not.toContain(alice.userId);
      expect(answer).not.toContain('alice-secret-note');
      expect(answer).not.toContain('alice-bot');
    }
    expect(exported).toContain(mallory.email);

    // A checkout opened by a free member is theirs alone.
    const free = await app.signedInUser();
    const { url } = (await (await api(free.cookie).billing.checkout.$post()).json()) as {
      url: string;
    };
    const sessionId = url.split('/').pop() ?? '';
    expect(
      (await api(mallory.cookie).billing.test.checkout[':id'].$get({ param: { id: sessionId } })).status,
    ).toBe(404);
    expect(
      (await api(mallory.cookie).billing.test.checkout[':id'].pay.$post({ param: { id: sessionId } })).status,
    ).toBe(404);
    const plan = await app.handle.db
      .selectFrom('profiles')
      .select('subscription_plan')
      .where('user_id', '=', free.userId)
      .executeTakeFirstOrThrow();
    expect(plan.subscription_plan).toBe('free');
  });
});

describe('headers and cross-site requests, on every route', () => {
  const routes = () =>
    Object.keys(policies).map((route) => {
      const [method = 'GET', pattern = ''] = route.split(' ');
      return { route, method, path: concrete(pattern) };
    });

  it('every answer carries the API policy allowing nothing, nosniff and a referrer policy; no HSTS over http', async () => {
    const missing: string[] = [];
    for (const { route, method, path } of routes()) {
      const response = await app.request(path, {
        method,
        ...(method === 'GET' ? {} : { headers: { 'content-type': 'application/json' }, body: '{}' }),
      });
      await response.body?.cancel();
      // An API answer is never a document: its policy allows nothing at all (ADR 0059).
      if (response.headers.get('content-security-policy') !== "default-src 'none'; frame-ancestors 'none'")
        missing.push(`${route}: CSP ${response.headers.get('content-security-policy')}`);
      if (response.headers.get('x-content-type-options') !== 'nosniff') missing.push(`${route}: nosniff`);
      if (response.headers.get('referrer-policy') !== 'strict-origin-when-cross-origin')
        missing.push(`${route}: referrer-policy`);
      if (response.headers.has('strict-transport-security')) missing.push(`${route}: HSTS over http`);
    }
    expect(missing).toEqual([]);
  });

  it('refuses every state-changing request sent from another site, even with an admin session', async () => {
    const before = await snapshot();
    const letThrough: string[] = [];
    for (const { route, method, path } of routes().filter((entry) => entry.method !== 'GET')) {
      const response = await app.request(path, {
        method,
        cookie: cookies.admin,
        headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
        body: '{}',
      });
      if (response.status !== 403) letThrough.push(`${route}: ${response.status}`);
    }
    expect(letThrough).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it('no GET changes anything, whoever sends it', async () => {
    const before = await snapshot();
    for (const { method, path } of routes().filter((entry) => entry.method === 'GET'))
      for (const role of roles) await call(method, path, role);
    expect(await snapshot()).toBe(before);
  });

  it('sends HSTS when the site is served over https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://xrp.example.com' } });
    try {
      const response = await secure.request('/api/health');
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await secure.close();
    }
  });
});
