import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json, startFixtureServer, type FixtureServer } from '../../../../tests/support/fixture-server';
import { browserKeys, startPushService } from '../../../../tests/support/push-service';
import { startTestSmtp, type TestSmtp } from '../../../../tests/support/smtp';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { fixture } from '../../../../tests/support/upstream-fixtures';
import { createLogger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';
import { deliverDue, type DeliveryDeps } from '../../shared/notifications/deliveries';
import { drainAlertQueue } from './evaluate.service';

let upstream: FixtureServer;
let smtp: TestSmtp;
let push: Awaited<ReturnType<typeof startPushService>>;
let app: TestApp;
const logger = createLogger('silent');
const markets = fixture<Record<string, unknown>[]>('coingecko/coins-markets-ripple.json');

beforeAll(async () => {
  [upstream, smtp, push] = await Promise.all([startFixtureServer(), startTestSmtp(), startPushService()]);
  app = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      COINGECKO_API_BASE: `${upstream.url}/cg`,
      COINPAPRIKA_API_BASE: `${upstream.url}/cp`,
      FEAR_GREED_API_BASE: `${upstream.url}/fg`,
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
    },
  });
  upstream.route('/cg/global', json(fixture('coingecko/global.json')));
  upstream.route('/cg/coins/ripple/market_chart', json(fixture('coingecko/market-chart-ripple-7d.json')));
});
afterAll(async () => {
  await app?.close();
  await Promise.all([upstream?.close(), smtp?.close(), push?.close()]);
});
beforeEach(async () => {
  // Each test starts from a clean slate of rules, notifications and queued rows.
  await app.handle.db.deleteFrom('alert_rules').execute();
  await app.handle.db.deleteFrom('notifications').execute();
  await app.handle.db.deleteFrom('alert_queue').execute();
  await app.handle.db.deleteFrom('push_subscriptions').execute();
});

const delivery = (overrides: Partial<DeliveryDeps> = {}): DeliveryDeps => ({
  db: app.handle.db,
  logger,
  mailer: app.deps.mailer,
  push: app.deps.alerts.push,
  publicUrl: app.env.PUBLIC_URL,
  secret: app.deps.alerts.unsubscribeSecret,
  ...overrides,
});
const evaluate = () => drainAlertQueue({ db: app.handle.db, logger });

/** One market sync from the CoinGecko fixture with XRP at `price`. */
async function syncPrice(price: number) {
  upstream.route('/cg/coins/markets', json([{ ...markets[0], current_price: price }]));
  expect((await app.syncSource('coingecko')).status).toBe('success');
}

const api = (cookie?: string) => app.client(cookie);

async function notificationsOf(cookie: string) {
  const response = await api(cookie).notifications.$get({ query: {} });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    items: { id: string; title: string; body: string; type: string }[];
    unreadCount: number;
  };
}

async function premiumUser(preferences: Record<string, unknown> = {}) {
  const user = await app.signedInUser({ plan: 'premium' });
  for (const [field, value] of Object.entries(preferences))
    expect((await api(user.cookie).preferences.$patch({ json: { [field]: value } })).status).toBe(200);
  return user;
}

