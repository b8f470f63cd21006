import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRippled, type FakeRippled } from '../../../tests/support/fake-rippled';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { fixture } from '../../../tests/support/upstream-fixtures';
import { createLogger } from '../lib/logger';
import type { RunnerDeps } from './runner';
import { startWhaleStream } from './whale-stream';

const streamMessages = fixture<Record<string, unknown>[]>('xrpl/stream-messages-apiv2.json');
const whaleTx = streamMessages.find((message) => message.tx_json) as Record<string, unknown>;
const withHash = (hash: string) => ({ ...whaleTx, hash });

let rippled: FakeRippled;
let app: TestApp;
let deps: RunnerDeps;
const fast = { renewMs: 200, initialBackoffMs: 50, maxBackoffMs: 200, leaseSeconds: 2 };

beforeAll(async () => {
  rippled = await startFakeRippled();
  rippled.addLedger(1000, []);
  app = await createTestApp({ env: { XRPL_WS_URL: rippled.url, XRPL_WS_FALLBACK_URL: rippled.url } });
  deps = {
    db: app.handle.db,
    env: app.env,
    logger: createLogger(process.env.DEBUG_STREAM ? 'debug' : 'silent'),
  };
});
afterAll(async () => {
  await app?.close();
  await rippled?.close();
});

const hashes = async () =>
  (await app.handle.db.selectFrom('whale_transactions').select('transaction_hash').execute())
    .map((row) => row.transaction_hash)
    .sort();

describe('XRPL whale stream', () => {
  it('stores whales from each closed ledger, reconnects after a drop and fills the small gap', async () => {
    const stream = startWhaleStream(deps, fast);
    try {
      await expect.poll(() => stream.live).toBe(true);
      rippled.addLedger(1001, [withHash('A'.repeat(64))]);
      rippled.closeLedger(1001);
      await expect.poll(hashes).toEqual(['A'.repeat(64)]);

      rippled.dropConnections();
      // Ledgers close while the stream is away; the next announcement fills the gap.
      rippled.addLedger(1002, [withHash('B'.repeat(64))]);
      rippled.addLedger(1003, [withHash('C'.repeat(64))]);
      await expect.poll(() => stream.live, { timeout: 5000 }).toBe(true);
      await expect
        .poll(() => rippled.requests.filter((request) => request.command === 'subscribe').length)
        .toBeGreaterThanOrEqual(2);
      rippled.closeLedger(1003);
      await expect.poll(hashes).toEqual(['A'.repeat(64), 'B'.repeat(64), 'C'.repeat(64)]);
    } finally {
      await stream.stop();
    }
  });

  it('marks a watched account that a validated ledger touched for reading at once', async () => {
    const alice = 'rJj93v2nvi2kFCYNKUDBmFpM2AVQpkByNP';
    const bob = 'rn4mWmmZRMHsSiPhPFCfHTcRs9CEawuMkj';
    rippled.setAccount(alice, { balanceDrops: 100_000_000n });
    rippled.setAccount(bob, { balanceDrops: 100_000_000n });
    const member = await app.signedInUser({ plan: 'premium' });
    const later = new Date(Date.now() + 15 * 60_000);
    await app.handle.db
      .insertInto('watched_accounts')
      .values({ user_id: member.userId, address: alice, label: 'Watched', refresh_due_at: later })
      .execute();
    const due = async () =>
      (
        await app.handle.db.selectFrom('watched_accounts').select('refresh_due_at').executeTakeFirstOrThrow()
      ).refresh_due_at.getTime();
    const stream = startWhaleStream(deps, fast);
    try {
      await expect.poll(() => stream.live).toBe(true);
      expect(await due()).toBe(later.getTime());
      rippled.pay({ from: bob, to: alice, drops: 5_000_000n });
      await expect.poll(due).toBeLessThan(later.getTime() - 60_000);
    } finally {
      await stream.stop();
    }
  });

  it('runs in one process at a time: a second stream stands by until the first stops', async () => {
    const first = startWhaleStream(deps, fast);
    await expect.poll(() => first.live).toBe(true);
    const second = startWhaleStream(deps, fast);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(second.live).toBe(false);
    await first.stop();
    await expect.poll(() => second.live, { timeout: 5000 }).toBe(true);
    await second.stop();
  });
});
