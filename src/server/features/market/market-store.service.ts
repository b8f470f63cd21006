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

/** True when the charts have no history older than two days (first run, or a backfill that failed). */
export async function needsHistoryBackfill(db: Db): Promise<boolean> {
  const old = await db
    .selectFrom('market_history')
    .select('ts')
    .where('symbol', '=', 'XRP')
    .where('ts', '<', new Date(Date.now() - 2 * 86_400_000))
    .limit(1)
    .executeTakeFirst();
  return !old;
}

/** Stores backfilled history points (existing moments are kept); returns how many were given. */
export async function storeMarketHistory(
  db: Db,
  points: readonly { ts: number; price: number | null; marketCap: number | null; volume: number | null }[],
): Promise<number> {
  const rows = points.map((point) => ({
    symbol: 'XRP',
    ts: new Date(point.ts),
    price: point.price,
    market_cap: point.marketCap,
    volume_24h: point.volume,
  }));
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += 1000) {
      await trx
        .insertInto('market_history')
        .values(rows.slice(start, start + 1000))
        .onConflict((conflict) => conflict.columns(['symbol', 'ts']).doNothing())
        .execute();
    }
  });
  return rows.length;
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
