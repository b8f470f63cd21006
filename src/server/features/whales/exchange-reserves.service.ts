import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';

/** An exchange's named accounts as the registry lists them now (retired ones left out). */
export async function exchangeAccounts(db: Db): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom('known_accounts')
    .select(['address', 'entity'])
    .where('category', '=', 'exchange')
    .where('retired_at', 'is', null)
    .orderBy('entity')
    .orderBy('address')
    .execute();
  const byEntity = new Map<string, string[]>();
  for (const row of rows) byEntity.set(row.entity, [...(byEntity.get(row.entity) ?? []), row.address]);
  return byEntity;
}

export interface ReserveReading {
  entity: string;
  balanceDrops: bigint;
  /** The named accounts summed (one the ledger lacks counts 0 XRP). */
  addresses: readonly string[];
}

/** Which accounts a reading summed: a digest of their sorted addresses. */
export function accountsKey(addresses: readonly string[]): string {
  return createHash('sha256').update(addresses.toSorted().join(',')).digest('hex').slice(0, 32);
}

/**
 * One run's readings, all at one validated ledger, in one statement: a run either adds every
 * exchange or none. Reading the same ledger again changes nothing.
 */
export async function storeReserves(
  db: Db,
  ledger: { index: number; closedAt: Date },
  readings: readonly ReserveReading[],
): Promise<number> {
  if (readings.length === 0) return 0;
  const inserted = await db
    .insertInto('exchange_reserves')
    .values(
      readings.map((reading) => ({
        entity: reading.entity,
        ledger_index: ledger.index,
        read_at: ledger.closedAt,
        balance_drops: reading.balanceDrops.toString(),
        accounts: reading.addresses.length,
        accounts_key: accountsKey(reading.addresses),
      })),
    )
    .onConflict((conflict) => conflict.columns(['entity', 'ledger_index']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0);
}
