import { sql } from 'kysely';
import { whalePaymentsOf, type WhalePayment } from '@/domain/whales/ledger';
import type { Db } from '../../db/client';
import { storeExchangePayments } from './exchange-flows.service';
import { recordScannedLedger } from './ledger-scans.service';

const LAST_LEDGER_KEY = 'xrpl_last_ledger';

export async function lastScannedLedger(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('sync_state')
    .select('value')
    .where('key', '=', LAST_LEDGER_KEY)
    .executeTakeFirst();
  return row ? Number(row.value) : null;
}

/**
 * Stores what one ledger's XRP payments tell — its whale payments, and those with a named exchange
 * on a side with the exchanges' hourly flows — moves the scan mark and records the ledger as read, in
 * one transaction: a crash
 * leaves the ledger either fully recorded or not at all. Payments already stored (by hash) are
 * skipped. Returns how many whale and exchange payments were new.
 */
export async function storeLedgerPayments(
  db: Db,
  ledgerIndex: number,
  payments: readonly WhalePayment[],
): Promise<{ whales: number; exchangePayments: number }> {
  const whales = whalePaymentsOf(payments);
  return db.transaction().execute(async (trx) => {
    let inserted = 0;
    if (whales.length > 0) {
      const rows = await trx
        .insertInto('whale_transactions')
        .values(
          whales.map((whale) => ({
            transaction_hash: whale.hash,
            amount_xrp: whale.amountXrp,
            transaction_timestamp: whale.timestamp,
            from_address: whale.from,
            to_address: whale.to,
            ledger_index: whale.ledgerIndex,
            destination_tag: whale.destinationTag,
            from_flags: whale.sourceFlags,
            to_flags: whale.destinationFlags,
          })),
        )
        .onConflict((conflict) => conflict.column('transaction_hash').doNothing())
        .returning('id')
        .execute();
      inserted = rows.length;
    }
    const exchangePayments = await storeExchangePayments(trx, payments);
    await sql`
      INSERT INTO sync_state (key, value) VALUES (${LAST_LEDGER_KEY}, ${String(ledgerIndex)})
      ON CONFLICT (key) DO UPDATE SET value = greatest(sync_state.value::bigint, excluded.value::bigint)::text, updated_at = now()`.execute(
      trx,
    );
    await recordScannedLedger(trx, ledgerIndex);
    return { whales: inserted, exchangePayments };
  });
}
