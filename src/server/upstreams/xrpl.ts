import type * as Xrpl from 'xrpl';
import type { Client } from 'xrpl';
import type { LedgerTransaction } from '@/domain/whales/ledger';
import { rippleTimeToDate } from '@/domain/xrpl/drops';
import type { Logger } from '../lib/logger';

let xrpl: typeof Xrpl | undefined;

/**
 * The xrpl package, loaded at the first connection to a ledger server: only the process that runs the
 * jobs streams and scans the ledger, and a web process reads it only when a member's portfolio needs
 * it, so no process pays its ~10 MB at start (ADR 0056).
 */
export async function loadXrpl(): Promise<typeof Xrpl> {
  xrpl ??= await import('xrpl');
  return xrpl;
}

/** Whether this process has loaded the xrpl package (it has once it connected to a ledger server). */
export const isXrplLoaded = (): boolean => xrpl !== undefined;

/** Whether `error` is one of xrpl's errors of that class; none can be before xrpl was loaded. */
export function isXrplError(error: unknown, kind: 'RippledError' | 'ConnectionError'): boolean {
  return xrpl !== undefined && error instanceof xrpl[kind];
}

/** How long a disconnect may take before the connection is left to the garbage collector. */
const DISCONNECT_WAIT_MS = 2000;

/**
 * Disconnects without ever waiting long: xrpl's `disconnect()` never settles when its socket is
 * already closing (the server hung up mid-handshake), which would hold a job, a test's teardown or
 * the server's shutdown forever. Errors are dropped: the connection is being thrown away.
 */
export async function disconnectXrpl(client: Client): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, DISCONNECT_WAIT_MS);
    timer.unref();
  });
  await Promise.race([client.disconnect().catch(() => undefined), waited]);
  clearTimeout(timer);
}

/** Connects to the first XRPL server that answers (the configured one, then the fallback). */
export async function connectXrpl(urls: readonly string[], logger: Logger): Promise<Client> {
  const { Client } = await loadXrpl();
  const failures: string[] = [];
  for (const url of urls) {
    const client = new Client(url, { connectionTimeout: 5000, timeout: 20_000 });
    try {
      await client.connect();
      return client;
    } catch (error) {
      failures.push(`${url}: ${(error as Error).message}`);
      logger.warn({ url, err: error }, 'XRPL server unreachable; trying the next');
      await disconnectXrpl(client);
    }
  }
  throw new Error(`No XRPL server reachable (${failures.join('; ')})`);
}

export async function validatedLedgerIndex(client: Client): Promise<number> {
  return (await validatedLedger(client)).index;
}

/**
 * The server's validated ledger and `complete_ledgers`, the ledgers it can answer for ("32570-99100124";
 * several runs when it has holes; "empty" while it syncs).
 */
export async function serverHistory(client: Client): Promise<{ validated: number; completeLedgers: string }> {
  const response = await client.request({ command: 'server_info' });
  const info = response.result.info as { validated_ledger?: { seq: number }; complete_ledgers?: string };
  return {
    validated: info.validated_ledger?.seq ?? (await validatedLedgerIndex(client)),
    completeLedgers: info.complete_ledgers ?? '',
  };
}

/** The latest validated ledger's index and when it closed (its header alone). */
export async function validatedLedger(client: Client): Promise<{ index: number; closedAt: Date }> {
  const response = await client.request({ command: 'ledger', ledger_index: 'validated' });
  const ledger = response.result.ledger as unknown as { close_time: number; close_time_iso?: string };
  return {
    index: Number(response.result.ledger_index),
    closedAt: ledger.close_time_iso ? new Date(ledger.close_time_iso) : rippleTimeToDate(ledger.close_time),
  };
}

/** One validated ledger with its transactions expanded (API v2), and when it closed. */
export async function readLedger(
  client: Client,
  ledgerIndex: number,
): Promise<{ transactions: LedgerTransaction[]; closeTime: Date }> {
  const response = await client.request({
    command: 'ledger',
    ledger_index: ledgerIndex,
    transactions: true,
    expand: true,
  });
  const ledger = response.result.ledger as unknown as {
    transactions?: LedgerTransaction[];
    close_time: number;
    close_time_iso?: string;
  };
  return {
    transactions: ledger.transactions ?? [],
    closeTime: ledger.close_time_iso ? new Date(ledger.close_time_iso) : rippleTimeToDate(ledger.close_time),
  };
}