describe('alert rules API (per role)', () => {
  it('refuses visitors, lets a free user set price targets only, and checks input', async () => {
    expect((await api().alerts.rules.$get()).status).toBe(401);
    expect((await api().alerts.rules.$post({ json: { kind: 'price', target: 0.7 } })).status).toBe(401);
    const free = await app.signedInUser();
    expect((await api(free.cookie).alerts.rules.$post({ json: { kind: 'price', target: 0.7 } })).status).toBe(
      201,
    );
    const percent = await api(free.cookie).alerts.rules.$post({
      json: {
        kind: 'percent',
        percent: 5,
        window: '1h',
      },
    });
    expect(percent.status).toBe(403);
    expect(((await percent.json()) as { error: { message: string } }).error.message).toBe(
      'Percentage, Fear & Greed and watched-account alerts require Premium.',
    );
    expect(
      (await api(free.cookie).alerts.rules.$post({ json: { kind: 'fear_greed', target: 80 } })).status,
    ).toBe(403);
    const invalid = await api(free.cookie).alerts.rules.$post({ json: { kind: 'price', target: -2 } });
    expect(invalid.status).toBe(422);
  });

  it('premium sets every kind; nobody can touch another user’s rule', async () => {
    const owner = await premiumUser();
    const created = await api(owner.cookie).alerts.rules.$post({
      json: {
        kind: 'percent',
        percent: 5,
        window: '24h',
        direction: 'down',
      },
    });
    expect(created.status).toBe(201);
    const rule = (await created.json()) as { id: string; window: string };
    expect(rule.window).toBe('24h');
    const other = await premiumUser();
    expect(
      (
        await api(other.cookie).alerts.rules[':id'].$patch({
          param: { id: rule.id },
          json: { active: false },
        })
      ).status,
    ).toBe(404);
    expect((await api(other.cookie).alerts.rules[':id'].$delete({ param: { id: rule.id } })).status).toBe(
      404,
    );
    const paused = await api(owner.cookie).alerts.rules[':id'].$patch({
      param: { id: rule.id },
      json: { active: false },
    });
    expect(await paused.json()).toMatchObject({ active: false });
    expect((await api(owner.cookie).alerts.rules[':id'].$delete({ param: { id: rule.id } })).status).toBe(
      204,
    );
    expect(await (await api(owner.cookie).alerts.rules.$get()).json()).toEqual({
      rules: [],
    });
  });

  it('holds at most 25 rules per user', async () => {
    const user = await premiumUser();
    for (let index = 0; index < 25; index += 1)
      expect(
        (await api(user.cookie).alerts.rules.$post({ json: { kind: 'price', target: 1 + index / 100 } }))
          .status,
      ).toBe(201);
    const refused = await api(user.cookie).alerts.rules.$post({ json: { kind: 'price', target: 3 } });
    expect(refused.status).toBe(409);
  });

  it('the premium alert type toggles are refused to free users and saved for premium', async () => {
    const free = await app.signedInUser();
    const refused = await api(free.cookie).preferences.$patch({ json: { alertsWhaleEnabled: true } });
    expect(refused.status).toBe(403);
    expect((await api(free.cookie).preferences.$patch({ json: { alertsPriceEnabled: false } })).status).toBe(
      200,
    );
    const premium = await premiumUser({ alertsWhaleEnabled: true });
    const saved = await (await api(premium.cookie).preferences.$get()).json();
    expect(saved).toMatchObject({
      alertsPriceEnabled: true,
      alertsWhaleEnabled: true,
      alertsAdoptionEnabled: false,
    });
  });

  it('push subscriptions are Premium and must point at a usable endpoint', async () => {
    const keys = browserKeys();
    const subscription = { endpoint: `${push.url}/free`, keys: { p256dh: keys.p256dh, auth: keys.auth } };
    const free = await app.signedInUser();
    expect((await api(free.cookie).push.subscriptions.$post({ json: subscription })).status).toBe(403);
    const premium = await premiumUser();
    const internal = await api(premium.cookie).push.subscriptions.$post({
      json: {
        ...subscription,
        endpoint: 'http://10.0.0.8/push',
      },
    });
    expect(internal.status).toBe(422);
    expect((await api(premium.cookie).push.subscriptions.$post({ json: subscription })).status).toBe(201);
    expect(await (await api(premium.cookie).push.config.$get()).json()).toMatchObject({
      publicKey: expect.stringMatching(/^[\w-]{80,}$/),
      subscriptions: 1,
    });
  });
});

