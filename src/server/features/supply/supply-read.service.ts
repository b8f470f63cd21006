import { sql } from 'kysely';
import type { EscrowCalendar, Supply, SupplyHistory, SupplyRange } from '@/domain/supply/supply.schema';
import { escrowMonths } from '@/domain/supply/escrow-events';
import { burnedDrops, burnPerDay, dayIn, restDrops, unlockCalendar } from '@/domain/supply/supply';
import { dropsToXrp } from '@/domain/xrpl/drops';
import type { Db } from '../../db/client';

const bigOrNull = (value: string | null): bigint | null => (value === null ? null : BigInt(value));
const xrpOrNull = (drops: bigint | null): string | null => (drops === null ? null : dropsToXrp(drops));

/** The latest supply reading, its parts and what is unknown about them. */
export async function readSupply(db: Db): Promise<Supply> {
  const row = await db
    .selectFrom('supply_readings')
    .selectAll()
    .orderBy('ledger_index', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return { latest: null };
  const parts = {
    totalCoinsDrops: BigInt(row.total_coins_drops),
    escrowedDrops: bigOrNull(row.escrowed_drops),
    rippleHeldDrops: bigOrNull(row.ripple_held_drops),
  };
  return {
    latest: {
      ledgerIndex: Number(row.ledger_index),
      at: new Date(row.read_at).toISOString(),
      totalXrp: dropsToXrp(parts.totalCoinsDrops),
      burnedXrp: dropsToXrp(burnedDrops(parts.totalCoinsDrops)),
      escrowedXrp: xrpOrNull(parts.escrowedDrops),
      escrows: row.escrows,
      rippleHeldXrp: xrpOrNull(parts.rippleHeldDrops),
      restXrp: xrpOrNull(restDrops(parts)),
      rippleAccounts: row.ripple_accounts,
      unknownReason: row.ripple_accounts === 0 ? 'no_ripple_accounts' : null,
    },
  };
}

const RANGE_DAYS: Record<SupplyRange, number> = { '30d': 30, '1y': 365 };

/**
 * Each day's last reading over `range` in the member's zone, with the XRP burned since the day
 * before's last reading (one more day is read so the first day's burn is known when it can be).
 */
export async function readSupplyHistory(
  db: Db,
  range: SupplyRange,
  timeZone: string,
  now = new Date(),
): Promise<SupplyHistory> {
  const days = RANGE_DAYS[range];
  const firstDay = dayIn(new Date(now.getTime() - (days - 1) * 86_400_000), timeZone);
  const [rows, since] = await Promise.all([
    sql<{ day: string; ledger_index: string; read_at: Date; total: string; escrowed: string | null }>`
      SELECT DISTINCT ON (day) day, ledger_index::text, read_at, total_coins_drops::text AS total,
        escrowed_drops::text AS escrowed
      FROM (
        SELECT *, to_char(read_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS day FROM supply_readings
        WHERE read_at > ${now}::timestamptz - make_interval(days => ${days + 1})
      ) readings
      ORDER BY day, read_at DESC`.execute(db),
    db
      .selectFrom('supply_readings')
      .select((eb) => eb.fn.min('read_at').as('first'))
      .executeTakeFirst(),
  ]);
  const burns = burnPerDay(rows.rows.map((row) => ({ day: row.day, totalCoinsDrops: BigInt(row.total) })));
  const shown = rows.rows.map((row, index) => ({
    day: row.day,
    ledgerIndex: Number(row.ledger_index),
    at: new Date(row.read_at).toISOString(),
    totalXrp: dropsToXrp(BigInt(row.total)),
    burnedXrp: xrpOrNull(burns[index]!.burnedDrops),
    escrowedXrp: row.escrowed === null ? null : dropsToXrp(BigInt(row.escrowed)),
  }));
  return {
    range,
    since: since?.first ? new Date(since.first).toISOString() : null,
    // The day before the range was read only for its first day's burn.
    days: shown.filter((day) => day.day >= firstDay),
  };
}

/** Ripple's escrows as of the latest reading: by unlock month in the member's zone, and each one. */
export async function readEscrowCalendar(
  db: Db,
  timeZone: string,
  now = new Date(),
): Promise<EscrowCalendar> {
  const rows = await db
    .selectFrom('ripple_escrows')
    .selectAll()
    .orderBy('finish_after', (order) => order.asc().nullsLast())
    .orderBy('entry_index')
    .execute();
  const reading = await db
    .selectFrom('supply_readings')
    .select(['ledger_index', 'read_at', 'ripple_accounts'])
    .orderBy('ledger_index', 'desc')
    .limit(1)
    .executeTakeFirst();
  const [lastYear, recent] = await Promise.all([
    sql<{ kind: 'created' | 'finished' | 'cancelled'; amount: string; month: string }>`
      SELECT kind, amount_drops::text AS amount,
        to_char(closed_at AT TIME ZONE ${timeZone}, 'YYYY-MM') AS month
      FROM escrow_events
      WHERE closed_at >= (date_trunc('month', ${now}::timestamptz AT TIME ZONE ${timeZone}) - interval '11 months')
        AT TIME ZONE ${timeZone}`.execute(db),
    db
      .selectFrom('escrow_events')
      .selectAll()
      .orderBy('closed_at', 'desc')
      .orderBy('hash')
      .limit(10)
      .execute(),
  ]);
  const escrows = rows.map((row) => ({
    amountDrops: BigInt(row.amount_drops),
    finishAfter: row.finish_after ? new Date(row.finish_after) : null,
  }));
  const calendar = unlockCalendar(escrows, timeZone, now);
  const amount = (part: { drops: bigint; escrows: number }) => ({
    xrp: dropsToXrp(part.drops),
    escrows: part.escrows,
  });
  return {
    ledgerIndex: reading ? Number(reading.ledger_index) : null,
    at: reading ? new Date(reading.read_at).toISOString() : null,
    unknownReason: reading?.ripple_accounts === 0 ? 'no_ripple_accounts' : null,
    releasable: amount(calendar.releasable),
    months: calendar.months.map((month) => ({ month: month.month, ...amount(month) })),
    undated: amount(calendar.undated),
    months12: escrowMonths(
      lastYear.rows.map((row) => ({ kind: row.kind, amountDrops: BigInt(row.amount), month: row.month })),
    ).map((month) => ({
      month: month.month,
      releasedXrp: dropsToXrp(month.releasedDrops),
      relockedXrp: dropsToXrp(month.relockedDrops),
      netReleasedXrp: dropsToXrp(month.releasedDrops - month.relockedDrops),
    })),
    recent: recent.map((event) => ({
      hash: event.hash,
      ledgerIndex: Number(event.ledger_index),
      at: new Date(event.closed_at).toISOString(),
      kind: event.kind,
      owner: event.owner,
      xrp: dropsToXrp(BigInt(event.amount_drops)),
      finishAfter: event.finish_after ? new Date(event.finish_after).toISOString() : null,
    })),
    escrows: rows.map((row) => ({
      owner: row.owner,
      destination: row.destination,
      xrp: dropsToXrp(BigInt(row.amount_drops)),
      finishAfter: row.finish_after ? new Date(row.finish_after).toISOString() : null,
      cancelAfter: row.cancel_after ? new Date(row.cancel_after).toISOString() : null,
    })),
  };
}
