import { lastScannedLedger } from '../features/whales';
import { connectXrpl, disconnectXrpl, validatedLedgerIndex } from '../upstreams/xrpl';
import { scanLedger } from './ledger-scan';
import { defineSourceJob } from './source-job';

/** About a day of ledgers (one closes every 3–4 s): catch-up never reaches further back. */
export const LEDGERS_PER_DAY = 24_000;
/** Ledgers scanned in one run; a longer gap is closed over the next runs. */
export const MAX_LEDGERS_PER_RUN = 300;
/** With no scan mark yet, start this many ledgers back. */
const FIRST_RUN_LEDGERS = 20;

/**
 * The periodic catch-up: scans the ledgers missed since the last one recorded (by the stream or a
 * run) for whale payments and for watched accounts they touched.
 */
export const xrplWhalesJob = defineSourceJob({
  name: 'xrpl-whales',
  description:
    'Scans the XRP Ledger ledgers the live stream missed for whale payments and watched-account moves (up to a day back)',
  apiType: 'xrpl_whales',
  sync: async ({ db, env, logger }) => {
    const client = await connectXrpl([env.XRPL_WS_URL, env.XRPL_WS_FALLBACK_URL], logger);
    try {
      const current = await validatedLedgerIndex(client);
      const last = await lastScannedLedger(db);
      const from =
        last === null ? current - FIRST_RUN_LEDGERS + 1 : Math.max(last + 1, current - LEDGERS_PER_DAY);
      if (from > current) return { recordsProcessed: 0, details: `Up to date at ledger ${current}` };
      const to = Math.min(current, from + MAX_LEDGERS_PER_RUN - 1);
      let stored = 0;
      for (let index = from; index <= to; index += 1) stored += await scanLedger(db, client, index);
      const behind = current - to;
      return {
        recordsProcessed: stored,
        details: `Scanned ledgers ${from}–${to} (${to - from + 1}); ${stored} whale payments${behind > 0 ? `; ${behind} ledgers still to scan` : ''}`,
      };
    } finally {
      await disconnectXrpl(client);
    }
  },
});
