import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  describeRule,
  type AlertRule,
  type AlertRuleInput,
  type alertRuleInputSchema,
} from '@/domain/alerts/alerts.schema';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { createLogger } from '../../lib/logger';
import { drainAlertQueue } from './evaluate.service';
import { evaluateFlowAlerts } from './flow-alerts.service';

/**
 * The whale and exchange rules end to end: rules set through the API, data rows stored as the
 * ledger stream, the flows and the reserves task store them, evaluated by the queue's drain (entity
 * moves, the Whale Movements fan-out) and by the `flow-alerts` task's function (net flow, reserves).
 */

// Named accounts from the list the site ships with (added at every start).
const BINANCE = 'rs8ZPbYqgecRcDzQpJYAMhSxSi5htsjnza';
const BINANCE_12 = 'rPJ5GFpyDLv7gqeB1uZVUBwDwi41kaXN5A';
const KRAKEN = 'rEvuKRoEbZSbM5k5Qe5eTD9BixZXsfkxHf';
const UNNAMED = 'rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH';

const HOUR = 3_600_000;
const XRP = 1_000_000n;
const logger = createLogger('silent');

let app: TestApp;
let member: { cookie: string; userId: string };

beforeAll(async () => {
  app = await createTestApp();
  member = await app.signedInUser({ plan: 'premium' });
});
afterAll(() => app?.close());
beforeEach(async () => {
  const db = app.handle.db;
  for (const table of [
    'alert_rules',
    'notifications',
    'alert_queue',
    'whale_transactions',
    'exchange_flow_hourly',
    'exchange_reserves',
    'market_history',
  ] as const)
    await db.deleteFrom(table).execute();
});

const rules = (cookie = member.cookie) => app.client(cookie).alerts.rules;

/** A rule as a form sends it (direction optional: the schema's default). */
type RuleBody = z.input<typeof alertRuleInputSchema>;
async function setRule(input: RuleBody, cookie = member.cookie): Promise<AlertRule> {
  const response = await rules(cookie).$post({ json: input as AlertRuleInput });
  expect(response.status).toBe(201);
  return (await response.json()) as AlertRule;
}

async function refusal(input: unknown, cookie = member.cookie) {
  const response = await rules(cookie).$post({ json: input as AlertRuleInput });
  const { error } = (await response.json()) as { error: { message: string } };
  return { status: response.status, message: error.message };
}

const alertsOf = (userId = member.userId) =>
  app.handle.db
    .selectFrom('notifications')
    .select(['title', 'body', 'url', 'type'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('title')
    .execute();

/** "2026-11-20 10:14 UTC", as the messages write a moment. */
const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR) * HOUR);

