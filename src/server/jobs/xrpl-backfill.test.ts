import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRippled, type FakeRippled } from '../../../tests/support/fake-rippled';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createLogger } from '../lib/logger';
import { storedHourlyFlows } from '../features/whales';
import { runSource, type RunnerDeps } from './runner';
import { defineBackfillJob } from './xrpl-backfill.job';

// Named exchange accounts from the list the site ships with; two accounts no one has named.
const BINANCE = 'rs8ZPbYqgecRcDzQpJYAMhSxSi5htsjnza';
const ALICE = 'rpexHC5S9a6ez8Wvw9L46miQaUM9PQrdg8';
const BOB = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const XRP = 1_000_000n;

let rippled: FakeRippled;
let app: TestApp;
let runner: RunnerDeps;
let admin: string;
// A small batch, so the window takes more than one run.
const job = defineBackfillJob({ ledgersPerRun: 100, progressEvery: 10 });

const backfillSource = async () =>
  (
    await app.handle.db
      .selectFrom('api_sources')
      .selectAll()
      .where('api_type', '=', 'xrpl_backfill')
      .executeTakeFirstOrThrow()
  ).id;
const run = async (backfillJob = job) => {
  const outcome = await runSource(runner, backfillJob.source, await backfillSource(), 'manual');
  if (outcome.status === 'skipped') throw new Error('skipped');
  expect(outcome.log.error_message).toBeNull();
  return outcome.log.details;
};
const state = async () => {
  const response = await app.request('/api/admin/ledger-backfill', { cookie: admin });
  expect(response.status).toBe(200);
  return ((await response.json()) as { backfill: Record<string, unknown> | null }).backfill;
};
/** When the backfill source is next due. */
const due = async () =>
  (
    await app.handle.db
      .selectFrom('api_sources')
      .select('next_sync_at')
      .where('api_type', '=', 'xrpl_backfill')
      .executeTakeFirstOrThrow()
  ).next_sync_at!.getTime();
const start = (days: unknown, cookie = admin) =>
  app.request('/api/admin/ledger-backfill', { method: 'POST', cookie, json: { days } });

beforeAll(async () => {
  rippled = await startFakeRippled();
  // The server keeps ledgers 1000 on. Before the site first reads the ledger, at 08:00 UTC, XRP
  // moved onto and off Binance; the site's history begins at ledger 1180.
  for (let index = 1000; index < 1020; index += 1) rippled.addLedger(index, [], '2026-11-20T07:50:00Z');
  for (const address of [ALICE, BOB, BINANCE])
    rippled.setAccount(address, { balanceDrops: 50_000_000n * XRP });
  rippled.pay({ from: ALICE, to: BINANCE, drops: 500n * XRP, destinationTag: 7, at: '2026-11-20T08:10:00Z' });
  rippled.pay({ from: BINANCE, to: BOB, drops: 2_000_000n * XRP, at: '2026-11-20T08:20:00Z' });
  for (let index = 1022; index < 1200; index += 1) rippled.addLedger(index, [], '2026-11-20T09:00:00Z');
  app = await createTestApp({ env: { XRPL_WS_URL: rippled.url, XRPL_WS_FALLBACK_URL: rippled.url } });
  runner = { db: app.handle.db, env: app.env, logger: createLogger('silent') };
  const first = await app.syncSource('xrpl_whales');
  expect(first.status !== 'skipped' && first.log.details).toMatch(/^Scanned ledgers 1180–1199 \(20\)/);
  admin = (await app.signedInUser({ role: 'admin' })).cookie;
});
afterAll(async () => {
  await app?.close();
  await rippled?.close();
});

