import type { EscrowEvent } from '@/domain/supply/escrow-events';
import type { LedgerEscrow } from '@/domain/supply/supply';
import type { Db } from '../../db/client';

/** The accounts the registry names as Ripple's now (retired ones left out), by address. */
export async function rippleAccounts(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('known_accounts')
    .select('address')
    .where('category', '=', 'ripple')
    .where('retired_at', 'is', null)
    .orderBy('address')
    .execute();
  return rows.map((row) => row.address);
}

export interface SupplyReading {
  ledger: { index: number; closedAt: Date };
  totalCoinsDrops: bigint;
  /** The Ripple accounts read; none leaves the escrowed and held sums unknown. */
  rippleAccounts: number;
  rippleHeldDrops: bigint;
  /** The escrows those accounts own (each once, however many of them list it). */
  escrows: readonly LedgerEscrow[];
}

/**
 * One run's reading in one transaction: the supply row, and the escrows replaced by the ones read
 * at this ledger (a released escrow is gone from the ledger, so it goes here too). A reading of an
 * older ledger than the latest stored (a slower fallback server) adds its row and leaves the
 * escrows of the newer one. Reading the same ledger again changes nothing.
 */
export async function storeSupply(db: Db, reading: SupplyReading): Promise<number> {
  const known = reading.rippleAccounts > 0;
  const escrowedDrops = reading.escrows.reduce((sum, escrow) => sum + escrow.amountDrops, 0n);
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('supply_readings')
      .values({
        ledger_index: reading.ledger.index,
        read_at: reading.ledger.closedAt,
        total_coins_drops: reading.totalCoinsDrops.toString(),
        ripple_accounts: reading.rippleAccounts,
        escrowed_drops: known ? escrowedDrops.toString() : null,
        escrows: known ? reading.escrows.length : null,
        ripple_held_drops: known ? reading.rippleHeldDrops.toString() : null,
      })
      .onConflict((conflict) => conflict.column('ledger_index').doNothing())
      .executeTakeFirst();
    const newest = await trx
      .selectFrom('supply_readings')
      .select((eb) => eb.fn.max('ledger_index').as('last'))
      .executeTakeFirst();
    if (Number(newest?.last ?? 0) === reading.ledger.index) {
      await trx.deleteFrom('ripple_escrows').execute();
      if (reading.escrows.length > 0)
        await trx
          .insertInto('ripple_escrows')
          .values(
            reading.escrows.map((escrow) => ({
              entry_index: escrow.index,
              owner: escrow.owner,
              destination: escrow.destination,
              amount_drops: escrow.amountDrops.toString(),
              finish_after: escrow.finishAfter,
              cancel_after: escrow.cancelAfter,
              created_ledger: escrow.previousLedger,
              ledger_index: reading.ledger.index,
            })),
          )
          .execute();
    }
    return Number(inserted.numInsertedOrUpdatedRows ?? 0);
  });
}

/**
 * The escrow events of one ledger whose owner the registry names as Ripple's now; others are left
 * out. The registry is read only for a ledger that has any: most have none.
 */
export async function storeEscrowEvents(db: Db, events: readonly EscrowEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const ripple = new Set(await rippleAccounts(db));
  const ours = events.filter((event) => ripple.has(event.owner));
  if (ours.length === 0) return 0;
  const inserted = await db
    .insertInto('escrow_events')
    .values(
      ours.map((event) => ({
        hash: event.hash,
        ledger_index: event.ledgerIndex,
        closed_at: event.closedAt,
        kind: event.kind,
        owner: event.owner,
        amount_drops: event.amountDrops.toString(),
        finish_after: event.finishAfter,
      })),
    )
    .onConflict((conflict) => conflict.column('hash').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0);
}