let hashes = 0;
/** A whale payment stored as the ledger stream stores it, then the queue drained; its hash and row id. */
async function whale(from: string, to: string, amountXrp: string, at = new Date()) {
  hashes += 1;
  const hash = `${String(hashes).padStart(4, '0')}`.padEnd(64, 'F');
  const row = await app.handle.db
    .insertInto('whale_transactions')
    .values({
      transaction_hash: hash,
      amount_xrp: amountXrp,
      transaction_timestamp: at,
      from_address: from,
      to_address: to,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await drainAlertQueue({ db: app.handle.db, logger });
  return { hash, id: row.id };
}

describe('entity moves', () => {
  it('fires each matching rule once, naming both sides, the amount and its dollar value at that hour', async () => {
    const at = new Date();
    const priceAt = new Date(Math.max(hourOf(at).getTime(), at.getTime() - 60_000));
    await app.handle.db
      .insertInto('market_history')
      .values([
        { symbol: 'XRP', ts: priceAt, price: '2.5' },
        // The hour before: never used for this payment.
        { symbol: 'XRP', ts: new Date(hourOf(at).getTime() - 1000), price: '9' },
      ])
      .execute();
    const out = await setRule({
      kind: 'entity_move',
      entity: 'binance',
      direction: 'out',
      target: 5_000_000,
    });
    // Stored as the registry spells it, and described so.
    expect(out.entity).toBe('Binance');
    expect(describeRule(out)).toBe('Binance moves 5,000,000 XRP or more (out)');
    await setRule({ kind: 'entity_move', entity: 'Binance', direction: 'in', target: 1_000_000 });
    await setRule({ kind: 'entity_move', entity: 'Binance', direction: 'either', target: 30_000_000 });
    await setRule({ kind: 'entity_move', entity: 'Kraken', direction: 'either', target: 1_000_000 });

    const paid = await whale(BINANCE_12, UNNAMED, '25000000', at);
    expect(await alertsOf()).toEqual([
      {
        type: 'whale',
        title: 'Binance sent 25.0M XRP',
        body:
          `Binance 12 (Binance) sent 25,000,000 XRP to unknown wallet rN7n7o…fzRH at ${utc(at)}. ` +
          `Value: $62.5M at $2.5000 per XRP (price of ${utc(priceAt)}).`,
        url: `https://livenet.xrpl.org/transactions/${paid.hash}`,
      },
    ]);
    // The same payment read again (the stream and the catch-up both saw it) does not fire twice.
    await app.handle.db.insertInto('alert_queue').values({ kind: 'whale', row_id: paid.id }).execute();
    await drainAlertQueue({ db: app.handle.db, logger });
    expect(await alertsOf()).toHaveLength(1);
    const listed = (await (await rules().$get()).json()) as { rules: AlertRule[] };
    const stored = listed.rules.find((rule) => rule.id === out.id);
    expect(stored?.lastFiredAt).not.toBeNull();
  });

  it('fires "in" for the receiver, with no stored price that hour shown as unknown', async () => {
    await setRule({ kind: 'entity_move', entity: 'Kraken', direction: 'in', target: 2_000_000 });
    await setRule({ kind: 'entity_move', entity: 'Kraken', direction: 'out', target: 1_000_000 });
    const at = new Date();
    await whale(BINANCE, KRAKEN, '2000000.5', at);
    expect(await alertsOf()).toEqual([
      expect.objectContaining({
        title: 'Kraken received 2.0M XRP',
        body: `Binance sent 2,000,000.5 XRP to Kraken at ${utc(at)}. Value: — (no stored price that hour).`,
      }),
    ]);
  });

  it('fires an internal transfer for "either" only, and nothing below the amount', async () => {
    await setRule({ kind: 'entity_move', entity: 'Binance', direction: 'in', target: 1_000_000 });
    await setRule({ kind: 'entity_move', entity: 'Binance', direction: 'out', target: 1_000_000 });
    await setRule({ kind: 'entity_move', entity: 'Binance', direction: 'either', target: 3_000_000 });
    await whale(BINANCE, BINANCE_12, '2000000');
    expect(await alertsOf()).toEqual([]);
    await whale(BINANCE, BINANCE_12, '3000000');
    expect((await alertsOf()).map((alert) => alert.title)).toEqual([
      'Binance moved 3.0M XRP between its own accounts',
    ]);
  });

  it('names both sides and the value in the Whale Movements alert too', async () => {
    const watcher = await app.signedInUser({ plan: 'premium' });
    expect(
      (await app.client(watcher.cookie).preferences.$patch({ json: { alertsWhaleEnabled: true } })).status,
    ).toBe(200);
    const at = new Date();
    await app.handle.db.insertInto('market_history').values({ symbol: 'XRP', ts: at, price: '2' }).execute();
    await whale(UNNAMED, KRAKEN, '1000000', at);
    expect(await alertsOf(watcher.userId)).toEqual([
      expect.objectContaining({
        title: 'Whale transfer: 1.0M XRP',
        body: `unknown wallet rN7n7o…fzRH sent 1,000,000 XRP to Kraken at ${utc(at)}. Value: $2.0M at $2.0000 per XRP (price of ${utc(at)}).`,
      }),
    ]);
  });
});

describe('setting whale and exchange rules', () => {
  it('is Premium: a free member is refused every kind', async () => {
    const free = await app.signedInUser();
    for (const input of [
      { kind: 'entity_move', entity: 'Binance', target: 1_000_000 },
      { kind: 'exchange_netflow', target: 1_000_000 },
      { kind: 'reserve_change', entity: 'Binance', percent: 5 },
    ])
      expect(await refusal(input, free.cookie)).toEqual({
        status: 403,
        message: 'Entity, exchange flow and reserve alerts require Premium.',
      });
  });

  it('refuses bad input with a clear message', async () => {
    expect(await refusal({ kind: 'entity_move', entity: 'Binance', target: 500_000 })).toEqual({
      status: 422,
      message:
        'target: Use at least 1,000,000 XRP: only payments of 1M XRP or more are tracked for every entity',
    });
    expect(await refusal({ kind: 'entity_move', entity: 'Nobody Inc', target: 1_000_000 })).toEqual({
      status: 422,
      message:
        'The registry of known accounts names no entity “Nobody Inc”: choose one of the listed entities',
    });
    // Ceffu is a custodian, not an exchange: its reserve is not read.
    expect(await refusal({ kind: 'reserve_change', entity: 'Ceffu', percent: 5 })).toEqual({
      status: 422,
      message:
        '“Ceffu” is not an exchange the registry of known accounts names: choose one of the listed exchanges',
    });
    expect((await refusal({ kind: 'reserve_change', entity: 'Binance', percent: 0.2 })).message).toBe(
      'percent: Use a change of at least 0.5 %',
    );
    expect((await refusal({ kind: 'exchange_netflow', target: 0 })).message).toBe(
      'target: Use at least 1 XRP',
    );
  });

  it('edits keep the kind and check the entity as create does', async () => {
    const rule = await setRule({ kind: 'reserve_change', entity: 'Binance', percent: 5 });
    const edit = app.client(member.cookie).alerts.rules[':id'];
    const changed = await edit.$patch({
      param: { id: rule.id },
      json: { rule: { kind: 'reserve_change', entity: 'kraken', percent: 2.5, direction: 'down' } },
    });
    expect(changed.status).toBe(200);
    expect(describeRule((await changed.json()) as AlertRule)).toBe("Kraken's reserve falls 2.5% in 24 hours");
    const refused = await edit.$patch({
      param: { id: rule.id },
      json: { rule: { kind: 'reserve_change', entity: 'Ceffu', percent: 2.5 } },
    });
    expect(refused.status).toBe(422);
  });
});

describe('exchange net flow', () => {
  const flows = (hour: Date, inflowXrp: bigint, outflowXrp: bigint, entity = 'Binance') =>
    app.handle.db
      .insertInto('exchange_flow_hourly')
      .values({
        entity,
        hour,
        inflow_drops: (inflowXrp * XRP).toString(),
        inflow_count: 1,
        outflow_drops: (outflowXrp * XRP).toString(),
        outflow_count: 1,
      })
      .onConflict((conflict) =>
        conflict.columns(['entity', 'hour']).doUpdateSet({
          inflow_drops: (inflowXrp * XRP).toString(),
          outflow_drops: (outflowXrp * XRP).toString(),
        }),
      )
      .execute();
  const run = (now: Date) => evaluateFlowAlerts({ db: app.handle.db, logger }, () => now);

  it('fires when the 24-hour net reaches the target, once, and again only after falling back below', async () => {
    const now = new Date();
    const thisHour = hourOf(now);
    // Older than 24 hours: not summed.
    await flows(new Date(thisHour.getTime() - 24 * HOUR), 500_000_000n, 0n);
    await flows(new Date(thisHour.getTime() - 3 * HOUR), 4_000_000n, 1_000_000n);
    const inflow = await setRule({ kind: 'exchange_netflow', direction: 'in', target: 10_000_000 });
    const outflow = await setRule({ kind: 'exchange_netflow', direction: 'out', target: 1_000_000 });
    const either = await setRule({ kind: 'exchange_netflow', direction: 'either', target: 2_000_000 });
    // Set while the net inflow (3M) was above 2M: it starts on that side and waits for the next crossing.
    expect([inflow.lastSide, outflow.lastSide, either.lastSide]).toEqual(['below', 'below', 'above']);
    expect(await run(now)).toBe(0);

    await flows(thisHour, 9_000_000n, 500_000n, 'Kraken');
    expect(await run(now)).toBe(1);
    const since = new Date(thisHour.getTime() - 23 * HOUR);
    expect(await alertsOf()).toEqual([
      {
        type: 'whale',
        title: "Exchanges' net inflow reached 11.5M XRP in 24 hours",
        body:
          `Named exchanges received 13,000,000 XRP and sent 1,500,000 XRP from ${utc(since)} to ${utc(now)}: ` +
          'a net inflow of 11,500,000 XRP, at or above your 10,000,000 XRP target.',
        url: '/whales',
      },
    ]);
    // Still above: no second alert.
    expect(await run(new Date(now.getTime() + 60_000))).toBe(0);
    // Back below, then above again: it fires again.
    await flows(thisHour, 1_000_000n, 500_000n, 'Kraken');
    expect(await run(new Date(now.getTime() + 120_000))).toBe(0);
    await flows(thisHour, 20_000_000n, 500_000n, 'Kraken');
    expect(await run(new Date(now.getTime() + 180_000))).toBe(1);
    expect(await alertsOf()).toHaveLength(2);
  });

  it('plans the email of a member who wants whale alerts mailed', async () => {
    expect(
      (await app.client(member.cookie).preferences.$patch({ json: { notificationEmailWhaleAlerts: true } }))
        .status,
    ).toBe(200);
    const now = new Date();
    await setRule({ kind: 'exchange_netflow', direction: 'out', target: 5_000_000 });
    await flows(hourOf(now), 0n, 6_000_000n);
    expect(await run(now)).toBe(1);
    const deliveries = await app.handle.db
      .selectFrom('notification_deliveries')
      .select(['channel', 'status'])
      .where('user_id', '=', member.userId)
      .execute();
    expect(deliveries).toContainEqual({ channel: 'email', status: 'pending' });
  });
});

describe('exchange reserves', () => {
  let ledger = 1000;
  const reading = (entity: string, at: Date, xrp: bigint, accountsKey: string | null = null) => {
    ledger += 1;
    return app.handle.db
      .insertInto('exchange_reserves')
      .values({
        entity,
        ledger_index: ledger,
        read_at: at,
        balance_drops: (xrp * XRP).toString(),
        accounts: 2,
        accounts_key: accountsKey,
      })
      .execute();
  };
  const run = (now: Date) => evaluateFlowAlerts({ db: app.handle.db, logger }, () => now);

  it('fires on a move against the reading a day older, once, with both balances and its dollar value', async () => {
    const now = new Date();
    const latestAt = new Date(now.getTime() - 10 * 60_000);
    const olderAt = new Date(latestAt.getTime() - 25 * HOUR);
    const priceAt = new Date(now.getTime() - 5 * 60_000);
    await app.handle.db
      .insertInto('market_history')
      .values({ symbol: 'XRP', ts: priceAt, price: '2' })
      .execute();
    await reading('Binance', olderAt, 2_000_000_000n);
    // Less than a day before the latest: not the one compared with.
    await reading('Binance', new Date(latestAt.getTime() - 2 * HOUR), 1_990_000_000n);
    await reading('Binance', latestAt, 1_880_000_000n);
    await setRule({ kind: 'reserve_change', entity: 'Binance', percent: 5, direction: 'either' });
    await setRule({ kind: 'reserve_change', entity: 'Binance', percent: 5, direction: 'up' });
    await setRule({ kind: 'reserve_change', entity: 'Binance', percent: 7, direction: 'down' });

    expect(await run(now)).toBe(1);
    expect(await alertsOf()).toEqual([
      {
        type: 'whale',
        title: "Binance's reserve fell 6.00% in 24 hours",
        body:
          `Binance held 2,000,000,000 XRP at ${utc(olderAt)} and 1,880,000,000 XRP at ${utc(latestAt)}: ` +
          `-120,000,000 XRP (-6.00%). Value of the change: -$240.0M at $2.0000 per XRP (latest stored price, ${utc(priceAt)}).`,
        url: '/whales',
      },
    ]);
    // The same reading, and the next one within the day: one move alerts once.
    expect(await run(new Date(now.getTime() + 5 * 60_000))).toBe(0);
    await reading('Binance', new Date(now.getTime() + 50 * 60_000), 1_870_000_000n);
    expect(await run(new Date(now.getTime() + 55 * 60_000))).toBe(0);
    expect(await alertsOf()).toHaveLength(1);
  });

  it('stays quiet with no reading a day older, an older balance of 0, or a stale latest reading', async () => {
    const now = new Date();
    await setRule({ kind: 'reserve_change', entity: 'Kraken', percent: 1 });
    await setRule({ kind: 'reserve_change', entity: 'Bitstamp', percent: 1 });
    await setRule({ kind: 'reserve_change', entity: 'Uphold', percent: 1 });
    await reading('Kraken', new Date(now.getTime() - 20 * HOUR), 100n);
    await reading('Kraken', new Date(now.getTime() - 60_000), 300n);
    await reading('Bitstamp', new Date(now.getTime() - 30 * HOUR), 0n);
    await reading('Bitstamp', new Date(now.getTime() - 60_000), 300n);
    await reading('Uphold', new Date(now.getTime() - 30 * HOUR), 100n);
    await reading('Uphold', new Date(now.getTime() - 3 * HOUR), 300n);
    expect(await run(now)).toBe(0);
    expect(await alertsOf()).toEqual([]);
  });

  it('stays quiet when the two readings summed other accounts (a name added, retired or merged)', async () => {
    const now = new Date();
    await setRule({ kind: 'reserve_change', entity: 'Gate.io', percent: 1 });
    await reading('Gate.io', new Date(now.getTime() - 25 * HOUR), 100n, 'accounts-a-b');
    await reading('Gate.io', new Date(now.getTime() - 60_000), 900n, 'accounts-a-c');
    expect(await run(now)).toBe(0);
    expect(await alertsOf()).toEqual([]);
  });

  it('does not alert a member who is no longer Premium', async () => {
    const now = new Date();
    const lapsed = await app.signedInUser({ plan: 'premium' });
    await setRule({ kind: 'reserve_change', entity: 'Kraken', percent: 1 }, lapsed.cookie);
    await app.handle.db
      .updateTable('profiles')
      .set({ subscription_plan: 'free' })
      .where('user_id', '=', lapsed.userId)
      .execute();
    await reading('Kraken', new Date(now.getTime() - 26 * HOUR), 100n);
    await reading('Kraken', new Date(now.getTime() - 60_000), 300n);
    expect(await run(now)).toBe(0);
  });
});
