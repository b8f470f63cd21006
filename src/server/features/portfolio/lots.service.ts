import { sql, type Selectable } from 'kysely';
import { parseLotsCsv, lotsToCsv } from '@/domain/portfolio/lots-csv';
import { LOTS_MAX, TOO_MANY_LOTS, type Lot, type LotView } from '@/domain/portfolio/portfolio.schema';
import { dropsToXrp, xrpToDrops } from '@/domain/xrpl/drops';
import type { Db, Trx } from '../../db/client';
import type { PortfolioLotsTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** numeric(20,8) reads as "0.52000000": the cost as the member wrote it. */
const trimDecimal = (value: string | null) =>
  value === null ? null : value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;

export function toLotView(row: Selectable<PortfolioLotsTable>): LotView {
  return {
    id: row.id,
    amountXrp: dropsToXrp(BigInt(row.amount_drops)),
    acquiredOn: row.acquired_on,
    costUsdPerXrp: trimDecimal(row.cost_usd_per_xrp),
    note: row.note,
    createdAt: row.created_at.toISOString(),
  };
}

const columns = (lot: Lot) => ({
  amount_drops: String(xrpToDrops(lot.amountXrp)),
  acquired_on: lot.acquiredOn,
  cost_usd_per_xrp: lot.costUsdPerXrp,
  note: lot.note,
});

export async function listLots(db: Db | Trx, userId: string): Promise<LotView[]> {
  const rows = await db
    .selectFrom('portfolio_lots')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('acquired_on', (order) => order.asc().nullsLast())
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toLotView);
}

/** Counts the member's lots under a per-member lock, so two requests cannot both pass the limit. */
async function lotRoom(trx: Trx, userId: string): Promise<number> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`portfolio-lots:${userId}`}))`.execute(trx);
  const { count } = await trx
    .selectFrom('portfolio_lots')
    .select(sql<string>`count(*)`.as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return LOTS_MAX - Number(count);
}

export async function createLot(db: Db, userId: string, lot: Lot): Promise<LotView> {
  return db.transaction().execute(async (trx) => {
    if ((await lotRoom(trx, userId)) < 1) throw new AppError('conflict', TOO_MANY_LOTS);
    const row = await trx
      .insertInto('portfolio_lots')
      .values({ user_id: userId, ...columns(lot) })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toLotView(row);
  });
}

const notFound = () => new AppError('not_found', 'No such holding of yours');

export async function updateLot(db: Db, userId: string, id: string, lot: Lot): Promise<LotView> {
  const row = await db
    .updateTable('portfolio_lots')
    .set({ ...columns(lot), updated_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound();
  return toLotView(row);
}

export async function deleteLot(db: Db, userId: string, id: string): Promise<void> {
  const result = await db
    .deleteFrom('portfolio_lots')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound();
}

/**
 * A lots file, all or nothing: every row is checked before any is stored, and a bad row refuses the
 * file with each problem's line (422, `issues` with the line as the path).
 */
export async function importLots(db: Db, userId: string, csv: string): Promise<{ imported: number }> {
  return db.transaction().execute(async (trx) => {
    const room = await lotRoom(trx, userId);
    const parsed = parseLotsCsv(csv, Math.max(room, 0));
    if (!parsed.ok)
      throw new AppError(
        'validation_error',
        `Nothing was imported: ${parsed.errors.length === 1 ? 'a line needs' : `${parsed.errors.length} lines need`} fixing`,
        parsed.errors.map((error) => ({ path: `line ${error.line}`, message: error.message })),
      );
    await trx
      .insertInto('portfolio_lots')
      .values(parsed.lots.map((lot) => ({ user_id: userId, ...columns(lot) })))
      .execute();
    return { imported: parsed.lots.length };
  });
}

export async function exportLots(db: Db, userId: string): Promise<string> {
  // The byte-order mark tells spreadsheets (Excel above all) the file is UTF-8: notes keep "Zürich".
  return `\uFEFF${lotsToCsv(await listLots(db, userId))}`;
}
