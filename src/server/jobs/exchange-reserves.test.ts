import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curatedAccounts } from '@/domain/known-accounts/curated';
import { startFakeRippled, type FakeRippled } from '../../../tests/support/fake-rippled';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

// Named exchange accounts from the list the site ships with (added at every start).
const BINANCE = 'rs8ZPbYqgecRcDzQpJYAMhSxSi5htsjnza';
const BINANCE_9 = 'rBtttd61FExHC68vsZ8dqmS3DfjFEceA1A';
const KRAKEN = 'rEvuKRoEbZSbM5k5Qe5eTD9BixZXsfkxHf';

const XRP = 1_000_000n;
const HOUR = 3_600_000;
const named = (entity: string) => curatedAccounts.filter((account) => account.entity === entity).length;

let rippled: FakeRippled;
let app: TestApp;

async function runReserves() {
  const outcome = await app.syncSource('xrpl_reserves');
  if (outcome.status === 'skipped') throw new Error('the run was skipped');
  return outcome.log;
}

const readings = () =>
  app.handle.db
    .selectFrom('exchange_reserves')
    .select(['entity', 'ledger_index', 'balance_drops', 'accounts'])
    .orderBy('ledger_index')
    .orderBy('entity')
    .execute();

/** A ledger closed `hoursAgo` hours before now, the latest validated one. */
const closeLedger = (index: number, hoursAgo: number) =>
  rippled.addLedger(
    index,
    [],
    new Date(Date.now() - hoursAgo * HOUR).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  );

beforeAll(async () => {
  rippled = await startFakeRippled();
  closeLedger(1000, 25);
  rippled.setAccount(BINANCE, { balanceDrops: 1_000_000n * XRP });
  rippled.setAccount(BINANCE_9, { balanceDrops: 200_000n * XRP });
  rippled.setAccount(KRAKEN, { balanceDrops: 300_000n * XRP });
  app = await createTestApp({ env: { XRPL_WS_URL: rippled.url, XRPL_WS_FALLBACK_URL: rippled.url } });
});
afterAll(async () => {
  await app?.close();
  await rippled?.close();
});

