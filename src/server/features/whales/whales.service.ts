import { sql, type RawBuilder } from 'kysely';
import {
  WHALE_LIST_LIMIT,
  type WhaleFilter,
  type WhalePage,
  type WhaleStats,
  type WhaleTransaction,
} from '@/domain/whales/whales.schema';
import { toWhaleDto, type WhaleRecord } from '@/domain/whales/whale-record';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { sourceHealth } from '../../shared/source-health';

/**
 * Each whale payment with who sent and received it (the registry's names in use, read now, so a rename
 * shows at once), its kind, and its dollar value at the XRP price stored nearest to it within the same
 * UTC clock hour; none in that hour leaves the value unknown. The kind follows `flowKind` in
 * domain/known-accounts: one entity on both sides is internal, then exchanges, then Ripple.
 */
const enriched = sql`
  SELECT w.id, w.transaction_hash, w.amount_xrp::text AS amount_xrp, w.transaction_timestamp,
    w.from_address, w.to_address, w.destination_tag,
    CASE
      WHEN lower(f.entity) = lower(t.entity) THEN 'internal'
      WHEN f.category = 'exchange' AND t.category = 'exchange' THEN 'exchange_to_exchange'
      WHEN t.category = 'exchange' THEN 'exchange_inflow'
      WHEN f.category = 'exchange' THEN 'exchange_outflow'
      WHEN f.category = 'ripple' OR t.category = 'ripple' THEN 'ripple'
      ELSE 'wallet_to_wallet'
    END AS kind,
    f.label AS from_label, f.entity AS from_entity, f.category AS from_category,
    f.source_name AS from_source_name, f.source_url AS from_source_url, f.checked_at AS from_checked_at,
    t.label AS to_label, t.entity AS to_entity, t.category AS to_category,
    t.source_name AS to_source_name, t.source_url AS to_source_url, t.checked_at AS to_checked_at,
    p.price::text AS price_usd, p.ts AS price_at,
    round(w.amount_xrp * p.price, 2)::text AS amount_usd,
    w.from_flags, w.to_flags,
    CASE WHEN f.label IS NULL THEN (
      SELECT count(DISTINCT r.destination_tag)::int FROM whale_transactions r WHERE r.to_address = w.from_address
    ) END AS from_tags,
    CASE WHEN t.label IS NULL THEN (
      SELECT count(DISTINCT r.destination_tag)::int FROM whale_transactions r WHERE r.to_address = w.to_address
    ) END AS to_tags
  FROM whale_transactions w
  LEFT JOIN known_accounts f ON f.address = w.from_address AND f.retired_at IS NULL
  LEFT JOIN known_accounts t ON t.address = w.to_address AND t.retired_at IS NULL
  LEFT JOIN LATERAL (
    SELECT m.price, m.ts FROM market_history m
    WHERE m.symbol = 'XRP' AND m.price IS NOT NULL
      AND m.ts >= date_trunc('hour', w.transaction_timestamp, 'UTC')
      AND m.ts < date_trunc('hour', w.transaction_timestamp, 'UTC') + interval '1 hour'
    ORDER BY abs(extract(epoch FROM m.ts - w.transaction_timestamp)), m.ts
    LIMIT 1
  ) p ON true`;

async function select(db: Db, where: RawBuilder<unknown>, limit: number): Promise<WhaleRecord[]> {
  const result = await sql<WhaleRecord>`
    SELECT * FROM (${enriched}) e WHERE ${where}
    ORDER BY e.transaction_timestamp DESC, e.id DESC LIMIT ${limit}`.execute(db);
  return result.rows;
}

/** The latest whale transactions, newest first. */
export async function listWhaleTransactions(db: Db, limit = WHALE_LIST_LIMIT): Promise<WhaleTransaction[]> {
  return (await select(db, sql`true`, limit)).map(toWhaleDto);
}

/** One stored whale payment as members see it (its live event); null when it is gone. */
export async function readWhaleTransaction(db: Db, id: string): Promise<WhaleTransaction | null> {
  const [row] = await select(db, sql`e.id = ${id}::uuid`, 1);
  return row ? toWhaleDto(row) : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isIsoInstant = (text: string) => {
  const date = new Date(text);
  return !Number.isNaN(date.getTime()) && date.toISOString() === text;
};

const encodeCursor = (row: WhaleRecord) =>
  Buffer.from(JSON.stringify([row.transaction_timestamp.toISOString(), row.id])).toString('base64url');

function decodeCursor(cursor: string): { at: string; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    // Only what this server wrote: an ISO instant that reads back as itself, and a UUID.
    if (typeof at === 'string' && typeof id === 'string' && UUID.test(id) && isIsoInstant(at))
      return { at, id };
  } catch {
    // answered below
  }
  throw new AppError('validation_error', 'That page link is not valid: start from the first page');
}

/** The whole history, newest first, `limit` at a time after the `before` cursor, filtered. */
export async function listWhalePage(
  db: Db,
  options: { limit: number; before?: string | undefined; filter: WhaleFilter },
): Promise<WhalePage> {
  const { filter } = options;
  const conditions: RawBuilder<unknown>[] = [sql`true`];
  if (filter.kind) conditions.push(sql`e.kind = ${filter.kind}`);
  if (filter.entity)
    conditions.push(
      sql`(lower(e.from_entity) = lower(${filter.entity}) OR lower(e.to_entity) = lower(${filter.entity}))`,
    );
  if (filter.address)
    conditions.push(sql`(e.from_address = ${filter.address} OR e.to_address = ${filter.address})`);
  if (filter.minXrp !== undefined) conditions.push(sql`e.amount_xrp::numeric >= ${filter.minXrp}`);
  if (filter.from) conditions.push(sql`e.transaction_timestamp >= ${filter.from}::timestamptz`);
  if (filter.to) conditions.push(sql`e.transaction_timestamp < ${filter.to}::timestamptz`);
  if (options.before) {
    const cursor = decodeCursor(options.before);
    conditions.push(sql`(e.transaction_timestamp, e.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`);
  }
  const rows = await select(db, sql.join(conditions, sql` AND `), options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    items: page.map(toWhaleDto),
    nextCursor: rows.length > options.limit && last ? encodeCursor(last) : null,
  };
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