describe('a price target crossed by a synced fixture', () => {
  it('fires once: one in-app notification, one email, one push, and nothing more on the next sync', async () => {
    await syncPrice(0.65);
    await evaluate();
    const user = await premiumUser({ notificationPushEnabled: true, notificationPushPriceAlerts: true });
    const keys = browserKeys();
    const endpoint = `${push.url}/browser-${user.userId}`;
    expect(
      (
        await api(user.cookie).push.subscriptions.$post({
          json: {
            endpoint,
            keys: { p256dh: keys.p256dh, auth: keys.auth },
          },
        })
      ).status,
    ).toBe(201);
    const created = await api(user.cookie).alerts.rules.$post({
      json: {
        kind: 'price',
        target: 0.7,
        note: 'take profit',
      },
    });
    expect(await created.json()).toMatchObject({ lastSide: 'below' });

    await syncPrice(0.7123);
    expect(await evaluate()).toBe(1);
    await syncPrice(0.73);
    expect(await evaluate()).toBe(0);

    const list = await notificationsOf(user.cookie);
    expect(list.unreadCount).toBe(1);
    expect(list.items).toEqual([
      expect.objectContaining({
        type: 'price',
        title: 'XRP rose above $0.70',
        body: 'XRP is at $0.7123, crossing your $0.70 target. Note: take profit',
      }),
    ]);

    expect(await deliverDue(delivery())).toEqual({ emails: 1, pushes: 1 });
    expect(await deliverDue(delivery())).toEqual({ emails: 0, pushes: 0 });
    const mails = smtp.mails.filter((mail) => mail.to.includes(user.email));
    expect(mails.map((mail) => mail.subject)).toEqual(['XRP rose above $0.70']);
    expect(mails[0]?.text).toContain(`${app.env.PUBLIC_URL}/unsubscribe?token=`);
    const pushes = push.requests.filter((request) => request.path === `/browser-${user.userId}`);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.headers.authorization).toMatch(/^vapid t=.+, k=.+$/);
    expect(pushes[0]?.headers['content-encoding']).toBe('aes128gcm');
    expect(JSON.parse(keys.decrypt(pushes[0]!.body))).toMatchObject({
      title: 'XRP rose above $0.70',
      url: '/analytics',
    });

    // Back below, then above again: the rule re-armed and fires a second time.
    await syncPrice(0.69);
    await syncPrice(0.71);
    expect(await evaluate()).toBe(1);
    expect((await notificationsOf(user.cookie)).unreadCount).toBe(2);
  });

  it('a free user gets the in-app alert and the free email, and marks it read', async () => {
    await syncPrice(0.5);
    const user = await app.signedInUser();
    await api(user.cookie).alerts.rules.$post({ json: { kind: 'price', target: 0.45, direction: 'below' } });
    await syncPrice(0.44);
    expect(await evaluate()).toBe(1);
    await deliverDue(delivery());
    expect((await smtp.waitFor(user.email, /XRP fell below \$0\.45/)).text).toContain('XRP is at $0.4400');
    const [item] = (await notificationsOf(user.cookie)).items;
    expect((await api(user.cookie).notifications.read.$post({ json: { ids: [item!.id] } })).status).toBe(200);
    expect((await notificationsOf(user.cookie)).unreadCount).toBe(0);
  });

  it('a queued row evaluated twice (a restart mid-evaluation) still makes one notification', async () => {
    await syncPrice(0.6);
    await evaluate();
    const user = await premiumUser();
    await api(user.cookie).alerts.rules.$post({ json: { kind: 'price', target: 0.62 } });
    await syncPrice(0.63);
    const [queued] = await app.handle.db.selectFrom('alert_queue').select(['kind', 'row_id']).execute();
    await evaluate();
    // The row comes back as if the process had died before deleting it, with the rule state rolled back.
    await app.handle.db.insertInto('alert_queue').values(queued!).execute();
    await app.handle.db
      .updateTable('alert_rules')
      .set({ last_side: 'below' })
      .where('user_id', '=', user.userId)
      .execute();
    await evaluate();
    expect((await notificationsOf(user.cookie)).items).toHaveLength(1);
  });

  it('two processes draining at once evaluate each row once, in arrival order', async () => {
    await syncPrice(0.6);
    await evaluate();
    const user = await premiumUser();
    for (const target of [0.61, 0.62, 0.63])
      await api(user.cookie).alerts.rules.$post({ json: { kind: 'price', target } });
    for (const price of [0.605, 0.615, 0.625, 0.635])
      await app.handle.db
        .insertInto('crypto_metrics')
        .values({ symbol: 'XRP', price: String(price) })
        .execute();
    const [first, second] = await Promise.all([evaluate(), evaluate()]);
    expect(first + second).toBe(3);
    const titles = (await notificationsOf(user.cookie)).items.map((item) => item.title).sort();
    expect(titles).toEqual(['XRP rose above $0.61', 'XRP rose above $0.62', 'XRP rose above $0.63']);
  });

  it('lists notifications newest first, a page at a time', async () => {
    const user = await app.signedInUser();
    for (const index of [1, 2, 3])
      await app.handle.db
        .insertInto('notifications')
        .values({
          user_id: user.userId,
          type: 'price',
          source_key: `page:${index}`,
          title: `Alert ${index}`,
          body: '',
          created_at: new Date(Date.now() - (3 - index) * 1000),
        })
        .execute();
    const first = (await (await api(user.cookie).notifications.$get({ query: { limit: '2' } })).json()) as {
      items: { title: string }[];
      nextCursor: string;
      unreadCount: number;
    };
    expect(first.items.map((item) => item.title)).toEqual(['Alert 3', 'Alert 2']);
    expect(first.unreadCount).toBe(3);
    const second = (await (
      await api(user.cookie).notifications.$get({ query: { limit: '2', cursor: first.nextCursor } })
    ).json()) as { items: { title: string }[]; nextCursor: string | null };
    expect(second).toMatchObject({ items: [{ title: 'Alert 1' }], nextCursor: null });
  });

  it('paused rules and a switched-off price type stay silent', async () => {
    await syncPrice(0.6);
    const user = await premiumUser({ alertsPriceEnabled: false });
    await api(user.cookie).alerts.rules.$post({ json: { kind: 'price', target: 0.62 } });
    await syncPrice(0.64);
    expect(await evaluate()).toBe(0);
  });
});

