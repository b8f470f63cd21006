import { sql, type Selectable, type Transaction } from 'kysely';
import type { AdminDominoEvent, DominoEventInput, DominoEventPatch } from '@/domain/domino/domino.schema';
import type { Db } from '../../db/client';
import type { Database, DominoEventsTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';

type Row = Omit<Selectable<DominoEventsTable>, 'date'> & { date: string };

const columns = [
  'id',
  'institution',
  'event',
  'impact',
  'price_impact',
  'is_active',
  'display_order',
  'created_by',
  'updated_by',
  'created_at',
  'updated_at',
  sql<string>`to_char(date, 'YYYY-MM-DD')`.as('date'),
] as const;

export const NOT_FOUND = 'Domino event not found';

function toDto(row: Row): AdminDominoEvent {
  return {
    id: row.id,
    date: row.date,
    institution: row.institution,
    event: row.event,
    impact: row.impact,
    priceImpact: row.price_impact,
    isActive: row.is_active,
    displayOrder: row.display_order,
    createdBy: row.created_by,
    updatedBy: row.updated_by,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Serialises every change to the order (create and move), so two admins never pick the same slot. */
async function lockOrder(trx: Transaction<Database>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('domino_events.display_order'))`.execute(trx);
}

async function findForUpdate(trx: Transaction<Database>, id: string): Promise<Row> {
  const row = await trx
    .selectFrom('domino_events')
    .select(columns)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', NOT_FOUND);
  return row;
}

/** The admin's read: every event, by display_order then date descending. */
export async function listAllDominoEvents(db: Db): Promise<AdminDominoEvent[]> {
  const rows = await db
    .selectFrom('domino_events')
    .select(columns)
    .orderBy('display_order', 'asc')
    .orderBy('date', 'desc')
    .execute();
  return rows.map(toDto);
}

/** A new event goes to the end of the list. */
export async function createDominoEvent(
  db: Db,
  adminId: string,
  input: DominoEventInput,
): Promise<AdminDominoEvent> {
  return db.transaction().execute(async (trx) => {
    await lockOrder(trx);
    const { last } = await trx
      .selectFrom('domino_events')
      .select((eb) => eb.fn.max('display_order').as('last'))
      .executeTakeFirstOrThrow();
    const { id } = await trx
      .insertInto('domino_events')
      .values({
        date: input.date,
        institution: input.institution,
        event: input.event,
        impact: input.impact,
        price_impact: input.priceImpact,
        is_active: input.isActive,
        display_order: (last ?? 0) + 1,
        created_by: adminId,
        updated_by: adminId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = toDto(await findForUpdate(trx, id));
    await recordAudit(trx, { adminUserId: adminId, actionType: 'domino_event_create', newValue: created });
    return created;
  });
}

/** Edits and the active toggle; the audit row keeps the event before and after. */
export async function updateDominoEvent(
  db: Db,
  adminId: string,
  id: string,
  patch: DominoEventPatch,
): Promise<AdminDominoEvent> {
  return db.transaction().execute(async (trx) => {
    const before = toDto(await findForUpdate(trx, id));
    await trx
      .updateTable('domino_events')
      .set({
        ...(patch.date !== undefined && { date: patch.date }),
        ...(patch.institution !== undefined && { institution: patch.institution }),
        ...(patch.event !== undefined && { event: patch.event }),
        ...(patch.impact !== undefined && { impact: patch.impact }),
        ...(patch.priceImpact !== undefined && { price_impact: patch.priceImpact }),
        ...(patch.isActive !== undefined && { is_active: patch.isActive }),
        updated_by: adminId,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
    const after = toDto(await findForUpdate(trx, id));
    await recordAudit(trx, {
      adminUserId: adminId,
      actionType: 'domino_event_update',
      oldValue: before,
      newValue: after,
    });
    return after;
  });
}

export async function deleteDominoEvent(db: Db, adminId: string, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = toDto(await findForUpdate(trx, id));
    await trx.deleteFrom('domino_events').where('id', '=', id).execute();
    await recordAudit(trx, { adminUserId: adminId, actionType: 'domino_event_delete', oldValue: before });
  });
}

/**
 * Swaps display_order with the neighbour in the admin order. The first cannot move up and the
 * last cannot move down (409). Moves are serialised by the order lock, and the deferred unique
 * constraint on display_order guards the invariant at commit.
 */
export async function moveDominoEvent(
  db: Db,
  adminId: string,
  id: string,
  direction: 'up' | 'down',
): Promise<AdminDominoEvent[]> {
  await db.transaction().execute(async (trx) => {
    await lockOrder(trx);
    const row = await findForUpdate(trx, id);
    const neighbour = await trx
      .selectFrom('domino_events')
      .select(['id', 'display_order'])
      .where('display_order', direction === 'up' ? '<' : '>', row.display_order)
      .orderBy('display_order', direction === 'up' ? 'desc' : 'asc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!neighbour)
      throw new AppError(
        'conflict',
        direction === 'up' ? 'The first event cannot move up' : 'The last event cannot move down',
      );
    await trx
      .updateTable('domino_events')
      .set({ display_order: neighbour.display_order, updated_by: adminId, updated_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    await trx
      .updateTable('domino_events')
      .set({ display_order: row.display_order, updated_by: adminId, updated_at: new Date() })
      .where('id', '=', neighbour.id)
      .execute();
    await recordAudit(trx, {
      adminUserId: adminId,
      actionType: 'domino_event_reorder',
      oldValue: {
        id: row.id,
        displayOrder: row.display_order,
        neighbourId: neighbour.id,
        neighbourOrder: neighbour.display_order,
      },
      newValue: {
        id: row.id,
        displayOrder: neighbour.display_order,
        neighbourId: neighbour.id,
        neighbourOrder: row.display_order,
      },
    });
  });
  return listAllDominoEvents(db);
}
