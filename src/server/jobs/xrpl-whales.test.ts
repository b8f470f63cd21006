import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRippled, type FakeRippled } from '../../../tests/support/fake-rippled';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { fixture } from '../../../tests/support/upstream-fixtures';
import { storeLedgerPayments } from '../features/whales';
import { createLogger } from '../lib/logger';
import { runSourceById } from './control';
import type { RunnerDeps } from './runner';

const reply = fixture<{ result: { ledger: { transactions: unknown[] } } }>('xrpl/ledger-expanded-apiv2.json');
const streamMessages = fixture<Record<string, unknown>[]>('xrpl/stream-messages-apiv2.json');
const FIXTURE_LEDGER = 99100123;

let rippled: FakeRippled;
let app: TestApp;
let runner: RunnerDeps;

beforeAll(async () => {
  rippled = await startFakeRippled();
  for (let index = FIXTURE_LEDGER - 30; index < FIXTURE_LEDGER; index += 1) rippled.addLedger(index, []);
  rippled.addLedger(FIXTURE_LEDGER, reply.result.ledger.transactions, '2025-12-12T16:00:00Z');
  // The configured server is down; the fallback answers.
  app = await createTestApp({ env: { XRPL_WS_URL: 'ws://127.0.0.1:9', XRPL_WS_FALLBACK_URL: rippled.url } });
  runner = { db: app.handle.db, env: app.env, logger: createLogger('silent') };
});
afterAll(async () => {
  await app?.close();
  await rippled?.close();
});

const whaleSource = async () =>
  (
    await app.handle.db
      .selectFrom('api_sources')
      .select('id')
      .where('api_type', '=', 'xrpl_whales')
      .executeTakeFirstOrThrow()
  ).id;

describe('XRPL whale catch-up', () => {
  it('scans the recent ledgers through the fallback server and stores the whale payments', async () => {
    const outcome = await runSourceById(runner, await whaleSource(), 'scheduled');
    expect(outcome.status !== 'skipped' && outcome.log).toMatchObject({
      status: 'success',
      records_processed: 2,
      details: `Scanned ledgers ${FIXTURE_LEDGER - 19}–${FIXTURE_LEDGER} (20); 2 whale payments`,
    });
    const rows = await app.handle.db
      .selectFrom('whale_transactions')
      .selectAll()
      .orderBy('amount_xrp', 'desc')
      .execute();
    expect(
      rows.map((row) => [
        row.amount_xrp,
        row.from_address,
        row.transaction_timestamp.toISOString(),
        row.ledger_index,
      ]),
    ).toEqual([
      ['2500000.000000', 'rpexHC5S9a6ez8Wvw9L46miQaUM9PQrdg8', '2025-12-12T16:00:00.000Z', FIXTURE_LEDGER],
      ['1000000.000000', expect.stringMatching(/^r/), '2025-12-12T16:00:00.000Z', FIXTURE_LEDGER],
    ]);
  });

  it('is up to date on the next run, then picks up a new ledger once', async () => {
    const id = await whaleSource();
    const again = await runSourceById(runner, id, 'manual');
    expect(again.status !== 'skipped' && again.log.details).toBe(`Up to date at ledger ${FIXTURE_LEDGER}`);
    const transaction = streamMessages.find((message) => message.tx_json);
    rippled.addLedger(FIXTURE_LEDGER + 1, [transaction], '2025-12-12T16:00:03Z');
    const next = await runSourceById(runner, id, 'manual');
    expect(next.status !== 'skipped' && next.log).toMatchObject({ records_processed: 1 });
    const count = await app.handle.db
      .selectFrom('whale_transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(3);
  });

  it('reads a gap the live stream left, not only the ledgers after the last one read', async () => {
    const id = await whaleSource();
    for (let index = FIXTURE_LEDGER + 2; index <= FIXTURE_LEDGER + 70; index += 1)
      rippled.addLedger(index, []);
    rippled.addLedger(FIXTURE_LEDGER + 71, []);
    // The stream came back at the last ledger after missing more than it fills at once.
    await storeLedgerPayments(app.handle.db, FIXTURE_LEDGER + 71, []);
    const gap = await runSourceById(runner, id, 'manual');
    expect(gap.status !== 'skipped' && gap.log.details).toBe(
      `Scanned ledgers ${FIXTURE_LEDGER + 2}–${FIXTURE_LEDGER + 70} (69); 0 whale payments`,
    );
    const next = await runSourceById(runner, id, 'manual');
    expect(next.status !== 'skipped' && next.log.details).toBe(`Up to date at ledger ${FIXTURE_LEDGER + 71}`);
  });

  it('fails cleanly, writing nothing, when no XRPL server answers', async () => {
    const offline = await createTestApp({
      env: { XRPL_WS_URL: 'ws://127.0.0.1:9', XRPL_WS_FALLBACK_URL: 'ws://127.0.0.1:9' },
    });
    try {
      const id = (
        await offline.handle.db
          .selectFrom('api_sources')
          .select('id')
          .where('api_type', '=', 'xrpl_whales')
          .executeTakeFirstOrThrow()
      ).id;
      const outcome = await runSourceById(
        { db: offline.handle.db, env: offline.env, logger: createLogger('silent') },
        id,
        'scheduled',
      );
      expect(outcome.status !== 'skipped' && outcome.log.error_message).toMatch(/^No XRPL server reachable/);
      expect(await offline.handle.db.selectFrom('whale_transactions').select('id').execute()).toEqual([]);
    } finally {
      await offline.close();
    }
  });
});
