import type { Client } from 'xrpl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMovements } from '@/domain/portfolio/account-tx';
import { accountReserve } from '@/domain/portfolio/reserves';
import { valueToken } from '@/domain/portfolio/tokens';
import { ALICE, BOB, RLUSD, SOLO, UNFUNDED } from '../../../tests/support/ledger-accounts';
import { startFakeRippled, type FakeRippled } from '../../../tests/support/fake-rippled';
import {
  AccountNotFoundError,
  readAccount,
  readAccountTx,
  readReserves,
  readTokenMarket,
  readTrustLines,
} from './xrpl-accounts';
import { connectXrpl } from './xrpl';
import { createLogger } from '../lib/logger';

let rippled: FakeRippled;
let client: Client;

beforeAll(async () => {
  rippled = await startFakeRippled();
  rippled.addLedger(99_100_124, []);
  rippled.setAccount(ALICE, {
    balanceDrops: 742_318_409n,
    ownerCount: 3,
    lines: [
      { token: RLUSD, balance: '125.5', limit: '100000' },
      { token: SOLO, balance: '4000', limit: '1000000000' },
    ],
  });
  rippled.setAccount(BOB, { balanceDrops: 10_000_000_000n });
  rippled.setPool(RLUSD, { xrpDrops: 2_350_000_000_000n, tokenValue: '1000000' });
  client = await connectXrpl([rippled.url], createLogger('silent'));
});

afterAll(async () => {
  await client.disconnect();
  await rippled.close();
});

describe('reading a watched account with xrpl.js', () => {
  it("reads the balance, owner count and the ledger's reserves, and what is spendable", async () => {
    const root = await readAccount(client, ALICE);
    expect(root).toMatchObject({ balanceDrops: 742_318_409n, ownerCount: 3 });
    const reserves = await readReserves(client);
    expect(reserves).toEqual({ baseDrops: 1_000_000n, perObjectDrops: 200_000n });
    expect(accountReserve(root.balanceDrops, root.ownerCount, reserves).spendableDrops).toBe(740_718_409n);
    // Validators vote new reserves: the next read has them.
    rippled.setReserves(10_000_000, 2_000_000);
    expect(await readReserves(client)).toEqual({ baseDrops: 10_000_000n, perObjectDrops: 2_000_000n });
    rippled.setReserves(1_000_000, 200_000);
  });

  it('tells an unfunded address from a failure', async () => {
    await expect(readAccount(client, UNFUNDED)).rejects.toBeInstanceOf(AccountNotFoundError);
  });

  it('lists the trust lines and values them from the pool, or says why not', async () => {
    const lines = await readTrustLines(client, ALICE);
    expect(lines).toEqual([
      { token: RLUSD, balance: '125.5' },
      { token: SOLO, balance: '4000' },
    ]);
    const rlusd = valueToken(RLUSD, await readTokenMarket(client, RLUSD));
    expect(rlusd).toEqual({ xrpPerToken: expect.closeTo(2.35, 12), source: 'amm' });
    expect(valueToken(SOLO, await readTokenMarket(client, SOLO))).toEqual({
      xrpPerToken: null,
      reason: 'No XRP/SOLO pool or order book on the ledger',
    });
    rippled.setBook(SOLO, 'buying', [{ xrpDrops: 90_000_000n, tokenValue: '1000' }]);
    rippled.setBook(SOLO, 'selling', [{ xrpDrops: 110_000_000n, tokenValue: '1000' }]);
    expect(valueToken(SOLO, await readTokenMarket(client, SOLO))).toEqual({
      xrpPerToken: expect.closeTo(0.1, 12),
      source: 'order-book',
    });
  });

  it('sees a payment the ledger made, newest first, page by page', async () => {
    rippled.pay({ from: BOB, to: ALICE, drops: 300_000_000n, at: '2025-12-10T16:00:03.000Z' });
    rippled.pay({ from: ALICE, to: BOB, drops: 50_000_000n, at: '2025-12-11T16:00:03.000Z' });
    const first = await readAccountTx(client, ALICE, { limit: 1 });
    expect(first.marker).toBeTruthy();
    const second = await readAccountTx(client, ALICE, { limit: 1, marker: first.marker });
    expect(second.marker).toBeUndefined();
    const movements = accountMovements(ALICE, [...first.transactions, ...second.transactions]);
    expect(
      movements.map((movement) => [movement.direction, movement.deliveredDrops, movement.balanceAfterDrops]),
    ).toEqual([
      ['out', 50_000_000n, 742_318_409n + 300_000_000n - 50_000_012n],
      ['in', 300_000_000n, 742_318_409n + 300_000_000n],
    ]);
    expect((await readAccount(client, ALICE)).balanceDrops).toBe(742_318_409n + 300_000_000n - 50_000_012n);
  });
});
