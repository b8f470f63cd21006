import { sql } from 'kysely';
import type { StoredPrice } from '@/domain/alerts/messages';
import type { Db, Trx } from '../../db/client';

/**
 * The XRP price a payment is valued at, by the rule the whale history values its payments with: the
 * stored price nearest the moment within the same UTC clock hour (the earlier of two as near); none
 * in that hour leaves the value unknown (null).
 */
export async function xrpPriceNear(db: Db | Trx, at: Date): Promise<StoredPrice | null> {
  const result = await sql<{ price: string; ts: Date }>`
    SELECT m.price::text AS price, m.ts FROM market_history m
    WHERE m.symbol = 'XRP' AND m.price IS NOT NULL
      AND m.ts >= date_trunc('hour', ${at}::timestamptz, 'UTC')
      AND m.ts < date_trunc('hour', ${at}::timestamptz, 'UTC') + interval '1 hour'
    ORDER BY abs(extract(epoch FROM m.ts - ${at}::timestamptz)), m.ts
    LIMIT 1`.execute(db);
  const row = result.rows[0];
  return row ? { usd: Number(row.price), at: row.ts } : null;
}

/** The newest stored XRP price, with its moment; null when none is stored. */
export async function latestXrpPrice(db: Db | Trx): Promise<StoredPrice | null> {
  const row = await db
    .selectFrom('market_history')
    .select(['price', 'ts'])
    .where('symbol', '=', 'XRP')
    .where('price', 'is not', null)
    .orderBy('ts', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.price == null ? null : { usd: Number(row.price), at: row.ts };
}
