import { sql } from 'kysely';
import type { ExchangeFlows, FlowRange } from '@/domain/whales/flows.schema';
import { dropsToXrp } from '@/domain/xrpl/drops';
import type { Db } from '../../db/client';

/** Each range's span and bucket: hours for a day and a week, days in the member's zone beyond. */
export const FLOW_SPANS: Record<FlowRange, { hours: number; bucket: 'hour' | 'day' }> = {
  '24h': { hours: 24, bucket: 'hour' },
  '7d': { hours: 7 * 24, bucket: 'hour' },
  '30d': { hours: 30 * 24, bucket: 'day' },
  '1y': { hours: 365 * 24, bucket: 'day' },
};

/** A sum of drops (numeric, scale 0) as exact XRP. */
const xrpOf = (drops: string | null) => dropsToXrp(BigInt(drops ?? '0'));

/**
 * Every exchange's flows over `range`, summed from the stored hourly sums: the total per bucket, and
 * each exchange's last 24 hours and 7 days. An hour counts when it began within the span.
 */
export async function readExchangeFlows(db: Db, range: FlowRange, timeZone: string): Promise<ExchangeFlows> {
  const { hours, bucket } = FLOW_SPANS[range];
  const start = sql`now() - make_interval(hours => ${hours})`;
  const bucketStart = bucket === 'hour' ? sql`hour` : sql`date_trunc('day', hour, ${timeZone})`;
  const [series, exchanges, since] = await Promise.all([
    sql<{ at: Date; inflow: string; outflow: string }>`
      SELECT ${bucketStart} AS at, sum(inflow_drops)::text AS inflow, sum(outflow_drops)::text AS outflow
      FROM exchange_flow_hourly WHERE hour > ${start}
      GROUP BY 1 ORDER BY 1`.execute(db),
    sql<{ entity: string; inflow24h: string | null; outflow24h: string | null; net7d: string }>`
      SELECT entity,
        (sum(inflow_drops) FILTER (WHERE hour > now() - interval '24 hours'))::text AS inflow24h,
        (sum(outflow_drops) FILTER (WHERE hour > now() - interval '24 hours'))::text AS outflow24h,
        sum(inflow_drops - outflow_drops)::text AS net7d
      FROM exchange_flow_hourly WHERE hour > now() - interval '7 days'
      GROUP BY entity`.execute(db),
    db
      .selectFrom('exchange_flow_hourly')
      .select((eb) => eb.fn.min('hour').as('first'))
      .executeTakeFirst(),
  ]);
  const rows = exchanges.rows.map((row) => {
    const net24h = BigInt(row.inflow24h ?? '0') - BigInt(row.outflow24h ?? '0');
    return {
      entity: row.entity,
      inflow24hXrp: xrpOf(row.inflow24h),
      outflow24hXrp: xrpOf(row.outflow24h),
      net24hXrp: dropsToXrp(net24h),
      net7dXrp: xrpOf(row.net7d),
      magnitude: net24h < 0n ? -net24h : net24h,
    };
  });
  rows.sort((a, b) =>
    a.magnitude === b.magnitude ? a.entity.localeCompare(b.entity) : a.magnitude < b.magnitude ? 1 : -1,
  );
  return {
    range,
    bucket,
    since: since?.first ? new Date(since.first).toISOString() : null,
    series: series.rows.map((row) => ({
      at: new Date(row.at).toISOString(),
      inflowXrp: xrpOf(row.inflow),
      outflowXrp: xrpOf(row.outflow),
      netXrp: dropsToXrp(BigInt(row.inflow) - BigInt(row.outflow)),
    })),
    exchanges: rows.map(({ magnitude: _magnitude, ...row }) => row),
  };
}
