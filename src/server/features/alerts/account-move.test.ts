import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeRule, type AlertRule, type NotificationList } from '@/domain/alerts/alerts.schema';
import type { WatchedAccountView } from '@/domain/portfolio/portfolio.schema';
import { startFakeRippled, type FakeRippled } from '../../../../tests/support/fake-rippled';
import { ALICE, BOB } from '../../../../tests/support/ledger-accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { createLogger } from '../../lib/logger';
import { refreshDueAccounts } from '../portfolio';
import { drainAlertQueue } from './evaluate.service';

/**
 * The "watched account moves" rule end to end: a payment in a validated ledger, found by the ledger
 * catch-up, read from the account's `account_tx`, evaluated by the alert engine.
 */
let rippled: FakeRippled;
let app: TestApp;
let member: { cookie: string; userId: string };
let alice: WatchedAccountView;
const logger = createLogger('silent');

beforeAll(async () => {
  rippled = await startFakeRippled();
  // The catch-up's first run reads the last 20 ledgers.
  for (let index = 99_100_100; index <= 99_100_124; index += 1) rippled.addLedger(index, []);
  rippled.setAccount(BOB, { balanceDrops: 50_000_000_000n });
  rippled.setAccount(ALICE, { balanceDrops: 1_000_000_000n });
  // History before the member watched the account: read on the first reading, never alerted.
  rippled.pay({ from: BOB, to: ALICE, drops: 900_000_000n, at: new Date(Date.now() - 60_000).toISOString() });
  app = await createTestApp({ env: { XRPL_WS_URL: rippled.url, XRPL_WS_FALLBACK_URL: rippled.url } });
  member = await app.signedInUser({ plan: 'premium' });
  const added = await app
    .client(member.cookie)
    .portfolio.accounts.$post({ json: { address: ALICE, label: 'Savings' } });
  expect(added.status).toBe(201);
  alice = (await added.json()) as WatchedAccountView;
});
afterAll(async () => {
  await app?.close();
  await rippled?.close();
});
beforeEach(async () => {
  await app.handle.db.deleteFrom('alert_rules').execute();
  await app.handle.db.deleteFrom('notifications').execute();
});

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;
const rules = (cookie: string) => app.client(cookie).alerts.rules;
const moveRule = (watchedAccountId: string, direction: 'in' | 'out' | 'either', target: number) =>
  ({ kind: 'account_move', watchedAccountId, direction, target }) as const;

/** What happens after a ledger closes: the catch-up scans it, the touched account is read, rules run. */
async function ledgerCloses() {
  const outcome = await app.syncSource('xrpl_whales');
  expect(outcome.status !== 'skipped' && outcome.log).toMatchObject({
    status: 'success',
    error_message: null,
  });
  const read = await refreshDueAccounts({ db: app.handle.db, ledger: app.deps.ledger, logger });
  await drainAlertQueue({ db: app.handle.db, logger });
  return read;
}

async function alertsOf(cookie: string) {
  const response = await app.client(cookie).notifications.$get({ query: {} });
  expect(response.status).toBe(200);
  const { items } = (await response.json()) as NotificationList;
  return items.map(({ title, body, url }) => ({ title, body, url }));
}

describe('watched account moves', () => {
  it('fires once for a live payment over the threshold, in the rule’s direction, with the explorer link', async () => {
    expect((await rules(member.cookie).$post({ json: moveRule(alice.id, 'in', 100) })).status).toBe(201);
    expect((await rules(member.cookie).$post({ json: moveRule(alice.id, 'out', 1) })).status).toBe(201);
    expect((await rules(member.cookie).$post({ json: moveRule(alice.id, 'either', 1000) })).status).toBe(201);
    // The alerts list names the account, so two accounts' rules can be told apart.
    const listed = (await (await rules(member.cookie).$get()).json()) as { rules: AlertRule[] };
    expect(listed.rules.map((rule) => [rule.watchedAccountLabel, describeRule(rule)])).toContainEqual([
      'Savings',
      'A payment of 100 XRP or more into Savings',
    ]);
    // The history read when the account was added never alerts.
    await drainAlertQueue({ db: app.handle.db, logger });
    expect(await alertsOf(member.cookie)).toEqual([]);

    const hash = rippled.pay({ from: BOB, to: ALICE, drops: 250_000_000n });
    // The catch-up found the ledger touched Alice, so she was read at once, not at her quarter hour.
    expect(await ledgerCloses()).toBe(1);
    const alerts = await alertsOf(member.cookie);
    // Only the incoming rule over 100 XRP: not the outgoing one, not the one over 1,000 XRP.
    expect(alerts).toEqual([
      {
        title: '250 XRP received by Savings',
        body: `${short(BOB)} sent 250 XRP to your watched account Savings (${short(ALICE)}).`,
        url: `https://livenet.xrpl.org/transactions/${hash}`,
      },
    ]);
    // Read again (nothing new on the ledger): the same payment does not fire twice.
    await app.handle.db
      .updateTable('watched_accounts')
      .set({ refresh_due_at: new Date(0) })
      .execute();
    await ledgerCloses();
    expect(await alertsOf(member.cookie)).toHaveLength(1);
  });

  it('fires the outgoing rule on a payment out', async () => {
    expect((await rules(member.cookie).$post({ json: moveRule(alice.id, 'out', 5) })).status).toBe(201);
    rippled.pay({ from: ALICE, to: BOB, drops: 5_000_000n });
    await ledgerCloses();
    expect((await alertsOf(member.cookie)).map((alert) => alert.title)).toEqual(['5 XRP sent from Savings']);
  });

  it('is Premium, and only on the member’s own watched accounts', async () => {
    const free = await app.signedInUser();
    const refused = await rules(free.cookie).$post({ json: moveRule(alice.id, 'in', 1) });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'Percentage, Fear & Greed and watched-account alerts require Premium.',
    );
    const other = await app.signedInUser({ plan: 'premium' });
    const theirs = await rules(other.cookie).$post({ json: moveRule(alice.id, 'in', 1) });
    expect(theirs.status).toBe(404);
    expect(((await theirs.json()) as { error: { message: string } }).error.message).toBe(
      'No such watched account of yours',
    );
  });

  it('stops when the member is no longer Premium', async () => {
    expect((await rules(member.cookie).$post({ json: moveRule(alice.id, 'either', 1) })).status).toBe(201);
    await app.handle.db
      .updateTable('profiles')
      .set({ subscription_plan: 'free' })
      .where('user_id', '=', member.userId)
      .execute();
    rippled.pay({ from: BOB, to: ALICE, drops: 10_000_000n });
    await ledgerCloses();
    await app.handle.db
      .updateTable('profiles')
      .set({ subscription_plan: 'premium' })
      .where('user_id', '=', member.userId)
      .execute();
    expect(await alertsOf(member.cookie)).toEqual([]);
  });
});