describe('ledger backfill', () => {
  it('is asked for by an admin, for 1 to 30 days, one at a time', async () => {
    expect(await state()).toBeNull();
    expect(await runSource(runner, job.source, await backfillSource(), 'manual')).toMatchObject({
      status: 'success',
      log: { details: 'No backfill requested' },
    });
    for (const days of [0, 31, 1.5, 'seven']) {
      const refused = await start(days);
      expect(refused.status).toBe(422);
    }
    expect(await (await start(31)).text()).toContain('A backfill reads at most 30 days back');
    const member = (await app.signedInUser({ plan: 'premium' })).cookie;
    expect((await start(1, member)).status).toBe(403);

    // Nothing asked for: the source is due again in a day.
    expect(await due()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    const started = await start(1);
    expect(started.status).toBe(201);
    // Asked for: it is due at once.
    expect(await due()).toBeLessThanOrEqual(Date.now());
    expect(await started.json()).toMatchObject({
      days: 1,
      status: 'running',
      fromLedger: null,
      ledgersScanned: 0,
    });
    const again = await start(2);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('A backfill is already running');
  });

  it('reads the window newest first, a bounded batch a run, back to the oldest ledger the server keeps', async () => {
    // A day back from 1199 reaches before the server's oldest ledger: the window starts there.
    expect(await run()).toBe(
      'Read ledgers 1080–1179 (100); 0 whale payments, 0 exchange payments; 80 ledgers left',
    );
    expect(await state()).toMatchObject({
      status: 'running',
      fromLedger: 1000,
      toLedger: 1199,
      ledgersTotal: 180,
      ledgersScanned: 100,
      oldestLedger: 1080,
      note: 'The XRPL server keeps ledgers from 1000 on: the backfill reads back to there',
    });
    // More to do: the source is due again at once, not in a day.
    expect(await due()).toBeLessThanOrEqual(Date.now());

    // A second run (here or in a restarted process) goes on from what was recorded as read.
    expect(await run()).toBe(
      'Read ledgers 1000–1079 (80); 1 whale payments, 2 exchange payments; backfill finished',
    );
    const done = await state();
    expect(done).toMatchObject({
      status: 'done',
      ledgersTotal: 180,
      ledgersScanned: 180,
      whalePayments: 1,
      exchangePayments: 2,
      oldestLedger: 1000,
      oldestClosedAt: '2026-11-20T07:50:00.000Z',
      note: 'The XRPL server keeps ledgers from 1000 on: the backfill reads back to there',
    });
    expect(done?.finishedAt).toEqual(expect.any(String));
    expect(await run()).toBe('No backfill requested');
  });

  it('stores what the past ledgers hold: the whale payment and the exchange flows of their hour', async () => {
    const whales = await app.handle.db.selectFrom('whale_transactions').selectAll().execute();
    expect(whales.map((row) => [row.amount_xrp, row.from_address, row.ledger_index])).toEqual([
      ['2000000.000000', BINANCE, 1021],
    ]);
    const flows = await storedHourlyFlows(app.handle.db);
    expect(flows).toEqual([
      expect.objectContaining({
        entity: 'Binance',
        hour: '2026-11-20T08:00:00.000Z',
        inflowDrops: String(500n * XRP),
        outflowDrops: String(2_000_000n * XRP),
      }),
    ]);
    // The flows' history now begins at that hour.
    const shown = await app.request('/api/flows/exchanges?range=1y', {
      cookie: (await app.signedInUser({ plan: 'premium' })).cookie,
    });
    expect(((await shown.json()) as { since: string }).since).toBe('2026-11-20T08:00:00.000Z');
  });

  it('is cancelled by an admin, keeping what it read', async () => {
    expect((await start(2)).status).toBe(201);
    const cancelled = await app.request('/api/admin/ledger-backfill/cancel', {
      method: 'POST',
      cookie: admin,
    });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ status: 'cancelled', note: 'Cancelled by an admin' });
    const none = await app.request('/api/admin/ledger-backfill/cancel', { method: 'POST', cookie: admin });
    expect(none.status).toBe(404);
    expect(await none.text()).toContain('No backfill is running');
    expect(await run()).toBe('No backfill requested');
    expect(await app.handle.db.selectFrom('whale_transactions').select('id').execute()).toHaveLength(1);
  });

  it('ends where the server lacks a ledger, saying which, and keeps what it read', async () => {
    for (let index = 900; index < 1000; index += 1) rippled.addLedger(index, [], '2026-11-20T07:00:00Z');
    expect((await start(1)).status).toBe(201);
    const small = defineBackfillJob({ ledgersPerRun: 30, progressEvery: 10 });
    expect(await run(small)).toBe(
      'Read ledgers 970–999 (30); 0 whale payments, 0 exchange payments; 70 ledgers left',
    );
    // The server loses a ledger of the window after the first run fixed it.
    rippled.forgetLedger(950);
    expect(await run(small)).toBe(
      'Read ledgers 951–969 (19); 0 whale payments, 0 exchange payments; stopped: the server has no ledger 950',
    );
    expect(await state()).toMatchObject({
      status: 'done',
      ledgersScanned: 49,
      oldestLedger: 951,
      note: 'The XRPL server has no ledger 950: the backfill read back to 951',
    });
  });
});
