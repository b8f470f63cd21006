import { sql } from 'kysely';
import { FREE_DOMINO_EVENTS, type DominoList } from '@/domain/domino/domino.schema';
import type { Db } from '../../db/client';

/** The public read: active events by display_order, then date descending; 2 for non-premium viewers. */
export async function listActiveDominoEvents(db: Db, isPremium: boolean): Promise<DominoList> {
  const base = db.selectFrom('domino_events').where('is_active', '=', true);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  let query = base
    .select([
      'id',
      'institution',
      'event',
      'impact',
      'price_impact',
      sql<string>`to_char(date, 'YYYY-MM-DD')`.as('date'),
    ])
    .orderBy('display_order', 'asc')
    .orderBy('date', 'desc');
  if (!isPremium) query = query.limit(FREE_DOMINO_EVENTS);
  const rows = await query.execute();
  return {
    events: rows.map((row) => ({
      id: row.id,
      date: row.date,
      institution: row.institution,
      event: row.event,
      impact: row.impact,
      priceImpact: row.price_impact,
    })),
    total,
    truncated: rows.length < total,
  };
}