describe('exchange reserves', () => {
  it('sum each exchange’s named accounts at one validated ledger; an address the ledger lacks holds 0', async () => {
    const log = await runReserves();
    expect(log.status).toBe('success');
    const exchanges = new Set(curatedAccounts.filter((a) => a.category === 'exchange').map((a) => a.entity));
    const total = curatedAccounts.filter((a) => a.category === 'exchange').length;
    // Three of them are on the fake ledger.
    expect(log.details).toBe(
      `${exchanges.size} exchanges, ${total} accounts at ledger 1000; ${total - 3} not on the ledger (counted as 0 XRP)`,
    );
    const rows = await readings();
    expect(rows).toHaveLength(exchanges.size);
    expect(rows.find((row) => row.entity === 'Binance')).toEqual({
      entity: 'Binance',
      ledger_index: 1000,
      balance_drops: String(1_200_000n * XRP),
      accounts: named('Binance'),
    });
    expect(rows.find((row) => row.entity === 'Kraken')?.balance_drops).toBe(String(300_000n * XRP));
    expect(rows.find((row) => row.entity === 'Bitstamp')?.balance_drops).toBe('0');
  });

  it('add nothing when read again at the same ledger, and keep the last reading when the ledger fails', async () => {
    const before = await readings();
    expect((await runReserves()).records_processed).toBe(0);
    rippled.hangUp(true);
    try {
      expect((await runReserves()).status).toBe('error');
    } finally {
      rippled.hangUp(false);
    }
    expect(await readings()).toEqual(before);
  });

  it('are served with each exchange’s change over 24 hours; a retired name leaves the next reading', async () => {
    rippled.setAccount(BINANCE, { balanceDrops: 1_300_000n * XRP });
    closeLedger(1001, 1);
    expect((await runReserves()).status).toBe('success');
    const premium = await app.signedInUser({ plan: 'premium' });
    const week = await app.request('/api/flows/reserves?range=7d', { cookie: premium.cookie });
    expect(week.status).toBe(200);
    const body = await week.json();
    expect(body).toMatchObject({ range: '7d', bucket: 'hour', latest: { ledgerIndex: 1001 } });
    expect(body.series.map((point: { ledgerIndex: number; balanceXrp: string }) => point)).toEqual([
      expect.objectContaining({ ledgerIndex: 1000, balanceXrp: '1500000' }),
      expect.objectContaining({ ledgerIndex: 1001, balanceXrp: '1800000' }),
    ]);
    // By the member's days: the two readings are a day apart, so on two days in any zone.
    const month = await app.request('/api/flows/reserves?range=30d&tz=Asia/Tokyo', {
      cookie: premium.cookie,
    });
    expect(month.status).toBe(200);
    expect((await month.json()).series.map((point: { ledgerIndex: number }) => point.ledgerIndex)).toEqual([
      1000, 1001,
    ]);
    // Binance: 1.2M a day and an hour before, 1.5M now.
    expect(body.exchanges.slice(0, 2)).toEqual([
      {
        entity: 'Binance',
        balanceXrp: '1500000',
        accounts: named('Binance'),
        change24hXrp: '300000',
        change24hPercent: 25,
        change24hUnknown: null,
      },
      {
        entity: 'Kraken',
        balanceXrp: '300000',
        accounts: named('Kraken'),
        change24hXrp: '0',
        change24hPercent: 0,
        change24hUnknown: null,
      },
    ]);
    // An exchange that held nothing then has no percentage of change.
    expect(body.exchanges.find((row: { entity: string }) => row.entity === 'Bitstamp')).toMatchObject({
      balanceXrp: '0',
      change24hXrp: '0',
      change24hPercent: null,
    });

    await app.handle.db
      .updateTable('known_accounts')
      .set({ retired_at: new Date() })
      .where('entity', '=', 'Kraken')
      .execute();
    closeLedger(1002, 0);
    expect((await runReserves()).status).toBe('success');
    const after = await (
      await app.request('/api/flows/reserves?range=24h', { cookie: premium.cookie })
    ).json();
    expect(after.latest.ledgerIndex).toBe(1002);
    expect(after.exchanges.map((row: { entity: string }) => row.entity)).not.toContain('Kraken');
  });

  it('compare two readings only when they summed the same accounts: a new name is not XRP that moved', async () => {
    // An admin names one more Binance account holding 5M XRP: the sum jumps with no XRP moving.
    const extra = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
    rippled.setAccount(extra, { balanceDrops: 5_000_000n * XRP });
    await app.handle.db
      .insertInto('known_accounts')
      .values({
        address: extra,
        label: 'Binance 99',
        entity: 'Binance',
        category: 'exchange',
        source_name: 'Test',
        source_url: 'https://example.com/binance-99',
        origin: 'admin',
      })
      .execute();
    closeLedger(1003, 0);
    expect((await runReserves()).status).toBe('success');
    const premium = await app.signedInUser({ plan: 'premium' });
    const body = await (
      await app.request('/api/flows/reserves?range=24h', { cookie: premium.cookie })
    ).json();
    expect(body.exchanges.find((row: { entity: string }) => row.entity === 'Binance')).toEqual({
      entity: 'Binance',
      balanceXrp: '6500000',
      accounts: named('Binance') + 1,
      change24hXrp: null,
      change24hPercent: null,
      change24hUnknown: 'accounts_changed',
    });
    // The same accounts as a day before: compared as ever.
    expect(body.exchanges.find((row: { entity: string }) => row.entity === 'Bitstamp')).toMatchObject({
      change24hXrp: '0',
      change24hUnknown: null,
    });
  });

  it('are refused to visitors and free members, and a range it does not know is a clear 422', async () => {
    expect((await app.request('/api/flows/reserves')).status).toBe(401);
    const free = await app.signedInUser();
    expect((await app.request('/api/flows/reserves', { cookie: free.cookie })).status).toBe(403);
    const premium = await app.signedInUser({ plan: 'premium' });
    const wrong = await app.request('/api/flows/reserves?range=2w', { cookie: premium.cookie });
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain('range');
  });
});
