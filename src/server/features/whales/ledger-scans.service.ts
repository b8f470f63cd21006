import { missingRanges, type LedgerRange } from '@/domain/whales/ledger-ranges';
import type { Db, Trx } from '../../db/client';

/**
 * Records one more ledger as read, in the caller's transaction: it joins the range it touches (or
 * the two it bridges), or starts one of its own. Two processes joining one range at once may leave
 * two overlapping rows; readers join overlaps, so coverage is never lost.
 */
export async function recordScannedLedger(trx: Trx, ledgerIndex: number): Promise<void> {
  const near = await trx
    .selectFrom('ledger_scan_ranges')
    .select(['first_ledger', 'last_ledger'])
    .where('first_ledger', '<=', ledgerIndex + 1)
    .where('last_ledger', '>=', ledgerIndex - 1)
    .execute();
  if (near.some((range) => range.first_ledger <= ledgerIndex && ledgerIndex <= range.last_ledger)) return;
  const first = Math.min(ledgerIndex, ...near.map((range) => range.first_ledger));
  const last = Math.max(ledgerIndex, ...near.map((range) => range.last_ledger));
  if (near.length > 0) {
    await trx
      .deleteFrom('ledger_scan_ranges')
      .where(
        'first_ledger',
        'in',
        near.map((range) => range.first_ledger),
      )
      .execute();
  }
  await trx
    .insertInto('ledger_scan_ranges')
    .values({ first_ledger: first, last_ledger: last })
    .onConflict((conflict) =>
      conflict.column('first_ledger').doUpdateSet((eb) => ({
        last_ledger: eb.fn('greatest', [
          eb.ref('ledger_scan_ranges.last_ledger'),
          eb.ref('excluded.last_ledger'),
        ]),
      })),
    )
    .execute();
}

/** The ledgers of [from, to] nothing has read, oldest first. */
export async function unscannedLedgers(db: Db, from: number, to: number): Promise<LedgerRange[]> {
  const rows = await db
    .selectFrom('ledger_scan_ranges')
    .select(['first_ledger', 'last_ledger'])
    .where('first_ledger', '<=', to)
    .where('last_ledger', '>=', from)
    .execute();
  return missingRanges(
    rows.map((row) => ({ first: row.first_ledger, last: row.last_ledger })),
    from,
    to,
  );
}

/** The oldest ledger ever read, where the site's history begins; null before the first. */
export async function firstScannedLedger(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('ledger_scan_ranges')
    .select((eb) => eb.fn.min('first_ledger').as('first'))
    .executeTakeFirst();
  return row?.first === null || row?.first === undefined ? null : Number(row.first);
}