describe('percentage and Fear & Greed rules', () => {
  it('a move of N % within the window fires once per window', async () => {
    const user = await premiumUser();
    await api(user.cookie).alerts.rules.$post({ json: { kind: 'percent', percent: 5, window: '1h' } });
    const hourAgo = new Date(Date.now() - 61 * 60_000);
    await app.handle.db
      .insertInto('crypto_metrics')
      .values({ symbol: 'XRP', price: '0.5000', created_at: hourAgo })
      .execute();
    await app.handle.db.insertInto('crypto_metrics').values({ symbol: 'XRP', price: '0.5300' }).execute();
    await app.handle.db.insertInto('crypto_metrics').values({ symbol: 'XRP', price: '0.5400' }).execute();
    expect(await evaluate()).toBe(1);
    expect((await notificationsOf(user.cookie)).items[0]).toMatchObject({
      title: 'XRP rose 6.00% in 1 hour',
      body: 'From $0.5000 to $0.5300.',
    });
  });

  it('a 24-hour move with no sync a day back is read from CoinGecko’s own 24h change, as the dashboard shows it', async () => {
    await app.handle.db.deleteFrom('crypto_metrics').execute();
    const user = await premiumUser();
    await api(user.cookie).alerts.rules.$post({ json: { kind: 'percent', percent: 2, window: '24h' } });
    await app.handle.db
      .insertInto('crypto_metrics')
      .values({ symbol: 'XRP', price: '2.1338', price_change_24h: '6.69' })
      .execute();
    expect(await evaluate()).toBe(1);
    expect((await notificationsOf(user.cookie)).items[0]).toMatchObject({
      title: 'XRP rose 6.69% in 24 hours',
      body: 'From $2.0000 to $2.1338.',
    });
  });

  it('Fear & Greed crossing fires for premium; a year of backfill does not', async () => {
    await app.handle.db
      .insertInto('fear_greed_index')
      .values({ value: 50, value_classification: 'Neutral', timestamp: new Date(Date.now() - 3_600_000) })
      .execute();
    await evaluate();
    const user = await premiumUser();
    await api(user.cookie).alerts.rules.$post({ json: { kind: 'fear_greed', target: 75 } });
    await app.handle.db
      .insertInto('fear_greed_index')
      .values({
        value: 80,
        value_classification: 'Extreme Greed',
        timestamp: new Date(Date.now() - 400 * 86_400_000),
      })
      .execute();
    expect(await evaluate()).toBe(0);
    await app.handle.db
      .insertInto('fear_greed_index')
      .values({ value: 78, value_classification: 'Extreme Greed', timestamp: new Date() })
      .execute();
    expect(await evaluate()).toBe(1);
    expect((await notificationsOf(user.cookie)).items[0]?.title).toBe('Fear & Greed rose above 75');
  });
});

