import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStale } from '../../src/domain/market/metrics';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { createVerifiedUser } from '../../src/server/features/users/users.service';
import { createLogger } from '../../src/server/lib/logger';
import { createRuntime, type Runtime } from '../../src/server/runtime';
import { apiClient, startAppProcess, signInCookie, type AppProcess } from '../support/app-process';
import { startFakeRippled, type FakeRippled } from '../support/fake-rippled';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { json, startFixtureServer, type FixtureHandler, type FixtureServer } from '../support/fixture-server';
import { startTestSmtp, type TestSmtp } from '../support/smtp';
import { createServerDatabase } from '../support/test-db';
import { testEnv, TEST_PASSWORD } from '../support/test-app';
import { fixture } from '../support/upstream-fixtures';

/**
 * The server killed with SIGKILL in the middle of its work, and upstreams that misbehave, on
 * PostgreSQL (`npm test` passes TEST_DATABASE_URL in as MULTI_PROCESS_DATABASE_URL). Each kill is
 * followed by a restart; the database is read directly to count rows.
 */
const serverUrl = process.env.MULTI_PROCESS_DATABASE_URL;
const FIXTURE_LEDGER = 99100123;
const hang: FixtureHandler = () => new Promise(() => undefined);

describe.runIf(serverUrl)('kill -9 and failing upstreams (PostgreSQL)', () => {
  let database: { url: string; drop(): Promise<void> };
  let handle: DatabaseHandle;
  let seed: Runtime;
  let upstream: FixtureServer;
  let rippled: FakeRippled;
  let smtp: TestSmtp;
  let stripe: FakeStripe;
  let app: AppProcess;
  let adminCookie = '';
  const running = new Set<AppProcess>();

  const env = (extra: Record<string, string> = {}) => ({
    DATABASE_URL: database.url,
    AUTH_SECRET: 'faults-test-secret-0123456789abcdef0123456789',
    SYNC_TICK_SECONDS: '1',
    SYNC_LEASE_SECONDS: '3',
    UPSTREAM_TIMEOUT_SECONDS: '1',
    COINGECKO_API_BASE: `${upstream.url}/cg`,
    COINPAPRIKA_API_BASE: `${upstream.url}/cp`,
    FEAR_GREED_API_BASE: `${upstream.url}/fg`,
    XRPL_WS_URL: rippled.url,
    XRPL_WS_FALLBACK_URL: rippled.url,
    SMTP_URL: smtp.url,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
    LOG_LEVEL: 'error',
    ...extra,
  });
  const start = async (extra: Record<string, string> = {}) => {
    const started = await startAppProcess(env(extra));
    running.add(started);
    return started;
  };
  const kill = async (process: AppProcess) => {
    await process.kill();
    running.delete(process);
  };
  const count = async (query: ReturnType<typeof sql<{ n: number }>>) =>
    (await query.execute(handle.db)).rows[0]?.n ?? -1;
  const syncLogs = (source: string) =>
    handle.db
      .selectFrom('api_sync_logs')
      .select(['status', 'error_message'])
      .where('api_source', '=', source)
      .orderBy('started_at')
      .execute();
  const sourceId = async (apiType: string) =>
    (
      await handle.db
        .selectFrom('api_sources')
        .select('id')
        .where('api_type', '=', apiType)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    upstream = await startFixtureServer();
    upstream.route('/cg/coins/markets', json(fixture('coingecko/coins-markets-ripple.json')));
    upstream.route('/cg/global', json(fixture('coingecko/global.json')));
    upstream.route('/cg/coins/ripple/market_chart', json(fixture('coingecko/market-chart-ripple-7d.json')));
    upstream.route('/cp/v1/tickers/xrp-xrp', json(fixture('coinpaprika/ticker-xrp-xrp.json')));
    upstream.route('/cp/v1/global', json(fixture('coinpaprika/global.json')));
    upstream.route('/fg/fng/', json(fixture('fear-greed/fng-limit-3.json')));
    rippled = await startFakeRippled();
    const ledger = fixture<{ result: { ledger: { transactions: unknown[] } } }>(
      'xrpl/ledger-expanded-apiv2.json',
    );
    for (let index = FIXTURE_LEDGER - 30; index < FIXTURE_LEDGER; index += 1) rippled.addLedger(index, []);
    rippled.addLedger(FIXTURE_LEDGER, ledger.result.ledger.transactions, new Date().toISOString());
    // A mail relay that takes a while per message: a kill lands in the middle of a delivery pass.
    smtp = await startTestSmtp({ delayMs: 150 });
    stripe = await startFakeStripe();
    database = await createServerDatabase(serverUrl ?? '');
    handle = await openDatabase({ kind: 'postgres', url: database.url });
    seed = await createRuntime({ env: testEnv(), handle, logger: createLogger('silent') });
    await createVerifiedUser(seed.deps.auth, handle.db, {
      email: 'ops@example.com',
      password: TEST_PASSWORD,
      name: 'Ops',
      role: 'admin',
      plan: 'premium',
    });
  });

  afterAll(async () => {
    await Promise.all([...running].map((process) => process.kill()));
    await handle?.close();
    await database?.drop();
    await Promise.all([upstream?.close(), rippled?.close(), smtp?.close(), stripe?.close()]);
  });

  it('during a sync: the interrupted run is ended in error, the source runs again once, no row twice', async () => {
    upstream.route('/cg/coins/markets', hang);
    const first = await start({ UPSTREAM_TIMEOUT_SECONDS: '60' });
    await expect.poll(() => upstream.hits('/cg/coins/markets'), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await syncLogs('CoinGecko Market Data')).toEqual([{ status: 'in_progress', error_message: null }]);
    await expect
      .poll(async () => (await syncLogs('Fear & Greed Index')).map((log) => log.status))
      .toEqual(['success']);
    const fearGreedRows = await count(sql`SELECT count(*)::int AS n FROM fear_greed_index`);
    await kill(first);

    upstream.route('/cg/coins/markets', json(fixture('coingecko/coins-markets-ripple.json')));
    app = await start();
    await expect
      .poll(async () => (await syncLogs('CoinGecko Market Data')).map((log) => log.status), {
        timeout: 20_000,
      })
      .toEqual(['error', 'success']);
    expect((await syncLogs('CoinGecko Market Data'))[0]?.error_message).toBe(
      'The process running this sync stopped before it finished; no data was written',
    );
    expect(await count(sql`SELECT count(*)::int AS n FROM crypto_metrics`)).toBe(1);
    // Fear & Greed finished before the kill and is not due again: its rows are there, once each.
    expect(await count(sql`SELECT count(*)::int AS n FROM fear_greed_index`)).toBe(fearGreedRows);
    expect(await count(sql`SELECT count(DISTINCT timestamp)::int AS n FROM fear_greed_index`)).toBe(
      fearGreedRows,
    );
    adminCookie = await signInCookie(app.url, 'ops@example.com', TEST_PASSWORD);
    await expect
      .poll(async () => (await apiClient(app.url, adminCookie).whales.$get({ query: {} })).json())
      .toHaveLength(2);
  });

  it('upstreams that hang, fail, answer garbage or hang up: last good data served, errors logged, healthy', async () => {
    const before = await (await apiClient(app.url).market.metrics.$get({ query: {} })).json();
    const fearGreedBefore = await (await apiClient(app.url).market['fear-greed'].$get()).json();
    upstream.route('/cg/coins/markets', hang);
    upstream.route('/cp/v1/tickers/xrp-xrp', json({ error: 'internal' }, 500));
    upstream.route('/fg/fng/', json('<html><body>502 Bad Gateway</body></html>'));
    rippled.hangUp(true);

    const sync = async (apiType: string) => {
      const response = await apiClient(app.url, adminCookie).admin.sources[':id'].sync.$post({
        param: { id: await sourceId(apiType) },
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { status: string; log: { errorMessage: string | null } };
    };
    const outcomes = await Promise.all(['coingecko', 'fear_greed', 'xrpl_whales'].map(sync));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['error', 'error', 'error']);
    for (const outcome of outcomes) expect(outcome.log.errorMessage).toMatch(/\S/);

    const health = await apiClient(app.url).health.$get();
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });
    // The same figures; only the source's record may now say since when it fails.
    const withoutSource = (body: Record<string, unknown>) => ({ ...body, source: null });
    const after = await (await apiClient(app.url).market.metrics.$get({ query: {} })).json();
    expect(withoutSource(after)).toEqual(withoutSource(before));
    expect(after.source.everSucceeded).toBe(true);
    const fearGreedAfter = await (await apiClient(app.url).market['fear-greed'].$get()).json();
    expect(withoutSource(fearGreedAfter)).toEqual(withoutSource(fearGreedBefore));
    expect(await (await apiClient(app.url, adminCookie).whales.$get({ query: {} })).json()).toHaveLength(2);
    const logs = (await (
      await apiClient(app.url, adminCookie).admin['sync-logs'].$get({ query: {} })
    ).json()) as { apiSource: string; status: string }[];
    for (const source of ['CoinGecko Market Data', 'Fear & Greed Index', 'XRPL Whale Tracker'])
      expect(logs.find((log) => log.apiSource === source)?.status).toBe('error');

    // Time passes with the upstream still down: the same figures, older than twice their period, are
    // what the dashboard labels "Stale · as of …".
    const recordedAt = before.latest!.createdAt;
    const later = new Date(Date.parse(recordedAt) + 11 * 60_000);
    expect(isStale(recordedAt, 5)).toBe(false);
    expect(isStale(recordedAt, 5, later)).toBe(true);

    rippled.hangUp(false);
    upstream.route('/cg/coins/markets', json(fixture('coingecko/coins-markets-ripple.json')));
    upstream.route('/fg/fng/', json(fixture('fear-greed/fng-limit-3.json')));
    expect((await sync('coingecko')).status).toBe('success');
  });

  it('during webhook processing: Stripe redelivers, the event is applied once', async () => {
    const member = await createVerifiedUser(seed.deps.auth, handle.db, {
      email: 'payer@example.com',
      password: TEST_PASSWORD,
      name: 'Payer',
    });
    const cookie = await signInCookie(app.url, 'payer@example.com', TEST_PASSWORD);
    const checkout = await apiClient(app.url, cookie).billing.checkout.$post();
    expect(checkout.status).toBe(200);
    const { url } = (await checkout.json()) as { url: string };
    const { session } = stripe.completeCheckout(url.split('/').pop() ?? '');
    const event = stripe.event('checkout.session.completed', session);
    const payload = JSON.stringify(event);
    const deliver = (target: AppProcess) =>
      fetch(`${target.url}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) },
        body: payload,
      });

    // The app asks Stripe for the subscription; Stripe is slow; the process dies while it waits.
    stripe.holdNext('GET /v1/subscriptions/:id');
    const asked = stripe.requests.length;
    const inFlight = deliver(app).then(
      (response) => response.status,
      () => 'connection lost',
    );
    await expect
      .poll(() =>
        stripe.requests.slice(asked).some((request) => request.path.startsWith('/v1/subscriptions/')),
      )
      .toBe(true);
    await kill(app);
    expect(await inFlight).toBe('connection lost');

    app = await start();
    const retried = await deliver(app);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ received: true, duplicate: false });
    expect(await (await deliver(app)).json()).toEqual({ received: true, duplicate: true });
    expect(
      await handle.db
        .selectFrom('billing_events')
        .select(['outcome'])
        .where('id', '=', String(event.id))
        .execute(),
    ).toEqual([{ outcome: 'applied: free → premium' }]);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM billing_subscriptions WHERE user_id = ${member.id}`),
    ).toBe(1);
    const profile = await handle.db
      .selectFrom('profiles')
      .select('subscription_plan')
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(profile.subscription_plan).toBe('premium');
  });

  it('during alert delivery: every alert made once, no email twice, the rest sent after the restart', async () => {
    const USERS = 24;
    const emails: string[] = [];
    for (let index = 0; index < USERS; index += 1) {
      const email = `watcher${index}@example.com`;
      emails.push(email);
      await createVerifiedUser(seed.deps.auth, handle.db, {
        email,
        password: TEST_PASSWORD,
        name: `W ${index}`,
      });
      const cookie = await signInCookie(app.url, email, TEST_PASSWORD);
      const rule = await apiClient(app.url, cookie).alerts.rules.$post({
        json: { kind: 'price', target: 50 },
      });
      expect(rule.status).toBe(201);
    }
    const subject = 'XRP rose above $50.00';
    await handle.db.insertInto('crypto_metrics').values({ symbol: 'XRP', price: '51.0000' }).execute();
    await expect
      .poll(() => smtp.mails.filter((mail) => mail.subject === subject).length, {
        timeout: 20_000,
      })
      .toBeGreaterThan(3);
    const killedAt = Date.now();
    await kill(app);

    app = await start();
    const settled = () =>
      handle.db
        .selectFrom('notification_deliveries')
        .select(['status', 'error', 'claimed_until'])
        .where('channel', '=', 'email')
        .execute();
    // Settled: nothing pending and nothing the new process claimed (a claim holds 5 minutes) in flight.
    const claimedSinceKill = (row: { claimed_until: Date | null }) =>
      row.claimed_until !== null && row.claimed_until.getTime() > killedAt + 5 * 60_000;
    await expect
      .poll(
        async () =>
          (await settled()).filter((row) => row.status === 'pending' || claimedSinceKill(row)).length,
        { timeout: 20_000 },
      )
      .toBe(0);
    const notifications = await count(
      sql`SELECT count(*)::int AS n FROM notifications WHERE title = ${subject}`,
    );
    expect(notifications).toBe(USERS);
    const mailsPerUser = emails.map(
      (email) => smtp.mails.filter((mail) => mail.subject === subject && mail.to.includes(email)).length,
    );
    expect(Math.max(...mailsPerUser)).toBe(1);
    // Nor any other mail (a weekly summary goes out on Mondays) twice.
    const sent = smtp.mails.map((mail) => `${mail.to.join()} ${mail.subject}`);
    expect(new Set(sent).size).toBe(sent.length);
    const rows = await settled();
    expect(rows).toHaveLength(USERS);
    // The one mail in the relay's hands at the kill is not resent; everyone else got theirs.
    const inDoubt = rows.filter((row) => row.status !== 'sent');
    expect(inDoubt.length).toBeLessThanOrEqual(1);
    for (const row of inDoubt) expect(row.status).toBe('sending');
    expect(mailsPerUser.filter((n) => n === 1).length).toBeGreaterThanOrEqual(USERS - 1);
  });
});
