import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LSF_REQUIRE_DEST_TAG } from '@/domain/known-accounts/flow-kind';
import type { WhalePage } from '@/domain/whales/whales.schema';
import { startFakeRippled, type FakeRippled } from '../../../tests/support/fake-rippled';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

// Accounts no one has named: a deposit-style address that refuses untagged payments, one that does
// not, and their payer.
const DEPOSITS = 'rGB4YrgZh36s4KUFH3p9WD554QsYkNv4rQ';
const OPEN = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const PAYER = 'rpexHC5S9a6ez8Wvw9L46miQaUM9PQrdg8';
const XRP = 1_000_000n;

let rippled: FakeRippled;
let app: TestApp;

const catchUp = async () => {
  const outcome = await app.syncSource('xrpl_whales');
  expect(outcome.status !== 'skipped' && outcome.log.status).toBe('success');
};

beforeAll(async () => {
  rippled = await startFakeRippled();
  for (let index = 970; index <= 1000; index += 1) rippled.addLedger(index, [], '2026-11-20T09:00:00Z');
  rippled.setAccount(PAYER, { balanceDrops: 500_000_000n * XRP });
  rippled.setAccount(DEPOSITS, { balanceDrops: 10n * XRP, flags: LSF_REQUIRE_DEST_TAG });
  rippled.setAccount(OPEN, { balanceDrops: 10n * XRP });
  app = await createTestApp({ env: { XRPL_WS_URL: rippled.url, XRPL_WS_FALLBACK_URL: rippled.url } });
  await catchUp();
});
afterAll(async () => {
  await app?.close();
  await rippled?.close();
});

async function latest(cookie: string, address: string) {
  const response = await app.request(`/api/whales/history?address=${address}&limit=1`, { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as WhalePage).items[0];
}

describe('the ledger’s evidence about unnamed accounts', () => {
  it('calls an account that requires destination tags and got 20 differently tagged whales likely an exchange, and no more', async () => {
    const premium = await app.signedInUser({ plan: 'premium' });
    for (let tag = 1; tag <= 19; tag += 1)
      rippled.pay({ from: PAYER, to: DEPOSITS, drops: 1_000_000n * XRP, destinationTag: 1000 + tag });
    // The same tag again is no new depositor.
    rippled.pay({ from: PAYER, to: DEPOSITS, drops: 1_000_000n * XRP, destinationTag: 1001 });
    for (let tag = 1; tag <= 25; tag += 1)
      rippled.pay({ from: PAYER, to: OPEN, drops: 1_000_000n * XRP, destinationTag: tag });
    await catchUp();

    const nineteen = await latest(premium.cookie, DEPOSITS);
    expect(nineteen?.to).toBeNull();
    expect(nineteen?.toEvidence).toEqual({
      requiresDestinationTag: true,
      distinctTagsReceived: 19,
      likelyExchange: false,
    });
    // Tagged payments alone are no evidence: this account takes untagged ones too.
    expect((await latest(premium.cookie, OPEN))?.toEvidence).toEqual({
      requiresDestinationTag: false,
      distinctTagsReceived: 25,
      likelyExchange: false,
    });

    rippled.pay({ from: PAYER, to: DEPOSITS, drops: 2_000_000n * XRP, destinationTag: 1020 });
    await catchUp();
    const twenty = await latest(premium.cookie, DEPOSITS);
    // Every payment to it shows what is known now (the count covers them all).
    expect(twenty).toMatchObject({
      kind: 'wallet_to_wallet',
      toEvidence: { requiresDestinationTag: true, distinctTagsReceived: 20, likelyExchange: true },
    });
    // The payer's side: it requires no tag and received none here.
    expect(twenty?.fromEvidence).toEqual({
      requiresDestinationTag: false,
      distinctTagsReceived: 0,
      likelyExchange: false,
    });
    // Evidence is never a name: no exchange's flows count it.
    expect(
      await app.handle.db
        .selectFrom('exchange_payments')
        .select('transaction_hash')
        .where('to_address', '=', DEPOSITS)
        .execute(),
    ).toEqual([]);
  });
});
