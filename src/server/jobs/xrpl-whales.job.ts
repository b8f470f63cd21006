import {
  countLedgers,
  formatRanges,
  LEDGERS_PER_DAY,
  takeLedgers,
  type LedgerRange,
} from '@/domain/whales/ledger-ranges';
import { firstScannedLedger, unscannedLedgers } from '../features/whales';
import { connectXrpl, disconnectXrpl, validatedLedgerIndex } from '../upstreams/xrpl';
import { scanLedger } from './ledger-scan';
import { defineSourceJob } from './source-job';

/** Ledgers scanned in one run; a longer gap is closed over the next runs. */
export const MAX_LEDGERS_PER_RUN = 300;
/** With no ledger read yet, start this many ledgers back. */
const FIRST_RUN_LEDGERS = 20;

/**
 * The periodic catch-up: scans the ledgers of the last day that nothing has read — those since the
 * last one the stream or a run read, and any gap the stream left while it was down — oldest first,
 * for whale payments and the watched accounts they touched. It never reaches back before the first
 * ledger ever read: reading further back is a backfill's, which an admin asks for.
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
      const first = await firstScannedLedger(db);
      const gaps: LedgerRange[] =
        first === null
          ? [{ first: current - FIRST_RUN_LEDGERS + 1, last: current }]
          : await unscannedLedgers(db, Math.max(first, current - LEDGERS_PER_DAY + 1), current);
      if (gaps.length === 0) return { recordsProcessed: 0, details: `Up to date at ledger ${current}` };
      const batch = takeLedgers(gaps, MAX_LEDGERS_PER_RUN, 'oldest');
      let stored = 0;
      for (const range of batch) {
        for (let index = range.first; index <= range.last; index += 1) {
          stored += (await scanLedger(db, client, index)).whales;
        }
      }
      const scanned = countLedgers(batch);
      const behind = countLedgers(gaps) - scanned;
      return {
        recordsProcessed: stored,
        details: `Scanned ledgers ${formatRanges(batch)} (${scanned}); ${stored} whale payments${behind > 0 ? `; ${behind} ledgers still to scan` : ''}`,
      };
    } finally {
      await disconnectXrpl(client);
    }
  },
});
