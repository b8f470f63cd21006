import { z } from 'zod';
import { LEDGERS_PER_DAY } from './ledger-ranges';

/**
 * The longest backfill an admin may ask for. Exchange payments are kept 90 days and the hourly flows
 * are summed from them as they are stored: a ledger read again after its payments were pruned would
 * count them twice, so a backfill stays well inside that window. It also bounds what one request
 * asks of a public XRPL server (about 24,000 ledger reads a day).
 */
export const BACKFILL_MAX_DAYS = 30;

export const backfillRequestSchema = z
  .object({
    days: z
      .number({ error: 'Enter how many days back to read' })
      .int('Enter a whole number of days')
      .min(1, 'Read at least 1 day back')
      .max(BACKFILL_MAX_DAYS, `A backfill reads at most ${BACKFILL_MAX_DAYS} days back`),
  })
  .meta({ id: 'LedgerBackfillRequest' });
export type BackfillRequest = z.infer<typeof backfillRequestSchema>;

/** The ledgers a backfill of `days` asks for, counted back from (and including) `validated`. */
export function backfillWindow(days: number, validated: number): { from: number; to: number } {
  return { from: Math.max(1, validated - days * LEDGERS_PER_DAY + 1), to: validated };
}

export const backfillSchema = z
  .object({
    id: z.string(),
    days: z.number().int(),
    /** running: runs of the "XRPL Ledger Backfill" source read it; done and cancelled are final. */
    status: z.enum(['running', 'done', 'cancelled']),
    /** The window, set by the first run (null until then): from the validated ledger back. */
    fromLedger: z.number().int().nullable(),
    toLedger: z.number().int().nullable(),
    /** Ledgers of the window nothing had read when the first run looked; null until then. */
    ledgersTotal: z.number().int().nullable(),
    ledgersScanned: z.number().int(),
    /** Whale payments and exchange payments the backfill stored (found before: not counted again). */
    whalePayments: z.number().int(),
    exchangePayments: z.number().int(),
    /** The oldest ledger read so far and when it closed. */
    oldestLedger: z.number().int().nullable(),
    oldestClosedAt: z.string().nullable(),
    /** Why it ended, or what limits it (the server's oldest ledger); null while nothing is to say. */
    note: z.string().nullable(),
    requestedBy: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'LedgerBackfill' });
export type Backfill = z.infer<typeof backfillSchema>;

/** The latest backfill, or null when none was ever asked for. */
export const backfillStateSchema = z
  .object({ backfill: backfillSchema.nullable() })
  .meta({ id: 'LedgerBackfillState' });
export type BackfillState = z.infer<typeof backfillStateSchema>;
