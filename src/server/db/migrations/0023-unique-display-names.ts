import { sql, type Kysely } from 'kysely';

/**
 * One member per name in the discussions: a name that differs from another only by
 * case would pass for it. Existing duplicates keep their name for the oldest row and lose it for the
 * others, who are asked for a new one before their next comment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE commenters c SET display_name = NULL
    WHERE display_name IS NOT NULL AND EXISTS (
      SELECT 1 FROM commenters o
      WHERE lower(o.display_name) = lower(c.display_name)
        AND (o.created_at, o.user_id) < (c.created_at, c.user_id));
    CREATE UNIQUE INDEX commenters_display_name_key ON commenters (lower(display_name))
      WHERE display_name IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX commenters_display_name_key`.execute(db);
}
