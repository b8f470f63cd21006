import crypto from 'node:crypto';
import type { Client } from 'xrpl';
import {
  holdStreamLease,
  lastScannedLedger,
  recordStreamLedger,
  releaseStreamLease,
} from '../features/whales';
import { connectXrpl, disconnectXrpl } from '../upstreams/xrpl';
import { scanLedger } from './ledger-scan';
import { processId, type RunnerDeps } from './runner';

/**
 * A gap this small after a reconnect is filled at once; a larger one is left to the catch-up job,
 * which reads what the last day lacks.
 */
const MAX_INLINE_GAP = 50;

export interface WhaleStreamOptions {
  leaseSeconds: number;
  renewMs: number;
  initialBackoffMs: number;
  maxBackoffMs: number;
}

const defaults: WhaleStreamOptions = {
  leaseSeconds: 60,
  renewMs: 20_000,
  initialBackoffMs: 1000,
  maxBackoffMs: 60_000,
};

export interface WhaleStream {
  /** True while this process holds the stream and is connected. */
  readonly live: boolean;
  stop(): Promise<void>;
}

/**
 * The continuous whale feed: one process across all instances (a lease in sync_state) subscribes to
 * validated ledgers, stores each ledger's whale payments and marks the watched accounts it touched
 * for the portfolio task to read at once. It reconnects with backoff, alternating
 * between the configured and the fallback server, and fills small gaps at once.
 */
export function startWhaleStream(deps: RunnerDeps, overrides: Partial<WhaleStreamOptions> = {}): WhaleStream {
  const options = { ...defaults, ...overrides };
  const owner = `${processId}:${crypto.randomBytes(3).toString('hex')}`;
  const log = deps.logger.child({ module: 'whale-stream' });
  const urls = [deps.env.XRPL_WS_URL, deps.env.XRPL_WS_FALLBACK_URL];
  let stopped = false;
  let client: Client | null = null;
  let live = false;
  let backoff = options.initialBackoffMs;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;
  let renewal: NodeJS.Timeout | null = null;
  let processing = Promise.resolve();
  let renewing: Promise<unknown> = Promise.resolve();

  let running: Promise<void> = Promise.resolve();
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = session();
    }, ms);
    timer.unref();
  };

  const processLedger = async (index: number) => {
    const last = await lastScannedLedger(deps.db);
    const from = last !== null && index - last > 1 && index - last <= MAX_INLINE_GAP ? last + 1 : index;
    for (let ledger = from; ledger <= index; ledger += 1) {
      if (!client || stopped) return;
      const { whales: stored } = await scanLedger(deps.db, client, ledger);
      if (stored > 0) log.info({ ledger, stored }, 'whale payments stored');
    }
    await recordStreamLedger(deps.db, index);
  };

  const drop = async () => {
    live = false;
    if (renewal) clearInterval(renewal);
    renewal = null;
    const current = client;
    client = null;
    if (current) await disconnectXrpl(current);
  };

  const session = async () => {
    if (stopped) return;
    try {
      if (!(await holdStreamLease(deps.db, owner, options.leaseSeconds))) return schedule(options.renewMs);
      const ordered = attempt % 2 === 0 ? urls : [...urls].reverse();
      attempt += 1;
      const connected = await connectXrpl(ordered, log);
      if (stopped) {
        await disconnectXrpl(connected);
        return;
      }
      client = connected;
      connected.on('ledgerClosed', (ledger) => {
        processing = processing
          .then(() => processLedger(Number(ledger.ledger_index)))
          .catch((error: unknown) =>
            log.error({ err: error, ledger: ledger.ledger_index }, 'could not process a ledger'),
          );
      });
      connected.on('disconnected', () => {
        if (client !== connected || stopped) return;
        log.warn({ retryInMs: backoff }, 'XRPL stream disconnected; reconnecting');
        void drop().then(() => schedule(backoff));
        backoff = Math.min(backoff * 2, options.maxBackoffMs);
      });
      await connected.request({ command: 'subscribe', streams: ['ledger'] });
      live = true;
      backoff = options.initialBackoffMs;
      renewal = setInterval(() => {
        if (stopped) return;
        renewing = holdStreamLease(deps.db, owner, options.leaseSeconds).then(async (held) => {
          if (!held) {
            log.warn('another process took the XRPL stream; standing by');
            await drop();
            schedule(options.renewMs);
          }
        });
      }, options.renewMs);
      renewal.unref();
      log.info('XRPL ledger stream live');
    } catch (error) {
      log.warn({ err: error, retryInMs: backoff }, 'XRPL stream could not start; retrying');
      await drop();
      schedule(backoff);
      backoff = Math.min(backoff * 2, options.maxBackoffMs);
    }
  };

  running = session();
  return {
    get live() {
      return live;
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await drop();
      await processing;
      // A renewal already on its way would put the lease back after the release below.
      await renewing.catch(() => undefined);
      await releaseStreamLease(deps.db, owner);
    },
  };
}
