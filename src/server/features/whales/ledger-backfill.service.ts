import type { Backfill } from '@/domain/whales/backfill.schema';
import type { Db } from '../../db/client';
import type { LedgerBackfillsTable } from '../../db/schema-known-accounts';
import { AppError } from '../../lib/app-error';
import type { Selectable } from 'kysely';

type BackfillRow = Selectable<LedgerBackfillsTable>;

/** The data source whose runs read a backfill's ledgers. */
export const BACKFILL_API_TYPE = 'xrpl_backfill';

const iso = (value: Date | null) => value?.toISOString() ?? null;

export function toBackfillDto(row: BackfillRow): Backfill {
  return {
    id: row.id,
    days: row.days,
    status: row.status,
    fromLedger: row.from_ledger,
    toLedger: row.to_ledger,
    ledgersTotal: row.ledgers_total,
    ledgersScanned: row.ledgers_scanned,
    whalePayments: row.whale_payments,
    exchangePayments: row.exchange_payments,
    oldestLedger: row.oldest_ledger,
    oldestClosedAt: iso(row.oldest_closed_at),
    note: row.note,
    requestedBy: row.requested_by,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    finishedAt: iso(row.finished_at),
  };
}

/** The latest backfill asked for, running or not; null when none ever was. */
export async function latestBackfill(db: Db): Promise<Backfill | null> {
  const row = await db
    .selectFrom('ledger_backfills')
    .selectAll()
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toBackfillDto(row) : null;
}

/** The backfill the source's runs read, if one is running. */
export async function runningBackfill(db: Db): Promise<BackfillRow | undefined> {
  return db.selectFrom('ledger_backfills').selectAll().where('status', '=', 'running').executeTakeFirst();
}

/**
 * Asks for the past `days` of ledgers to be read, and makes the backfill source due at once (it is
 * due once a day while nothing is asked). One runs at a time: 409 while one does.
 */
export async function requestBackfill(db: Db, userId: string, days: number): Promise<Backfill> {
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('ledger_backfills')
        .values({ days, status: 'running', requested_by: userId })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('api_sources')
        .set({ next_sync_at: new Date() })
        .where('api_type', '=', BACKFILL_API_TYPE)
        .execute();
      return toBackfillDto(row);
    });
  } catch (error) {
    // The unique index on the running backfill: another is running.
    if ((error as { code?: string }).code !== '23505') throw error;
    throw new AppError('conflict', 'A backfill is already running: cancel it or let it finish first');
  }
}

/** Stops the running backfill; what it read stays. 404 when none runs. */
export async function cancelBackfill(db: Db): Promise<Backfill> {
  const row = await db
    .updateTable('ledger_backfills')
    .set({
      status: 'cancelled',
      note: 'Cancelled by an admin',
      finished_at: new Date(),
      updated_at: new Date(),
    })
    .where('status', '=', 'running')
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', 'No backfill is running');
  return toBackfillDto(row);
}

/** The first run's reading of the window: its ledgers, how many were unread, what limits it. */
export async function setBackfillWindow(
  db: Db,
  id: string,
  window: { from: number; to: number; total: number; note: string | null },
): Promise<void> {
  await db
    .updateTable('ledger_backfills')
    .set({
      from_ledger: window.from,
      to_ledger: window.to,
      ledgers_total: window.total,
      note: window.note,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export interface BackfillProgress {
  ledgers: number;
  whales: number;
  exchangePayments: number;
  oldest: { ledger: number; closedAt: Date } | null;
}

/**
 * Adds a batch's progress — also to a backfill an admin has just cancelled, since those ledgers were
 * read — and says whether it still runs: false, and the run stops reading.
 */
export async function addBackfillProgress(db: Db, id: string, progress: BackfillProgress): Promise<boolean> {
  const row = await db
    .updateTable('ledger_backfills')
    .set((eb) => ({
      ledgers_scanned: eb('ledgers_scanned', '+', progress.ledgers),
      whale_payments: eb('whale_payments', '+', progress.whales),
      exchange_payments: eb('exchange_payments', '+', progress.exchangePayments),
      ...(progress.oldest && {
        oldest_ledger: eb.fn<number>('least', [eb.ref('oldest_ledger'), eb.val(progress.oldest.ledger)]),
        oldest_closed_at: eb
          .case()
          .when(eb.or([eb('oldest_ledger', 'is', null), eb('oldest_ledger', '>', progress.oldest.ledger)]))
          .then(progress.oldest.closedAt)
          .else(eb.ref('oldest_closed_at'))
          .end(),
      }),
      updated_at: new Date(),
    }))
    .where('id', '=', id)
    .returning('status')
    .executeTakeFirst();
  return row?.status === 'running';
}

/** The window is read (or can be read no further): the backfill is done, with why. */
export async function finishBackfill(db: Db, id: string, note: string): Promise<void> {
  await db
    .updateTable('ledger_backfills')
    .set({ status: 'done', note, finished_at: new Date(), updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}
