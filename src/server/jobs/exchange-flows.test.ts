import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRippled, type FakeRippled } from '../../../tests/support/fake-rippled';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { hourlyFlowsFromPayments, pruneExchangePayments, storedHourlyFlows } from '../features/whales';

// Named exchange accounts from the list the site ships with (added at every start).
const BINANCE = 'rs8ZPbYqgecRcDzQpJYAMhSxSi5htsjnza';
const BINANCE_9 = 'rBtttd61FExHC68vsZ8dqmS3DfjFEceA1A';
const UPHOLD = 'rsXT3AQqhHDusFs3nQQuwcA1yXRLZJAXKw';
const KRAKEN = 'rEvuKRoEbZSbM5k5Qe5eTD9BixZXsfkxHf';
const BITSTAMP = 'rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B';
// Accounts no one has named.
const ALICE = 'rpexHC5S9a6ez8Wvw9L46miQaUM9PQrdg8';
const BOB = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

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
  for (const address of [ALICE, BOB, BINANCE, BINANCE_9, UPHOLD, KRAKEN, BITSTAMP])
    rippled.setAccount(address, { balanceDrops: 50_000_000n * XRP });
  app = await createTestApp({ env: { XRPL_WS_URL: rippled.url, XRPL_WS_FALLBACK_URL: rippled.url } });
  await catchUp();
  // 09:00–10:00 UTC
  rippled.pay({
    from: ALICE,
    to: BINANCE,
    drops: 500n * XRP,
    destinationTag: 104422,
    at: '2026-11-20T09:05:00Z',
  });
  rippled.pay({ from: BINANCE_9, to: BOB, drops: 300n * XRP, at: '2026-11-20T09:10:00Z' });
  // Internal: between two Binance accounts, a whale, never a flow.
  rippled.pay({ from: BINANCE, to: BINANCE_9, drops: 2_000_000n * XRP, at: '2026-11-20T09:20:00Z' });
  rippled.pay({
    from: BINANCE,
    to: UPHOLD,
    drops: 2_000n * XRP,
    destinationTag: 7,
    at: '2026-11-20T09:30:00Z',
  });
  // 10:00–11:00 UTC: a partial payment counts what it delivered; a failed one nothing.
  rippled.pay({
    from: BOB,
    to: UPHOLD,
    drops: 100n * XRP,
    deliveredDrops: 40n * XRP,
    at: '2026-11-20T10:01:00Z',
  });
  rippled.pay({
    from: ALICE,
    to: UPHOLD,
    drops: 900n * XRP,
    result: 'tecUNFUNDED_PAYMENT',
    at: '2026-11-20T10:02:00Z',
  });
  // Between two unnamed wallets: no exchange's business.
  rippled.pay({ from: ALICE, to: BOB, drops: 5n * XRP, at: '2026-11-20T10:03:00Z' });
  await catchUp();
});
afterAll(async () => {
  await app?.close();
  await rippled?.close();
});

