import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADDRESS_CHECKSUM,
  ADDRESS_NOT_FOUND,
  WATCHED_ACCOUNTS_MAX,
  type WatchedAccountView,
} from '@/domain/portfolio/portfolio.schema';
import { ALICE, BOB, RLUSD, SOLO, UNFUNDED } from '../../../../tests/support/ledger-accounts';
import { startFakeRippled, type FakeRippled } from '../../../../tests/support/fake-rippled';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { markTouched, refreshDueAccounts } from './ledger-refresh.service';

let rippled: FakeRippled;
let app: TestApp;
let member: { cookie: string; userId: string };

beforeAll(async () => {
  rippled = await startFakeRippled();
  rippled.addLedger(99_100_124, []);
  rippled.setAccount(BOB, { balanceDrops: 10_000_000_000n });
  rippled.setAccount(ALICE, {
    balanceDrops: 442_318_421n,
    ownerCount: 3,
    lines: [
      { token: RLUSD, balance: '125.5', limit: '100000' },
      { token: SOLO, balance: '4000', limit: '1000000000' },
    ],
  });
  rippled.pay({ from: BOB, to: ALICE, drops: 300_000_000n, at: '2025-12-10T16:00:03.000Z' });
  rippled.setPool(RLUSD, { xrpDrops: 2_350_000_000_000n, tokenValue: '1000000' });
  app = await createTestApp({ env: { XRPL_WS_URL: rippled.url, XRPL_WS_FALLBACK_URL: rippled.url } });
  member = await app.signedInUser({ plan: 'premium' });
});

afterAll(async () => {
  await app.close();
  await rippled.close();
});

const accounts = (cookie: string) => app.client(cookie).portfolio.accounts;
const deps = () => ({ db: app.handle.db, ledger: app.deps.ledger, logger: app.deps.logger });

describe('watched accounts', () => {
  let alice: WatchedAccountView;

  it('reads a new account from the ledger: balance, reserve from the voted values, tokens, payments', async () => {
    const added = await accounts(member.cookie).$post({
      json: { address: ` ${ALICE} `, label: 'Cold wallet' },
    });
    expect(added.status).toBe(201);
    alice = (await added.json()) as WatchedAccountView;
    expect(alice).toMatchObject({
      address: ALICE,
      destinationTag: null,
      label: 'Cold wallet',
      url: `https://livenet.xrpl.org/accounts/${ALICE}`,
      balanceXrp: '742.318421',
      ownerCount: 3,
      // 1 XRP base + 3 × 0.2 XRP, as server_state says today.
      reserveXrp: '1.6',
      spendableXrp: '740.718421',
      refreshError: null,
    });
    expect(alice.tokens).toEqual([
      expect.objectContaining({
        name: 'RLUSD',
        balance: '125.5',
        xrpPerToken: expect.closeTo(2.35, 9),
        priceSource: 'amm',
      }),
      expect.objectContaining({
        name: 'SOLO',
        xrpPerToken: null,
        valueXrp: null,
        unvaluedReason: 'No XRP/SOLO pool or order book on the ledger',
      }),
    ]);
    expect(alice.tokens[0]!.valueXrp).toBeCloseTo(294.925, 9);
    expect(alice.payments).toEqual([
      expect.objectContaining({
        direction: 'in',
        amountXrp: '300',
        counterparty: BOB,
        at: '2025-12-10T16:00:03.000Z',
      }),
    ]);
  });

  it('refuses a typo, an unfunded address, and an account already watched, with why', async () => {
    const typo = await accounts(member.cookie).$post({
      json: { address: 'rJj93v2nvi2kFCYNKUDBmFpM2AVQpkByNQ', label: 'Typo' },
    });
    expect(typo.status).toBe(422);
    expect(await typo.text()).toContain(ADDRESS_CHECKSUM);
    const unfunded = await accounts(member.cookie).$post({ json: { address: UNFUNDED, label: 'Empty' } });
    expect(unfunded.status).toBe(422);
    expect(await unfunded.text()).toContain(ADDRESS_NOT_FOUND);
    const twice = await accounts(member.cookie).$post({ json: { address: ALICE, label: 'Again' } });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain('You already watch this account, as \\"Cold wallet\\"');
  });

  it('sees a payment the ledger made once the account is due, and voted reserves as they change', async () => {
    rippled.pay({ from: ALICE, to: BOB, drops: 50_000_000n, at: '2025-12-11T16:00:03.000Z' });
    rippled.setReserves(2_000_000, 500_000);
    expect(await markTouched(app.handle.db, [ALICE, BOB])).toBe(1);
    expect(await refreshDueAccounts(deps())).toBe(1);
    const [account] = (await (await accounts(member.cookie).$get()).json()).accounts;
    expect(account).toMatchObject({
      balanceXrp: '692.318409',
      reserveXrp: '3.5',
      spendableXrp: '688.818409',
    });
    expect(account!.payments.map((payment) => [payment.direction, payment.amountXrp])).toEqual([
      ['out', '50'],
      ['in', '300'],
    ]);
    // Seen live, not read as history: it is queued for the "watched account moves" alerts.
    const queued = await app.handle.db
      .selectFrom('alert_queue')
      .select('kind')
      .where('kind', '=', 'account_tx')
      .execute();
    expect(queued).toHaveLength(1);
    rippled.setReserves(1_000_000, 200_000);
  });

  it('keeps the last reading and says why when the ledger cannot be read', async () => {
    rippled.hangUp(true);
    await app.handle.db
      .updateTable('watched_accounts')
      .set({ refresh_due_at: new Date(0) })
      .execute();
    await refreshDueAccounts(deps());
    rippled.hangUp(false);
    const [account] = (await (await accounts(member.cookie).$get()).json()).accounts;
    expect(account!.balanceXrp).toBe('692.318409');
    expect(account!.refreshError).toBe(
      'The XRP Ledger could not be read (the connection to it was lost); trying again in 2 minutes',
    );
  });

  it('renames and removes only your own accounts', async () => {
    const other = await app.signedInUser({ plan: 'premium' });
    expect((await (await accounts(other.cookie).$get()).json()).accounts).toEqual([]);
    const steal = await accounts(other.cookie)[':id'].$patch({
      param: { id: alice.id },
      json: { label: 'Mine' },
    });
    expect(steal.status).toBe(404);
    expect((await accounts(other.cookie)[':id'].$delete({ param: { id: alice.id } })).status).toBe(404);
    const renamed = await accounts(member.cookie)[':id'].$patch({
      param: { id: alice.id },
      json: { label: 'Ledger' },
    });
    expect(((await renamed.json()) as WatchedAccountView).label).toBe('Ledger');
    expect((await accounts(member.cookie)[':id'].$delete({ param: { id: alice.id } })).status).toBe(204);
    expect((await (await accounts(member.cookie).$get()).json()).accounts).toEqual([]);
  });

  it(`watches at most ${WATCHED_ACCOUNTS_MAX} accounts, and says so`, async () => {
    const busy = await app.signedInUser({ plan: 'premium' });
    await app.handle.db
      .insertInto('watched_accounts')
      .values(
        Array.from({ length: WATCHED_ACCOUNTS_MAX }, (_, index) => ({
          user_id: busy.userId,
          address: `r${String(index).padStart(25, 'x')}`,
          label: `Account ${index}`,
        })),
      )
      .execute();
    const past = await accounts(busy.cookie).$post({ json: { address: ALICE, label: 'One more' } });
    expect(past.status).toBe(409);
    expect(await past.text()).toContain('You can watch at most 20 accounts');
  });
});
