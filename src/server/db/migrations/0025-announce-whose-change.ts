import { sql, type Kysely } from 'kysely';

/**
 * Who a session cookie belongs to is kept in memory per process (ADR 0043). Migration 0021 announced
 * every change of `session`, `user` and `profiles` as `changed:<table>`, so one member's sign-in made
 * every process forget every member's session, and under load the sessions were read again on almost
 * every request (ADR 0052). Each statement now announces whose rows it changed,
 * `changed:<table>:<user id>` once per member (from the statement's transition tables), so only that
 * member's kept sessions are forgotten. A statement that touches more than MAX_NAMED members, or a
 * TRUNCATE, still announces `changed:<table>` (forget everyone).
 *
 * `whale_transactions` gains the plain announcement for updates and deletes: its inserts already
 * announce themselves as live events, and the whale list is now kept in memory too.
 */
const MAX_NAMED = 20;
const owners = [
  { table: 'session', column: 'userId' },
  { table: 'user', column: 'id' },
  { table: 'profiles', column: 'user_id' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, column } of owners) {
    const fn = sql.id(`announce_${table}_owners`);
    const col = sql.id(column);
    await sql`DROP TRIGGER IF EXISTS ${sql.id(`${table}_changed`)} ON ${sql.table(table)}`.execute(db);
    await sql`
      CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        ids text[];
        owner text;
      BEGIN
        IF TG_OP = 'INSERT' THEN
          SELECT array_agg(DISTINCT ${col}::text) INTO ids FROM new_rows;
        ELSIF TG_OP = 'UPDATE' THEN
          SELECT array_agg(DISTINCT x) INTO ids
            FROM (SELECT ${col}::text AS x FROM old_rows UNION SELECT ${col}::text FROM new_rows) AS both_rows;
        ELSE
          SELECT array_agg(DISTINCT ${col}::text) INTO ids FROM old_rows;
        END IF;
        IF ids IS NULL THEN
          RETURN NULL;
        END IF;
        IF cardinality(ids) > ${sql.raw(String(MAX_NAMED))} THEN
          PERFORM pg_notify('app_events', 'changed:' || TG_TABLE_NAME);
        ELSE
          FOREACH owner IN ARRAY ids LOOP
            PERFORM pg_notify('app_events', 'changed:' || TG_TABLE_NAME || ':' || owner);
          END LOOP;
        END IF;
        RETURN NULL;
      END;
      $$`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_inserted`)} AFTER INSERT ON ${sql.table(table)}
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_updated`)} AFTER UPDATE ON ${sql.table(table)}
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`.execute(
      db,
    );
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_deleted`)} AFTER DELETE ON ${sql.table(table)}
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_truncated`)} AFTER TRUNCATE ON ${sql.table(table)}
        FOR EACH STATEMENT EXECUTE FUNCTION announce_change()`.execute(db);
  }
  await sql`
    CREATE TRIGGER whale_transactions_changed AFTER UPDATE OR DELETE OR TRUNCATE ON whale_transactions
      FOR EACH STATEMENT EXECUTE FUNCTION announce_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER whale_transactions_changed ON whale_transactions`.execute(db);
  for (const { table } of owners) {
    for (const suffix of ['inserted', 'updated', 'deleted', 'truncated'])
      await sql`DROP TRIGGER ${sql.id(`${table}_${suffix}`)} ON ${sql.table(table)}`.execute(db);
    await sql`DROP FUNCTION ${sql.id(`announce_${table}_owners`)}()`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_changed`)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
        ON ${sql.table(table)} FOR EACH STATEMENT EXECUTE FUNCTION announce_change()`.execute(db);
  }
}
