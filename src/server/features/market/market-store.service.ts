import { velocity, type MarketSnapshot } from '@/domain/market/metrics';
import type { Db } from '../../db/client';
import type { FearGreedEntry } from '../../upstreams/fear-greed';

/**
 * What the market and Fear & Greed syncs store: the SQL behind jobs/market-metrics.job.ts and
 * jobs/fear-greed.job.ts. Each write is one transaction and safe to repeat (unique keys).
 */

/** One crypto_metrics row for XRP and the history point of the same moment. */
export async function storeMarketSnapshot(db: Db, snapshot: MarketSnapshot, at: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('crypto_metrics')
      .values({
        symbol: 'XRP',
        price: snapshot.price,
        price_change_24h: snapshot.priceChangePercent24h,
        market_cap: snapshot.marketCap,
        rank: snapshot.rank,
        volume_24h: snapshot.volume24h,
        circulating_supply: snapshot.circulatingSupply,
        total_supply: snapshot.totalSupply,
        xrp_dominance: snapshot.dominance,
        velocity: velocity(snapshot.volume24h, snapshot.marketCap),
        created_at: at,
      })
      .execute();
    await trx
      .insertInto('market_history')
      .values({
        symbol: 'XRP',
        ts: at,
        price: snapshot.price,
        market_cap: snapshot.marketCap,
        volume_24h: snapshot.volume24h,
        xrp_dominance: snapshot.dominance,
      })
      .onConflict((conflict) => conflict.columns(['symbol', 'ts']).doNothing())
      .execute();
  });
}

/** The sync_state key that says one history read (by how many days it reached back) is stored. */
const backfillKey = (days: number) => `market.history_backfill.${days}d`;

/**
 * Which of the history reads (each named by how many days it reaches back) are still to be stored:
 * every one while nothing older than two days is stored (a first run, or a history since removed),
 * otherwise those never stored. Each read is made once, so the history grows only by the syncs.
 */
export async function pendingHistoryBackfills(db: Db, reads: readonly number[]): Promise<number[]> {
  if (reads.length === 0) return [];
  const old = await db
    .selectFrom('market_history')
    .select('ts')
    .where('symbol', '=', 'XRP')
    .where('ts', '<', new Date(Date.now() - 2 * 86_400_000))
    .limit(1)
    .executeTakeFirst();
  if (!old) return [...reads];
  const done = await db
    .selectFrom('sync_state')
    .select('key')
    .where(
      'key',
      'in',
      reads.map((days) => backfillKey(days)),
    )
    .execute();
  const stored = new Set(done.map((row) => row.key));
  return reads.filter((days) => !stored.has(backfillKey(days)));
}

/**
 * Stores one history read's points (a moment already stored keeps its record, so a repeated read adds
 * nothing twice) and marks the read done, in one transaction; returns how many points were new.
 */
export async function storeMarketHistory(
  db: Db,
  days: number,
  points: readonly { ts: number; price: number | null; marketCap: number | null; volume: number | null }[],
): Promise<number> {
  const rows = points.map((point) => ({
    symbol: 'XRP',
    ts: new Date(point.ts),
    price: point.price,
    market_cap: point.marketCap,
    volume_24h: point.volume,
  }));
  return db.transaction().execute(async (trx) => {
    let added = 0;
    for (let start = 0; start < rows.length; start += 1000) {
      const result = await trx
        .insertInto('market_history')
        .values(rows.slice(start, start + 1000))
        .onConflict((conflict) => conflict.columns(['symbol', 'ts']).doNothing())
        .executeTakeFirst();
      added += Number(result.numInsertedOrUpdatedRows ?? 0n);
    }
    const value = new Date().toISOString();
    await trx
      .insertInto('sync_state')
      .values({ key: backfillKey(days), value })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updated_at: new Date() }))
      .execute();
    return added;
  });
}

export async function hasFearGreedHistory(db: Db): Promise<boolean> {
  return (await db.selectFrom('fear_greed_index').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Stores Fear & Greed values, one per timestamp (known ones are kept); returns how many were new. */
export async function storeFearGreed(db: Db, entries: readonly FearGreedEntry[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let count = 0;
    for (let start = 0; start < entries.length; start += 1000) {
      const result = await trx
        .insertInto('fear_greed_index')
        .values(
          entries.slice(start, start + 1000).map((entry) => ({
            value: entry.value,
            value_classification: entry.classification,
            timestamp: entry.timestamp,
          })),
        )
        .onConflict((conflict) => conflict.column('timestamp').doNothing())
        .returning('id')
        .execute();
      count += result.length;
    }
    return count;
  });
}