describe('exchange flows from the ledger', () => {
  it('keeps every payment with a named exchange on a side, whatever its size, by what it delivered', async () => {
    const rows = await app.handle.db
      .selectFrom('exchange_payments')
      .select([
        'from_address',
        'to_address',
        'amount_drops',
        'destination_tag',
        'from_exchange',
        'to_exchange',
      ])
      .orderBy('paid_at')
      .execute();
    expect(rows).toEqual([
      {
        from_address: ALICE,
        to_address: BINANCE,
        amount_drops: '500000000',
        destination_tag: 104422,
        from_exchange: null,
        to_exchange: 'Binance',
      },
      {
        from_address: BINANCE_9,
        to_address: BOB,
        amount_drops: '300000000',
        destination_tag: null,
        from_exchange: 'Binance',
        to_exchange: null,
      },
      {
        from_address: BINANCE,
        to_address: BINANCE_9,
        amount_drops: '2000000000000',
        destination_tag: null,
        from_exchange: 'Binance',
        to_exchange: 'Binance',
      },
      {
        from_address: BINANCE,
        to_address: UPHOLD,
        amount_drops: '2000000000',
        destination_tag: 7,
        from_exchange: 'Binance',
        to_exchange: 'Uphold',
      },
      {
        from_address: BOB,
        to_address: UPHOLD,
        amount_drops: '40000000',
        destination_tag: null,
        from_exchange: null,
        to_exchange: 'Uphold',
      },
    ]);
  });

  it("sums each exchange's inflow and outflow per hour, the internal transfer in neither", async () => {
    expect(await storedHourlyFlows(app.handle.db)).toEqual([
      {
        entity: 'Binance',
        hour: '2026-11-20T09:00:00.000Z',
        inflowDrops: '500000000',
        inflowCount: 1,
        outflowDrops: '2300000000',
        outflowCount: 2,
      },
      {
        entity: 'Uphold',
        hour: '2026-11-20T09:00:00.000Z',
        inflowDrops: '2000000000',
        inflowCount: 1,
        outflowDrops: '0',
        outflowCount: 0,
      },
      {
        entity: 'Uphold',
        hour: '2026-11-20T10:00:00.000Z',
        inflowDrops: '40000000',
        inflowCount: 1,
        outflowDrops: '0',
        outflowCount: 0,
      },
    ]);
  });

  it('stores sums equal to the ones rebuilt from the stored payments, also after a ledger is read twice', async () => {
    // The stream and the catch-up job may both read a ledger: the second reading adds nothing.
    await app.handle.db.deleteFrom('sync_state').where('key', '=', 'xrpl_last_ledger').execute();
    await catchUp();
    expect(await storedHourlyFlows(app.handle.db)).toEqual(await hourlyFlowsFromPayments(app.handle.db));
    expect(
      await app.handle.db.selectFrom('exchange_payments').select('transaction_hash').execute(),
    ).toHaveLength(5);
  });

  it('after an entity merge, a payment between the two is internal and the sums are rebuilt', async () => {
    const admin = await app.signedInUser({ role: 'admin' });
    const merged = await app.request('/api/admin/known-accounts/merge', {
      method: 'POST',
      cookie: admin.cookie,
      json: { from: 'Uphold', into: 'Binance' },
    });
    expect(merged.status).toBe(200);
    const flows = await storedHourlyFlows(app.handle.db);
    expect(flows).toEqual(await hourlyFlowsFromPayments(app.handle.db));
    expect(flows.map((flow) => [flow.entity, flow.hour, flow.inflowDrops, flow.outflowDrops])).toEqual([
      ['Binance', '2026-11-20T09:00:00.000Z', '500000000', '300000000'],
      ['Binance', '2026-11-20T10:00:00.000Z', '40000000', '0'],
    ]);
  });

  it('are served to Premium members by range, days in their zone, with each exchange’s last day and week', async () => {
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    rippled.pay({ from: ALICE, to: UPHOLD, drops: 1_000n * XRP, at: twoHoursAgo.toISOString() });
    await catchUp();
    const premium = await app.signedInUser({ plan: 'premium' });
    const month = await app.request('/api/flows/exchanges?range=30d&tz=Asia/Tokyo', {
      cookie: premium.cookie,
    });
    expect(month.status).toBe(200);
    const body = await month.json();
    expect(body).toMatchObject({ range: '30d', bucket: 'day', since: '2026-11-20T09:00:00.000Z' });
    // 09:00 and 10:00 UTC on 20 November are one Tokyo day, which began at 15:00 UTC the day before.
    expect(body.series[0]).toEqual({
      at: '2026-11-19T15:00:00.000Z',
      inflowXrp: '540',
      outflowXrp: '300',
      netXrp: '240',
    });
    expect(body.series).toHaveLength(2);
    expect(body.exchanges).toEqual([
      { entity: 'Binance', inflow24hXrp: '1000', outflow24hXrp: '0', net24hXrp: '1000', net7dXrp: '1000' },
    ]);

    const day = await (
      await app.request('/api/flows/exchanges?range=24h', { cookie: premium.cookie })
    ).json();
    const hour = new Date(Math.floor(twoHoursAgo.getTime() / 3_600_000) * 3_600_000).toISOString();
    expect(day).toMatchObject({ bucket: 'hour', series: [{ at: hour, inflowXrp: '1000', netXrp: '1000' }] });
  });

  it('are refused to visitors and free members, and a range it does not know is a clear 422', async () => {
    expect((await app.request('/api/flows/exchanges')).status).toBe(401);
    const free = await app.signedInUser();
    expect((await app.request('/api/flows/exchanges', { cookie: free.cookie })).status).toBe(403);
    const premium = await app.signedInUser({ plan: 'premium' });
    const wrong = await app.request('/api/flows/exchanges?range=2w', { cookie: premium.cookie });
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain('range');
  });
  it('keep 90 days of payments and their hourly sums for good; a merge then adds the older sums together', async () => {
    // A hundred days ago, at 08:00 UTC: Kraken received 700 XRP and Bitstamp sent 200 (both kept as sums).
    const day = new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10);
    const hour = `${day}T08:00:00.000Z`;
    rippled.pay({ from: ALICE, to: KRAKEN, drops: 700n * XRP, destinationTag: 9, at: `${day}T08:10:00Z` });
    rippled.pay({ from: BITSTAMP, to: BOB, drops: 200n * XRP, at: `${day}T08:20:00Z` });
    rippled.pay({ from: KRAKEN, to: BITSTAMP, drops: 50n * XRP, destinationTag: 3, at: `${day}T08:30:00Z` });
    await catchUp();
    const older = async () =>
      (await storedHourlyFlows(app.handle.db))
        .filter((flow) => flow.hour === hour)
        .map((flow) => [flow.entity, flow.inflowDrops, flow.outflowDrops]);
    expect(await older()).toEqual([
      ['Bitstamp', '50000000', '200000000'],
      ['Kraken', '700000000', '50000000'],
    ]);

    // The daily prune lets the payments go and keeps their sums; the kept payments still add up.
    expect(await pruneExchangePayments(app.handle.db)).toBe(3);
    expect(await older()).toHaveLength(2);
    const recent = (await storedHourlyFlows(app.handle.db)).filter((flow) => flow.hour !== hour);
    expect(recent).toEqual(await hourlyFlowsFromPayments(app.handle.db));

    // Merged, the two exchanges' older sums are one; the transfer between them stays as it was counted.
    const admin = await app.signedInUser({ role: 'admin' });
    const merged = await app.request('/api/admin/known-accounts/merge', {
      method: 'POST',
      cookie: admin.cookie,
      json: { from: 'Kraken', into: 'Bitstamp' },
    });
    expect(merged.status).toBe(200);
    expect(await older()).toEqual([['Bitstamp', '750000000', '250000000']]);
    expect((await storedHourlyFlows(app.handle.db)).filter((flow) => flow.hour !== hour)).toEqual(
      await hourlyFlowsFromPayments(app.handle.db),
    );
  });
});
