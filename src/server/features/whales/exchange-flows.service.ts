import { sql } from 'kysely';
import { exchangeFlowEntries } from '@/domain/known-accounts/exchange-flow';
import type { WhalePayment } from '@/domain/whales/ledger';
import type { Db, Trx } from '../../db/client';

/** The exchange entity of each of `addresses` that a live registry entry names an exchange's. */
async function exchangeEntities(trx: Trx, addresses: readonly string[]): Promise<Map<string, string>> {
  if (addresses.length === 0) return new Map();
  const rows = await trx
    .selectFrom('known_accounts')
    .select(['address', 'entity'])
    .where('category', '=', 'exchange')
    .where('retired_at', 'is', null)
    .where('address', 'in', [...new Set(addresses)])
    .execute();
  return new Map(rows.map((row) => [row.address, row.entity]));
}

const exchangeSide = (entity: string | null | undefined) =>
  entity ? { entity, category: 'exchange' as const } : null;

/**
 * Keeps the payments of one ledger that have a named exchange account on either side, and adds the
 * new ones (not the ones stored before, by hash) to each exchange's hourly inflow and outflow, inside
 * the caller's transaction: the sums always match the stored payments. Returns how many were new.
 */
export async function storeExchangePayments(trx: Trx, payments: readonly WhalePayment[]): Promise<number> {
  const entities = await exchangeEntities(
    trx,
    payments.flatMap((payment) => [payment.from, payment.to]),
  );
  const rows = payments
    .filter((payment) => entities.has(payment.from) || entities.has(payment.to))
    .map((payment) => ({
      transaction_hash: payment.hash,
      ledger_index: payment.ledgerIndex,
      paid_at: payment.timestamp,
      from_address: payment.from,
      to_address: payment.to,
      amount_drops: payment.amountDrops.toString(),
      destination_tag: payment.destinationTag,
      from_exchange: entities.get(payment.from) ?? null,
      to_exchange: entities.get(payment.to) ?? null,
    }))
    .filter((row) => row.amount_drops !== '0');
  if (rows.length === 0) return 0;
  const inserted = await trx
    .insertInto('exchange_payments')
    .values(rows)
    .onConflict((conflict) => conflict.column('transaction_hash').doNothing())
    .returning(['paid_at', 'amount_drops', 'from_exchange', 'to_exchange'])
    .execute();

  const sums = new Map<
    string,
    { entity: string; hour: Date; in: bigint; inCount: number; out: bigint; outCount: number }
  >();
  for (const row of inserted) {
    const hour = new Date(Math.floor(row.paid_at.getTime() / 3_600_000) * 3_600_000);
    const entries = exchangeFlowEntries(
      exchangeSide(row.from_exchange),
      exchangeSide(row.to_exchange),
      BigInt(row.amount_drops),
    );
    for (const entry of entries) {
      const key = `${entry.entity}\u0000${hour.toISOString()}`;
      const sum = sums.get(key) ?? { entity: entry.entity, hour, in: 0n, inCount: 0, out: 0n, outCount: 0 };
      if (entry.direction === 'in') {
        sum.in += entry.drops;
        sum.inCount += 1;
      } else {
        sum.out += entry.drops;
        sum.outCount += 1;
      }
      sums.set(key, sum);
    }
  }
  if (sums.size > 0)
    await trx
      .insertInto('exchange_flow_hourly')
      .values(
        [...sums.values()].map((sum) => ({
          entity: sum.entity,
          hour: sum.hour,
          inflow_drops: sum.in.toString(),
          inflow_count: sum.inCount,
          outflow_drops: sum.out.toString(),
          outflow_count: sum.outCount,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['entity', 'hour']).doUpdateSet({
          inflow_drops: sql`exchange_flow_hourly.inflow_drops + excluded.inflow_drops`,
          inflow_count: sql`exchange_flow_hourly.inflow_count + excluded.inflow_count`,
          outflow_drops: sql`exchange_flow_hourly.outflow_drops + excluded.outflow_drops`,
          outflow_count: sql`exchange_flow_hourly.outflow_count + excluded.outflow_count`,
        }),
      )
      .execute();
  return inserted.length;
}

export interface HourlyFlow {
  entity: string;
  hour: string;
  inflowDrops: string;
  inflowCount: number;
  outflowDrops: string;
  outflowCount: number;
}

/** The stored hourly sums, oldest first, by entity within an hour. */
export async function storedHourlyFlows(db: Db): Promise<HourlyFlow[]> {
  const rows = await db
    .selectFrom('exchange_flow_hourly')
    .selectAll()
    .where((eb) => eb.or([eb('inflow_count', '>', 0), eb('outflow_count', '>', 0)]))
    .orderBy('hour')
    .orderBy('entity')
    .execute();
  return rows.map((row) => ({
    entity: row.entity,
    hour: row.hour.toISOString(),
    inflowDrops: row.inflow_drops,
    inflowCount: row.inflow_count,
    outflowDrops: row.outflow_drops,
    outflowCount: row.outflow_count,
  }));
}

/**
 * Each stored payment's exchange sides, as (entity, hour, inflow, outflow) rows: an outflow of its
 * sender's exchange and an inflow of its receiver's, unless both sides are one entity.
 */
const flowSides = sql`
  SELECT to_exchange AS entity, date_trunc('hour', paid_at, 'UTC') AS hour,
    amount_drops AS inflow, 0::numeric AS outflow, 1 AS ins, 0 AS outs
  FROM exchange_payments
  WHERE to_exchange IS NOT NULL AND lower(to_exchange) IS DISTINCT FROM lower(from_exchange)
  UNION ALL
  SELECT from_exchange, date_trunc('hour', paid_at, 'UTC'), 0::numeric, amount_drops, 0, 1
  FROM exchange_payments
  WHERE from_exchange IS NOT NULL AND lower(from_exchange) IS DISTINCT FROM lower(to_exchange)`;

/** The hourly sums computed again from the stored payments alone, in SQL: what the stored sums must equal. */
export async function hourlyFlowsFromPayments(db: Db): Promise<HourlyFlow[]> {
  const result = await sql<{
    entity: string;
    hour: Date;
    inflow_drops: string;
    inflow_count: number;
    outflow_drops: string;
    outflow_count: number;
  }>`
    WITH sides AS (${flowSides})
    SELECT entity, hour, sum(inflow)::text AS inflow_drops, sum(ins)::int AS inflow_count,
      sum(outflow)::text AS outflow_drops, sum(outs)::int AS outflow_count
    FROM sides GROUP BY entity, hour ORDER BY hour, entity`.execute(db);
  return result.rows.map((row) => ({
    entity: row.entity,
    hour: new Date(row.hour).toISOString(),
    inflowDrops: row.inflow_drops,
    inflowCount: row.inflow_count,
    outflowDrops: row.outflow_drops,
    outflowCount: row.outflow_count,
  }));
}

/** Exchange payments are kept this many days; the hourly sums they made stay for good. */
export const EXCHANGE_PAYMENT_RETENTION_DAYS = 90;

/** The first hour whose payments are kept: whole hours, so an hour is all kept or all let go. */
const retainedFrom = sql<Date>`date_trunc('hour', now() - make_interval(days => ${EXCHANGE_PAYMENT_RETENTION_DAYS}), 'UTC')`;

/** Lets go of the payments older than the retention, their hourly sums kept. Returns how many. */
export async function pruneExchangePayments(db: Db | Trx): Promise<number> {
  const result = await db
    .deleteFrom('exchange_payments')
    .where('paid_at', '<', retainedFrom)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * An entity merged into another (in the registry, in the caller's transaction). The stored payments
 * name the one it became, in its spelling, and the hours they cover are summed again from them, since
 * a payment between the two is internal now. Hours older than the payments kept have only their sums:
 * the two entities' sums are added together under the merged name, and a transfer between the two in
 * those hours stays counted as it was.
 */
export async function mergeExchangeFlows(trx: Trx, from: string, into: string): Promise<void> {
  // Payments and sums then meet at one hour: kept payments on one side, sums alone on the other.
  await pruneExchangePayments(trx);
  const merged = sql<boolean>`lower(entity) IN (lower(${from}), lower(${into}))`;
  for (const side of ['from_exchange', 'to_exchange'] as const)
    await trx
      .updateTable('exchange_payments')
      .set({ [side]: into })
      .where(sql<boolean>`lower(${sql.ref(side)}) IN (lower(${from}), lower(${into}))`)
      .execute();
  await sql`
    WITH older AS (
      DELETE FROM exchange_flow_hourly WHERE ${merged} AND hour < ${retainedFrom} RETURNING *
    )
    INSERT INTO exchange_flow_hourly (entity, hour, inflow_drops, inflow_count, outflow_drops, outflow_count)
    SELECT ${into}, hour, sum(inflow_drops), sum(inflow_count), sum(outflow_drops), sum(outflow_count)
    FROM older GROUP BY hour`.execute(trx);
  await trx.deleteFrom('exchange_flow_hourly').where(merged).where('hour', '>=', retainedFrom).execute();
  await sql`
    INSERT INTO exchange_flow_hourly (entity, hour, inflow_drops, inflow_count, outflow_drops, outflow_count)
    SELECT entity, hour, sum(inflow), sum(ins), sum(outflow), sum(outs)
    FROM (${flowSides}) AS sides WHERE entity = ${into} GROUP BY entity, hour`.execute(trx);
}
