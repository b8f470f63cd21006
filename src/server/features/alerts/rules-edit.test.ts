import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AlertRule } from '@/domain/alerts/alerts.schema';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  await app.handle.db.deleteFrom('alert_rules').execute();
  await app.handle.db.deleteFrom('alert_queue').execute();
  await app.handle.db.deleteFrom('crypto_metrics').execute();
});

const api = (cookie?: string) => app.client(cookie);
const HOUR = 3_600_000;

/** A stored XRP price `agoMs` before now, as a sync would have written it. */
const storePrice = (price: number, agoMs: number, change24h: string | null = null) =>
  app.handle.db
    .insertInto('crypto_metrics')
    .values({
      symbol: 'XRP',
      price: String(price),
      price_change_24h: change24h,
      created_at: new Date(Date.now() - agoMs),
    })
    .execute();

async function createRule(
  cookie: string,
  json: Parameters<ReturnType<typeof api>['alerts']['rules']['$post']>[0]['json'],
) {
  const response = await api(cookie).alerts.rules.$post({ json });
  expect(response.status).toBe(201);
  return (await response.json()) as AlertRule;
}

const edit = (
  cookie: string,
  id: string,
  json: Parameters<ReturnType<typeof api>['alerts']['rules'][':id']['$patch']>[0]['json'],
) => api(cookie).alerts.rules[':id'].$patch({ param: { id }, json });

describe('editing a rule (PATCH /api/alerts/rules/{id} with `rule`)', () => {
  it('changes a price target and its direction; the crossing starts from the current price', async () => {
    await storePrice(2, 60_000);
    const free = await app.signedInUser();
    const rule = await createRule(free.cookie, { kind: 'price', target: 1.5, note: 'old' });
    expect(rule.lastSide).toBe('above');
    const response = await edit(free.cookie, rule.id, {
      rule: { kind: 'price', target: 2.5, direction: 'crosses', note: 'new' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: rule.id,
      target: 2.5,
      direction: 'crosses',
      note: 'new',
      lastSide: 'below',
      active: true,
    });
    const listed = (await (await api(free.cookie).alerts.rules.$get()).json()) as { rules: AlertRule[] };
    expect(listed.rules).toHaveLength(1);
    expect(listed.rules[0]).toMatchObject({ target: 2.5, direction: 'crosses', note: 'new' });
  });

  it('changes a percentage rule’s threshold and window (Premium)', async () => {
    const premium = await app.signedInUser({ plan: 'premium' });
    const rule = await createRule(premium.cookie, { kind: 'percent', percent: 5, window: '1h' });
    const response = await edit(premium.cookie, rule.id, {
      rule: { kind: 'percent', percent: 7.5, window: '24h', direction: 'down' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      percent: 7.5,
      window: '24h',
      direction: 'down',
      target: null,
    });
  });

  it('answers 404 for another member’s rule and leaves it as it was', async () => {
    const owner = await app.signedInUser();
    const other = await app.signedInUser();
    const rule = await createRule(owner.cookie, { kind: 'price', target: 1 });
    const response = await edit(other.cookie, rule.id, { rule: { kind: 'price', target: 9 } });
    expect(response.status).toBe(404);
    const listed = (await (await api(owner.cookie).alerts.rules.$get()).json()) as { rules: AlertRule[] };
    expect(listed.rules[0]?.target).toBe(1);
  });

  it('answers 422 for bad input or another kind, with the message the form shows', async () => {
    const premium = await app.signedInUser({ plan: 'premium' });
    const rule = await createRule(premium.cookie, { kind: 'price', target: 1 });
    const negative = await edit(premium.cookie, rule.id, { rule: { kind: 'price', target: -1 } });
    expect(negative.status).toBe(422);
    expect(JSON.stringify(await negative.json())).toContain('The price target must be above 0');
    const otherKind = await edit(premium.cookie, rule.id, {
      rule: { kind: 'percent', percent: 5, window: '1h' },
    });
    expect(otherKind.status).toBe(422);
    expect(await otherKind.json()).toMatchObject({
      error: { message: 'An alert keeps its kind: delete it and set a new one instead' },
    });
    const listed = (await (await api(premium.cookie).alerts.rules.$get()).json()) as { rules: AlertRule[] };
    expect(listed.rules[0]).toMatchObject({ kind: 'price', target: 1 });
  });

  it('refuses a free member’s edit of a Premium rule kept from before a downgrade', async () => {
    const member = await app.signedInUser({ plan: 'premium' });
    const rule = await createRule(member.cookie, { kind: 'percent', percent: 5, window: '1h' });
    await app.handle.db
      .updateTable('profiles')
      .set({ subscription_plan: 'free' })
      .where('user_id', '=', member.userId)
      .execute();
    const response = await edit(member.cookie, rule.id, {
      rule: { kind: 'percent', percent: 9, window: '1h' },
    });
    expect(response.status).toBe(403);
  });
});

describe('a percentage rule’s history note (from the stored market rows)', () => {
  const historyOf = async (cookie: string) => {
    const listed = (await (await api(cookie).alerts.rules.$get()).json()) as { rules: AlertRule[] };
    return Object.fromEntries(listed.rules.map((rule) => [rule.window ?? rule.kind, rule.history]));
  };

  it('names the first possible alert one window after the oldest recent price, then says ready', async () => {
    const premium = await app.signedInUser({ plan: 'premium' });
    await createRule(premium.cookie, { kind: 'percent', percent: 5, window: '1h' });
    await createRule(premium.cookie, { kind: 'percent', percent: 5, window: '24h' });
    await createRule(premium.cookie, { kind: 'price', target: 1 });

    // Nothing stored: no time can be named.
    expect(await historyOf(premium.cookie)).toEqual({
      '1h': { ready: false, readyAt: null },
      '24h': { ready: false, readyAt: null },
      price: null,
    });

    // A first price 20 minutes ago (without CoinGecko's 24-hour change).
    await storePrice(2, 20 * 60_000);
    const first = await historyOf(premium.cookie);
    const oldest = (
      await app.handle.db.selectFrom('crypto_metrics').select('created_at').executeTakeFirstOrThrow()
    ).created_at.getTime();
    expect(first['1h']).toEqual({ ready: false, readyAt: new Date(oldest + HOUR).toISOString() });
    expect(first['24h']).toEqual({ ready: false, readyAt: new Date(oldest + 24 * HOUR).toISOString() });

    // A price 70 minutes ago: the hour is covered; the day is still not.
    await storePrice(2, 70 * 60_000);
    const second = await historyOf(premium.cookie);
    expect(second['1h']).toEqual({ ready: true, readyAt: null });
    expect(second['24h']?.ready).toBe(false);

    // The newest row with CoinGecko's own 24-hour change: the day rule can compare at once.
    await storePrice(2.1, 60_000, '3.2');
    expect((await historyOf(premium.cookie))['24h']).toEqual({ ready: true, readyAt: null });
  });
});
