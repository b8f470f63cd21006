import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XRP_AT_GENESIS_DROPS } from '@/domain/supply/supply';
import { dropsToXrp } from '@/domain/xrpl/drops';
import { startFakeRippled, type FakeRippled } from '../../../tests/support/fake-rippled';
import { ALICE, BOB } from '../../../tests/support/ledger-accounts';
import recorded from '../../../tests/fixtures/xrpl/supply-commands-apiv2.json';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

// Two accounts an admin names as Ripple's (the shipped list names one more: the RLUSD issuer, which
// this ledger does not hold), and one that is not Ripple's.
const RIPPLE_A = ALICE;
const RIPPLE_B = BOB;
const OUTSIDER = 'rEmtLrFEm343xcvanj6QdpAJxeLSZEnqkK';

const XRP = 1_000_000n;
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The first reading's ledger closed two days ago. */
const firstClose = iso(Date.now() - 2 * DAY);

let rippled: FakeRippled;
let app: TestApp;
let premium: string;
let free: string;

async function runSupply() {
  const outcome = await app.syncSource('xrpl_supply');
  if (outcome.status === 'skipped') throw new Error('the run was skipped');
  return outcome.log;
}

const supply = async () => (await (await app.client().supply.$get()).json()).latest;

/** A Premium member's escrow calendar, in `tz` (UTC when not given). */
async function calendarIn(tz?: string) {
  const response = await app.client(premium).supply.escrows.$get({ query: tz ? { tz } : {} });
  if (response.status !== 200) throw new Error(`escrows answered ${response.status}`);
  return response.json();
}

/** The recorded EscrowFinish and EscrowCreate (API v2 ledger entries, tx_json and meta). */
function recordedEscrows(): { hash: string }[] {
  return (recorded as { transaction?: { hash: string } }[]).flatMap((entry) =>
    entry.transaction ? [entry.transaction] : [],
  );
}

async function historyOf(range: '30d' | '1y') {
  const response = await app.client(premium).supply.history.$get({ query: { range } });
  if (response.status !== 200) throw new Error(`history answered ${response.status}`);
  return response.json();
}

beforeAll(async () => {
  rippled = await startFakeRippled();
  rippled.addLedger(5000, [], firstClose);
  rippled.setAccount(RIPPLE_A, { balanceDrops: 2_000_000n * XRP });
  rippled.setAccount(RIPPLE_B, { balanceDrops: 500_000n * XRP });
  rippled.setAccount(OUTSIDER, { balanceDrops: 90_000n * XRP });
  const month = (offset: number) => new Date(Date.UTC(2040, offset, 1));
  rippled.setEscrows(RIPPLE_A, [
    // Listed under both Ripple accounts: counted once.
    {
      amountDrops: 1_000_000_000n * XRP,
      destination: RIPPLE_B,
      finishAfter: month(0),
      cancelAfter: month(1),
    },
    { amountDrops: 400_000_000n * XRP, finishAfter: month(0) },
    { amountDrops: 300_000_000n * XRP, finishAfter: month(2) },
    // Unlocked already: anyone may release it now.
    { amountDrops: 50_000_000n * XRP, finishAfter: new Date(Date.now() - DAY) },
  ]);
  // An outsider's escrow paying a Ripple account is not Ripple's XRP.
  rippled.setEscrows(OUTSIDER, [{ amountDrops: 7_000n * XRP, destination: RIPPLE_A, finishAfter: month(0) }]);
  app = await createTestApp({ env: { XRPL_WS_URL: rippled.url, XRPL_WS_FALLBACK_URL: rippled.url } });
  await app.handle.db
    .insertInto('known_accounts')
    .values(
      [RIPPLE_A, RIPPLE_B].map((address, index) => ({
        address,
        label: `Ripple escrow ${index + 1}`,
        entity: 'Ripple',
        category: 'ripple' as const,
        source_name: 'Test',
        source_url: `https://example.com/${address}`,
        origin: 'admin' as const,
      })),
    )
    .execute();
  premium = (await app.signedInUser({ plan: 'premium' })).cookie;
  free = (await app.signedInUser()).cookie;
});
afterAll(async () => {
  await app?.close();
  await rippled?.close();
});

