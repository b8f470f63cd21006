import { backfillWindow } from '@/domain/whales/backfill.schema';
import {
  countLedgers,
  formatRanges,
  mergeRanges,
  oldestCompleteLedger,
  takeLedgers,
} from '@/domain/whales/ledger-ranges';
import {
  addBackfillProgress,
  BACKFILL_API_TYPE,
  finishBackfill,
  runningBackfill,
  setBackfillWindow,
  unscannedLedgers,
  type BackfillProgress,
} from '../features/whales';
import { connectXrpl, disconnectXrpl, isXrplError, serverHistory } from '../upstreams/xrpl';
import type { JobDefinition } from './job';
import { scanLedger } from './ledger-scan';
import { defineSourceJob } from './source-job';

export interface BackfillLimits {
  /** Ledgers one run reads at most. */
  ledgersPerRun: number;
  /** How long one run reads before it hands over to the next (the source is due again at once). */
  runMs: number;
  /** Progress is saved (and a cancel seen) after this many ledgers. */
  progressEvery: number;
}

const defaults: BackfillLimits = { ledgersPerRun: 5_000, runMs: 45_000, progressEvery: 25 };

const ledgerMissing = (error: unknown) =>
  isXrplError(error, 'RippledError') &&
  (error as { data?: { error?: string } }).data?.error === 'lgrNotFound';

/**
 * The backfill an admin asked for (Admin → API Management): each run of the "XRPL Ledger Backfill"
 * source reads a bounded batch of the window's unread ledgers, newest first, with the same scan as
 * the stream (whale payments, exchange payments and their hourly flows), and saves its progress as
 * it goes. What was read is recorded per ledger, so a restart or a second process resumes exactly
 * where reading stopped. The window runs back from the validated ledger as of the first run, never
 * before the oldest ledger the server keeps; a ledger the server lacks ends the backfill there.
 */
export function defineBackfillJob(limits: Partial<BackfillLimits> = {}): JobDefinition {
  const { ledgersPerRun, runMs, progressEvery } = { ...defaults, ...limits };
  return defineSourceJob({
    name: 'xrpl-backfill',
    description:
      'Reads the past ledgers an admin asked for (whale payments, exchange flows), a batch per run',
    apiType: BACKFILL_API_TYPE,
    sync: async ({ db, env, logger }) => {
      const backfill = await runningBackfill(db);
      if (!backfill) return { recordsProcessed: 0, details: 'No backfill requested' };
      const client = await connectXrpl([env.XRPL_WS_URL, env.XRPL_WS_FALLBACK_URL], logger);
      try {
        let { from_ledger: from, to_ledger: to, note } = backfill;
        if (from === null || to === null) {
          const server = await serverHistory(client);
          const wanted = backfillWindow(backfill.days, server.validated);
          const oldest = oldestCompleteLedger(server.completeLedgers, server.validated);
          from = oldest === null ? wanted.from : Math.max(wanted.from, oldest);
          to = wanted.to;
          note =
            oldest !== null && oldest > wanted.from
              ? `The XRPL server keeps ledgers from ${oldest} on: the backfill reads back to there`
              : null;
          const total = countLedgers(await unscannedLedgers(db, from, to));
          await setBackfillWindow(db, backfill.id, { from, to, total, note });
        }

        const gaps = await unscannedLedgers(db, from, to);
        const batch = takeLedgers(gaps, ledgersPerRun, 'newest');
        const started = Date.now();
        const read: number[] = [];
        let whales = 0;
        let exchangePayments = 0;
        let pending: BackfillProgress = { ledgers: 0, whales: 0, exchangePayments: 0, oldest: null };
        let stopped: string | null = null;
        /** Saves the progress not saved yet; false once an admin has cancelled the backfill. */
        const save = async () => {
          const running = await addBackfillProgress(db, backfill.id, pending);
          pending = { ledgers: 0, whales: 0, exchangePayments: 0, oldest: null };
          return running;
        };
        const indexes = batch.flatMap((range) =>
          Array.from({ length: range.last - range.first + 1 }, (_, offset) => range.last - offset),
        );
        indexes.sort((a, b) => b - a);
        // What was read is saved even when a read fails: those ledgers are recorded as read.
        try {
          for (const index of indexes) {
            if (Date.now() - started > runMs) break;
            let scan;
            try {
              scan = await scanLedger(db, client, index, { past: true });
            } catch (error) {
              if (!ledgerMissing(error)) throw error;
              await save();
              await finishBackfill(
                db,
                backfill.id,
                `The XRPL server has no ledger ${index}: the backfill read back to ${index + 1}`,
              );
              stopped = `the server has no ledger ${index}`;
              break;
            }
            read.push(index);
            whales += scan.whales;
            exchangePayments += scan.exchangePayments;
            pending = {
              ledgers: pending.ledgers + 1,
              whales: pending.whales + scan.whales,
              exchangePayments: pending.exchangePayments + scan.exchangePayments,
              oldest: { ledger: index, closedAt: scan.closeTime },
            };
            if (pending.ledgers >= progressEvery && !(await save())) {
              stopped = 'the backfill was cancelled';
              break;
            }
          }
        } finally {
          if (pending.ledgers > 0 && !(await save())) stopped ??= 'the backfill was cancelled';
        }

        const left = countLedgers(await unscannedLedgers(db, from, to));
        if (left === 0 && !stopped) {
          await finishBackfill(db, backfill.id, note ?? 'Every ledger of the window is read');
        }
        const readRanges = formatRanges(mergeRanges(read.map((index) => ({ first: index, last: index }))));
        const summary = `Read ledgers ${readRanges ? `${readRanges} ` : ''}(${read.length}); ${whales} whale payments, ${exchangePayments} exchange payments`;
        return {
          recordsProcessed: whales + exchangePayments,
          details: stopped
            ? `${summary}; stopped: ${stopped}`
            : left > 0
              ? `${summary}; ${left} ledgers left`
              : `${summary}; backfill finished`,
          moreToDo: !stopped && left > 0,
        };
      } finally {
        await disconnectXrpl(client);
      }
    },
  });
}

export const xrplBackfillJob = defineBackfillJob();