describe('whale, regulatory and adoption fan-out', () => {
  const whale = (hash: string, at = new Date()) =>
    app.handle.db
      .insertInto('whale_transactions')
      .values({
        transaction_hash: hash,
        amount_xrp: '25000000',
        transaction_timestamp: at,
        from_address: 'rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH',
        to_address: 'rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh',
      })
      .onConflict((conflict) => conflict.column('transaction_hash').doNothing())
      .execute();

  it('reaches premium members who switched the type on, once per transaction', async () => {
    const on = await premiumUser({ alertsWhaleEnabled: true });
    const off = await premiumUser();
    const free = await app.signedInUser();
    const hash = `A${Date.now()}`.padEnd(64, '0');
    await whale(hash);
    await whale(hash);
    await whale('B'.padEnd(64, '1'), new Date(Date.now() - 86_400_000));
    await evaluate();
    expect((await notificationsOf(on.cookie)).items).toEqual([
      expect.objectContaining({ type: 'whale', title: 'Whale transfer: 25.0M XRP' }),
    ]);
    expect((await notificationsOf(off.cookie)).items).toEqual([]);
    expect((await notificationsOf(free.cookie)).items).toEqual([]);
  });

  it('regulation and adoption articles and a newly active Domino event', async () => {
    const user = await premiumUser({ alertsRegulatoryEnabled: true, alertsAdoptionEnabled: true });
    await app.handle.db
      .insertInto('news_articles')
      .values([
        {
          title: 'SEC closes its XRP case',
          url: `https://example.com/sec-${Date.now()}`,
          categories: ['REGULATION'],
          published_at: new Date(),
        },
        {
          title: 'Bank adopts XRPL',
          url: `https://example.com/bank-${Date.now()}`,
          categories: ['ADOPTION'],
          published_at: new Date(),
        },
        {
          title: 'Old ruling',
          url: `https://example.com/old-${Date.now()}`,
          categories: ['REGULATION'],
          published_at: new Date(Date.now() - 3 * 86_400_000),
        },
      ])
      .execute();
    const event = await app.handle.db
      .insertInto('domino_events')
      .values({
        date: '2026-11-20',
        institution: 'Example Bank',
        event: 'Settles on XRPL',
        is_active: false,
        display_order: 999,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await evaluate()).toBe(2);
    await app.handle.db
      .updateTable('domino_events')
      .set({ is_active: true })
      .where('id', '=', event.id)
      .execute();
    expect(await evaluate()).toBe(1);
    const titles = (await notificationsOf(user.cookie)).items.map((item) => item.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'SEC closes its XRP case',
        'Bank adopts XRPL',
        'New institutional event: Example Bank',
      ]),
    );
    expect(titles).toHaveLength(3);
  });
});