describe('the XRP supply', () => {
  it('is unknown before the first reading, and says so', async () => {
    expect(await supply()).toBeNull();
    const calendar = await calendarIn();
    expect(calendar).toMatchObject({
      ledgerIndex: null,
      at: null,
      unknownReason: null,
      months: [],
      escrows: [],
    });
  });

  it('reads total_coins, Ripple’s holdings and the escrows Ripple funded, at one ledger', async () => {
    const log = await runSupply();
    expect(log.status).toBe('success');
    expect(log.details).toBe(
      'Total coins, 3 Ripple accounts and 4 escrows at ledger 5000; 1 not on the ledger (counted as 0 XRP)',
    );
    const total = rippled.totalCoins();
    const escrowed = 1_750_000_000n * XRP;
    expect(await supply()).toEqual({
      ledgerIndex: 5000,
      at: new Date(firstClose).toISOString(),
      totalXrp: dropsToXrp(total),
      burnedXrp: dropsToXrp(XRP_AT_GENESIS_DROPS - total),
      escrowedXrp: dropsToXrp(escrowed),
      escrows: 4,
      rippleHeldXrp: '2500000',
      restXrp: dropsToXrp(total - escrowed - 2_500_000n * XRP),
      rippleAccounts: 3,
      unknownReason: null,
    });
  });

  it('serves Ripple’s escrows by unlock month in the member’s zone, each escrow once', async () => {
    const calendar = await calendarIn('America/New_York');
    expect(calendar.ledgerIndex).toBe(5000);
    expect(calendar.releasable).toEqual({ xrp: '50000000', escrows: 1 });
    // Midnight UTC on the 1st is the evening before in New York.
    expect(calendar.months).toEqual([
      { month: '2039-12', xrp: '1400000000', escrows: 2 },
      { month: '2040-02', xrp: '300000000', escrows: 1 },
    ]);
    expect(calendar.undated).toEqual({ xrp: '0', escrows: 0 });
    expect(calendar.escrows).toHaveLength(4);
    expect(calendar.escrows.map((escrow) => escrow.owner)).not.toContain(OUTSIDER);
    expect(calendar.escrows.find((escrow) => escrow.destination === RIPPLE_B)).toMatchObject({
      owner: RIPPLE_A,
      xrp: '1000000000',
      finishAfter: '2040-01-01T00:00:00.000Z',
      cancelAfter: '2040-02-01T00:00:00.000Z',
    });
  });

  it('follows a release and the fees burned, day by day', async () => {
    // Yesterday: a payment burns its fee; the unlocked escrow is released (gone from the ledger).
    rippled.pay({ from: OUTSIDER, to: RIPPLE_B, drops: 10n * XRP, at: iso(Date.now() - DAY) });
    rippled.setEscrows(RIPPLE_A, [
      {
        amountDrops: 1_000_000_000n * XRP,
        destination: RIPPLE_B,
        finishAfter: new Date(Date.UTC(2040, 0, 1)),
      },
      { amountDrops: 400_000_000n * XRP, finishAfter: new Date(Date.UTC(2040, 0, 1)) },
      { amountDrops: 300_000_000n * XRP, finishAfter: new Date(Date.UTC(2040, 2, 1)) },
    ]);
    expect((await runSupply()).status).toBe('success');
    const latest = await supply();
    expect(latest?.ledgerIndex).toBe(5001);
    expect(latest?.escrowedXrp).toBe('1700000000');
    const calendar = await calendarIn();
    expect(calendar.releasable.escrows).toBe(0);

    const history = await historyOf('30d');
    expect(history.since).toBe(new Date(firstClose).toISOString());
    expect(history.days.map((day) => day.ledgerIndex)).toEqual([5000, 5001]);
    // The payment's 12-drop fee is the XRP burned between the two days' readings.
    expect(history.days[1]).toMatchObject({ burnedXrp: '0.000012', escrowedXrp: '1700000000' });
    // Nothing was read the day before the first reading: its burn is unknown, not 0.
    expect(history.days[0]?.burnedXrp).toBeNull();
  });

  it('adds nothing when read again at the same ledger, and keeps the last reading when the ledger fails', async () => {
    expect((await runSupply()).records_processed).toBe(0);
    const before = await supply();
    rippled.hangUp(true);
    try {
      expect((await runSupply()).status).toBe('error');
    } finally {
      rippled.hangUp(false);
    }
    expect(await supply()).toEqual(before);
  });

  it('reads every page of a long escrow list', async () => {
    rippled.setEscrows(
      RIPPLE_B,
      Array.from({ length: 450 }, (_, index) => ({
        amountDrops: 1_000n * XRP,
        finishAfter: new Date(Date.UTC(2041, index % 12, 1)),
      })),
    );
    rippled.pay({ from: OUTSIDER, to: RIPPLE_A, drops: XRP });
    expect((await runSupply()).details).toContain('453 escrows');
    expect((await supply())?.escrowedXrp).toBe('1700450000');
  });

  it('records the releases and re-locks of Ripple’s escrows from the ledgers it reads, by month', async () => {
    // The recorded EscrowFinish and EscrowCreate, moved to Ripple's account; an outsider's re-lock too.
    const [finish, create] = recordedEscrows() as [{ hash: string }, { hash: string }];
    const asRipple = (tx: { hash: string }, owner: string, hash: string) =>
      JSON.parse(
        JSON.stringify(tx).replaceAll('rp5zg3yrCYVL4tjGtUaorytQJo41bMkr3q', owner).replace(tx.hash, hash),
      );
    const at = new Date();
    // The catch-up's first run reads the last 20 ledgers (up to 5002, the last payment's): those
    // before 5000 too.
    for (let index = 4980; index < 5000; index += 1) rippled.addLedger(index, [], iso(at.getTime() - DAY));
    expect((await app.syncSource('xrpl_whales')).status).toBe('success');
    for (let index = 5003; index < 5100; index += 1) rippled.addLedger(index, [], iso(at.getTime()));
    rippled.addLedger(
      5100,
      [
        asRipple(finish, RIPPLE_A, 'A'.repeat(64)),
        asRipple(create, RIPPLE_A, 'B'.repeat(64)),
        asRipple(create, OUTSIDER, 'C'.repeat(64)),
      ],
      iso(at.getTime()),
    );
    // Its next run reads every ledger since the last one read.
    const outcome = await app.syncSource('xrpl_whales');
    if (outcome.status === 'skipped') throw new Error('skipped');
    expect(outcome.log.status).toBe('success');

    const calendar = await calendarIn();
    // Newest first; the two of one ledger by hash.
    expect(calendar.recent.map((event) => [event.kind, event.owner, event.xrp])).toEqual([
      ['finished', RIPPLE_A, '700000000'],
      ['created', RIPPLE_A, '600000000'],
    ]);
    expect(calendar.recent.find((event) => event.kind === 'created')?.finishAfter).toBe(
      '2031-02-27T23:06:40.000Z',
    );
    const month = at.toISOString().slice(0, 7);
    expect(calendar.months12).toEqual([
      { month, releasedXrp: '700000000', relockedXrp: '600000000', netReleasedXrp: '100000000' },
    ]);
    // Read again, nothing is counted twice.
    await app.handle.db.deleteFrom('ledger_scan_ranges').execute();
    await app.syncSource('xrpl_whales');
    expect((await calendarIn()).months12[0]?.netReleasedXrp).toBe('100000000');
  });

  it('says Ripple’s part is unknown when no account is named as Ripple’s', async () => {
    await app.handle.db
      .updateTable('known_accounts')
      .set({ retired_at: new Date() })
      .where('category', '=', 'ripple')
      .execute();
    rippled.pay({ from: OUTSIDER, to: RIPPLE_A, drops: XRP });
    expect((await runSupply()).details).toMatch(/no account is named as Ripple's/);
    expect(await supply()).toMatchObject({
      escrowedXrp: null,
      rippleHeldXrp: null,
      restXrp: null,
      escrows: null,
      rippleAccounts: 0,
      unknownReason: 'no_ripple_accounts',
    });
    // Whose escrows to list is unknown too: none are shown as Ripple's, and the calendar says why.
    const calendar = await calendarIn();
    expect(calendar).toMatchObject({ unknownReason: 'no_ripple_accounts', escrows: [], months: [] });
  });

  it('serves the latest figures to anyone, and the history and escrows to Premium members only', async () => {
    expect((await app.request('/api/supply')).status).toBe(200);
    for (const path of ['/api/supply/history', '/api/supply/escrows']) {
      expect((await app.request(path)).status).toBe(401);
      expect((await app.request(path, { cookie: free })).status).toBe(403);
      expect((await app.request(path, { cookie: premium })).status).toBe(200);
      expect((await app.request(`${path}?tz=Mars/Olympus`, { cookie: premium })).status).toBe(422);
    }
    expect((await app.request('/api/supply/history?range=5y', { cookie: premium })).status).toBe(422);
  });
});
