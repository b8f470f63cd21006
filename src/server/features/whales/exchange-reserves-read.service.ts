import { sql } from 'kysely';
import { sameAccountsRead, type ExchangeReserves, type FlowRange } from '@/domain/whales/flows.schema';
import { dropsToXrp } from '@/domain/xrpl/drops';
import type { Db } from '../../db/client';
import { FLOW_SPANS } from './exchange-flows-read.service';

/** A change in percent of what it changed from, to two decimals; null from nothing. */
function percentOf(change: bigint, before: bigint): number | null {
  if (before === 0n) return null;
  return Number((change * 1_000_000n) / before) / 10_000;
}

/**
 * The named exchanges' reserves over `range`: every exchange together at the last reading of each
 * hour (24h, 7d) or day in the member's zone (30d, 1y), and each exchange at the latest reading with
 * its change since the last reading at least a day older — when both summed the same accounts.
 */
export async function readExchangeReserves(
  db: Db,
  range: FlowRange,
  timeZone: string,
): Promise<ExchangeReserves> {
  const { hours, bucket } = FLOW_SPANS[range];
  const bucketStart =
    bucket === 'hour'
      ? sql`date_trunc('hour', max(read_at), 'UTC')`
      : sql`date_trunc('day', max(read_at), ${timeZone})`;
  const [series, latest, since] = await Promise.all([
    // The bucket is a column of its own: written twice with the zone as a parameter, PostgreSQL
    // cannot tell DISTINCT ON's expression from ORDER BY's.
    sql<{ at: Date; ledger_index: string; drops: string }>`
      SELECT DISTINCT ON (bucket) read_at AS at, ledger_index::text, drops
      FROM (
        SELECT ledger_index, max(read_at) AS read_at, sum(balance_drops)::text AS drops,
          ${bucketStart} AS bucket
        FROM exchange_reserves WHERE read_at > now() - make_interval(hours => ${hours})
        GROUP BY ledger_index
      ) readings
      ORDER BY bucket, read_at DESC`.execute(db),
    sql<{
      entity: string;
      ledger_index: string;
      read_at: Date;
      drops: string;
      accounts: number;
      accounts_key: string | null;
      before_drops: string | null;
      before_accounts: number | null;
      before_key: string | null;
    }>`
      WITH latest AS (
        SELECT entity, ledger_index, read_at, balance_drops, accounts, accounts_key FROM exchange_reserves
        WHERE ledger_index = (SELECT max(ledger_index) FROM exchange_reserves)
      )
      SELECT latest.entity, latest.ledger_index::text, latest.read_at, latest.balance_drops::text AS drops,
        latest.accounts, latest.accounts_key, older.drops AS before_drops, older.accounts AS before_accounts,
        older.accounts_key AS before_key
      FROM latest LEFT JOIN LATERAL (
        SELECT o.balance_drops::text AS drops, o.accounts, o.accounts_key FROM exchange_reserves o
        WHERE o.entity = latest.entity AND o.read_at <= latest.read_at - interval '24 hours'
        ORDER BY o.read_at DESC LIMIT 1
      ) older ON true`.execute(db),
    db
      .selectFrom('exchange_reserves')
      .select((eb) => eb.fn.min('read_at').as('first'))
      .executeTakeFirst(),
  ]);
  const exchanges = latest.rows
    .map((row) => {
      const now = BigInt(row.drops);
      const comparable =
        row.before_drops !== null &&
        sameAccountsRead(
          { accounts: row.accounts, accountsKey: row.accounts_key },
          { accounts: row.before_accounts ?? 0, accountsKey: row.before_key },
        );
      const before = comparable ? BigInt(row.before_drops!) : null;
      return {
        entity: row.entity,
        drops: now,
        balanceXrp: dropsToXrp(now),
        accounts: row.accounts,
        change24hXrp: before === null ? null : dropsToXrp(now - before),
        change24hPercent: before === null ? null : percentOf(now - before, before),
        change24hUnknown:
          row.before_drops === null
            ? ('no_older_reading' as const)
            : comparable
              ? null
              : ('accounts_changed' as const),
      };
    })
    .sort((a, b) => (a.drops === b.drops ? a.entity.localeCompare(b.entity) : a.drops < b.drops ? 1 : -1));
  const head = latest.rows[0];
  return {
    range,
    bucket,
    since: since?.first ? new Date(since.first).toISOString() : null,
    latest: head
      ? { ledgerIndex: Number(head.ledger_index), at: new Date(head.read_at).toISOString() }
      : null,
    series: series.rows.map((row) => ({
      at: new Date(row.at).toISOString(),
      ledgerIndex: Number(row.ledger_index),
      balanceXrp: dropsToXrp(BigInt(row.drops)),
    })),
    exchanges: exchanges.map(({ drops: _drops, ...row }) => row),
  };
}
