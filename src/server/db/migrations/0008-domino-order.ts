import { sql, type Kysely } from 'kysely';

/**
 * Domino events get distinct display orders (1…n in their current order) and a constraint that keeps
 * them distinct: deferred to commit, so a reorder can swap two rows inside one transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE domino_events AS d SET display_order = ranked.position
    FROM (
      SELECT id, row_number() OVER (ORDER BY display_order ASC, date DESC, created_at ASC, id) AS position
      FROM domino_events
    ) AS ranked
    WHERE d.id = ranked.id;
    ALTER TABLE domino_events
      ADD CONSTRAINT domino_events_display_order_key UNIQUE (display_order) DEFERRABLE INITIALLY DEFERRED;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE domino_events DROP CONSTRAINT domino_events_display_order_key`.execute(db);
}
