import type { Client } from 'xrpl';
import { describe, expect, it, vi } from 'vitest';
import { startFakeRippled } from '../../../tests/support/fake-rippled';
import { ALICE, UNFUNDED } from '../../../tests/support/ledger-accounts';
import { createLogger } from '../lib/logger';
import { disconnectXrpl } from './xrpl';

describe('the xrpl package', () => {
  it('is loaded by the first ledger read, not when the app starts (ADR 0056)', async () => {
    // A module graph of its own: the files of this project share a worker's modules, and an earlier
    // file's ledger read would already have loaded xrpl into them.
    vi.resetModules();
    const [
      { createTestApp },
      { isXrplLoaded },
      { AccountNotFoundError, readAccount },
      { createLedgerConnection },
    ] = await Promise.all([
      import('../../../tests/support/test-app'),
      import('./xrpl'),
      import('./xrpl-accounts'),
      import('./xrpl-connection'),
    ]);
    // The whole app, as a web process composes it: no ledger read yet, so no xrpl.
    const app = await createTestApp();
    const rippled = await startFakeRippled();
    try {
      expect(isXrplLoaded()).toBe(false);
      rippled.setAccount(ALICE, { balanceDrops: 25_000_000n });
      const ledger = createLedgerConnection([rippled.url], createLogger('silent'));
      expect(isXrplLoaded()).toBe(false);
      await expect(ledger.use((client) => readAccount(client, ALICE))).resolves.toMatchObject({
        balanceDrops: 25_000_000n,
      });
      expect(isXrplLoaded()).toBe(true);
      // xrpl's own errors are still told apart once it is loaded lazily.
      await expect(ledger.use((client) => readAccount(client, UNFUNDED))).rejects.toBeInstanceOf(
        AccountNotFoundError,
      );
      await ledger.close();
    } finally {
      await rippled.close();
      await app.close();
    }
  });
});

describe('disconnectXrpl', () => {
  it('gives up after two seconds when the socket never finishes closing', async () => {
    vi.useFakeTimers();
    try {
      // xrpl's disconnect() never settles once its socket is stuck closing.
      const stuck = { disconnect: () => new Promise<void>(() => undefined) } as unknown as Client;
      let done = false;
      const disconnecting = disconnectXrpl(stuck).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(1900);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      await disconnecting;
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('returns as soon as the disconnect does, and swallows its error', async () => {
    const failing = { disconnect: () => Promise.reject(new Error('socket gone')) } as unknown as Client;
    await expect(disconnectXrpl(failing)).resolves.toBeUndefined();
  });
});
