import { sql, type Selectable } from 'kysely';
import { WHALE_LIST_LIMIT, type WhaleStats, type WhaleTransaction } from '@/domain/whales/whales.schema';
import type { Db } from '../../db/client';
import type { Database } from '../../db/schema';
import { sourceHealth } from '../sync';

export function toWhaleDto(row: Selectable<Database['whale_transactions']>): WhaleTransaction {
  return {
    id: row.id,
    transactionHash: row.transaction_hash,
    amountXrp: row.amount_xrp,
    transactionTimestamp: row.transaction_timestamp.toISOString(),
    fromAddress: row.from_address,
    toAddress: row.to_address,
  };
}

/** The latest whale transactions, transaction_timestamp descending. */
export async function listWhaleTransactions(db: Db, limit = WHALE_LIST_LIMIT): Promise<WhaleTransaction[]> {
  const rows = await db
    .selectFrom('whale_transactions')
    .selectAll()
    .orderBy('transaction_timestamp', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toWhaleDto);
}

/** Sum, count, largest and average over the last 24 hours, computed in SQL numeric (no float rounding). */
export async function getWhaleStats(db: Db): Promise<WhaleStats> {
  const result = await sql<{ total: string; count: number; largest: string; average: string }>`
    SELECT coalesce(sum(amount_xrp), 0)::text AS total,
           count(*)::int AS count,
           coalesce(max(amount_xrp), 0)::text AS largest,
           coalesce(round(avg(amount_xrp), 6), 0)::text AS average
    FROM whale_transactions
    WHERE transaction_timestamp >= now() - interval '24 hours'`.execute(db);
  const row = result.rows[0] ?? { total: '0', count: 0, largest: '0', average: '0' };
  const health = await sourceHealth(db, 'xrpl_whales', 'XRP Ledger');
  // A stored payment proves the ledger was read, whether its run has logged its success yet (the
  // live event reaches the page first) or the continuous stream found it: the figures are known.
  const anyRead =
    health.everSucceeded ||
    Boolean(await db.selectFrom('whale_transactions').select('id').limit(1).executeTakeFirst());
  return {
    totalVolume24h: row.total,
    transactionCount24h: row.count,
    largestTransaction24h: row.largest,
    averageTransaction24h: row.average,
    source: { ...health, everSucceeded: anyRead },
  };
}