describe('delivery', () => {
  async function crossFor(user: { cookie: string }, target: number) {
    await syncPrice(target - 0.01);
    await evaluate();
    await api(user.cookie).alerts.rules.$post({ json: { kind: 'price', target } });
    await syncPrice(target + 0.01);
    expect(await evaluate()).toBe(1);
  }

  it('quiet hours hold email until they end; in-app is immediate', async () => {
    const now = new Date();
    const hour = now.getUTCHours();
    const clock = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
    const user = await premiumUser({
      quietHoursEnabled: true,
      quietHoursStart: clock(hour - 1),
      quietHoursEnd: clock(hour + 2),
    });
    await crossFor(user, 0.81);
    expect((await notificationsOf(user.cookie)).unreadCount).toBe(1);
    await deliverDue(delivery());
    expect(smtp.mails.some((mail) => mail.to.includes(user.email))).toBe(false);
    const held = await app.handle.db
      .selectFrom('notification_deliveries')
      .selectAll()
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(held.status).toBe('pending');
    const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour + 2));
    expect(held.due_at).toEqual(end);
    await deliverDue(delivery(), new Date(end.getTime() + 1000));
    await smtp.waitFor(user.email, /XRP rose above \$0\.81/);
  });

  it('an hourly digest sends several alerts as one email at the next full hour', async () => {
    const user = await premiumUser({ alertFrequency: 'hourly' });
    await crossFor(user, 0.91);
    await crossFor(user, 0.95);
    await deliverDue(delivery());
    expect(smtp.mails.some((mail) => mail.to.includes(user.email))).toBe(false);
    const nextHour = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 1000);
    expect(await deliverDue(delivery(), nextHour)).toMatchObject({ emails: 1 });
    const mail = await smtp.waitFor(user.email, /2 new XRP alerts/);
    expect(mail.text).toContain('Price Alerts (2)');
    expect(mail.text).toContain('XRP rose above $0.91');
    expect(mail.text).toContain('XRP rose above $0.95');
  });

  it('a process that died mid-send: its delivery is not sent again; the others go once', async () => {
    const stuck = await premiumUser();
    await crossFor(stuck, 1.11);
    let release: () => void = () => undefined;
    const hanging: Mailer = { send: () => new Promise<void>((resolve) => (release = resolve)) };
    const dying = deliverDue(delivery({ mailer: hanging }));
    await expect
      .poll(
        async () =>
          (
            await app.handle.db
              .selectFrom('notification_deliveries')
              .select('status')
              .where('user_id', '=', stuck.userId)
              .executeTakeFirst()
          )?.status,
      )
      .toBe('sending');
    const waiting = await premiumUser();
    await crossFor(waiting, 1.21);
    const later = new Date(Date.now() + 6 * 60_000);
    const results = await Promise.all([deliverDue(delivery(), later), deliverDue(delivery(), later)]);
    expect(results.reduce((sum, result) => sum + result.emails, 0)).toBe(1);
    release();
    await dying;
    const rows = await app.handle.db
      .selectFrom('notification_deliveries')
      .select(['user_id', 'status', 'error'])
      .where('user_id', 'in', [stuck.userId, waiting.userId])
      .execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          user_id: stuck.userId,
          status: 'failed',
          error: 'interrupted while sending; not resent to avoid a duplicate',
        },
        { user_id: waiting.userId, status: 'sent', error: null },
      ]),
    );
    expect(smtp.mails.filter((mail) => mail.to.includes(waiting.email))).toHaveLength(1);
  });

  it('a gone push subscription is forgotten', async () => {
    const user = await premiumUser({ notificationPushEnabled: true, notificationPushPriceAlerts: true });
    const keys = browserKeys();
    const path = `/gone-${user.userId}`;
    push.markGone(path);
    await api(user.cookie).push.subscriptions.$post({
      json: {
        endpoint: `${push.url}${path}`,
        keys: { p256dh: keys.p256dh, auth: keys.auth },
      },
    });
    await crossFor(user, 1.31);
    await deliverDue(delivery());
    expect(
      await app.handle.db
        .selectFrom('push_subscriptions')
        .selectAll()
        .where('user_id', '=', user.userId)
        .execute(),
    ).toEqual([]);
  });
});

describe('unsubscribe links', () => {
  it('the link in an email switches that category off without signing in; a forged one is refused', async () => {
    const user = await app.signedInUser();
    await syncPrice(0.3);
    await api(user.cookie).alerts.rules.$post({ json: { kind: 'price', target: 0.31 } });
    await syncPrice(0.32);
    await evaluate();
    await deliverDue(delivery());
    const mail = await smtp.waitFor(user.email, /XRP rose above \$0\.31/);
    const token = new URL(/http\S+\/unsubscribe\?token=\S+/.exec(mail.text)![0]).searchParams.get('token')!;
    expect(await (await api().unsubscribe.$get({ query: { token } })).json()).toEqual({
      category: 'price',
      label: 'price alert emails',
    });
    const forged = `${token.split('.')[0]}.${'x'.repeat(43)}`;
    expect((await api().unsubscribe.$post({ query: { token: forged } })).status).toBe(404);
    const done = await api().unsubscribe.$post({ query: { token } });
    expect(done.status).toBe(200);
    expect(await (await api(user.cookie).preferences.$get()).json()).toMatchObject({
      notificationEmailPriceAlerts: false,
    });
  });
});
