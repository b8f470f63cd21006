import { sql, type Kysely } from 'kysely';
import { displayNameKeys, isReservedDisplayName } from '@/domain/community/lookalikes';

/**
 * Display names are one member's by how they look, not by their letters (ADR 0063): `Memb\u0435r a`
 * with a Cyrillic е is `Member a`. Each name's confusable skeleton is stored beside it, whatever its
 * case (`display_name_key`) and as written (`display_name_skeleton`), each under a unique index, so
 * two members saving lookalike names at the same moment cannot both have them. The key replaces the
 * index on lower(display_name) of migration 0023: names that differ only by case share a key.
 *
 * The skeletons are computed here, in JavaScript (the confusables table is a package, not SQL), for
 * the names already chosen. As in 0023, of names that look alike the oldest row keeps its name and the
 * others lose theirs, and so does a member (not an administrator) whose name now reads as the team's;
 * they are asked for a new one before their next comment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE commenters ADD COLUMN display_name_key text, ADD COLUMN display_name_skeleton text
  `.execute(db);
  const { rows } = await sql<{ user_id: string; display_name: string; role: string | null }>`
    SELECT c.user_id, c.display_name, u.role FROM commenters c JOIN "user" u ON u.id = c.user_id
    WHERE c.display_name IS NOT NULL ORDER BY c.created_at, c.user_id
  `.execute(db);
  const taken = new Set<string>();
  const kept: { userId: string; key: string; skeleton: string }[] = [];
  const cleared: string[] = [];
  for (const row of rows) {
    const { key, skeleton } = displayNameKeys(row.display_name);
    const reserved = row.role !== 'admin' && isReservedDisplayName(row.display_name);
    if (reserved || taken.has(`k:${key}`) || taken.has(`s:${skeleton}`)) {
      cleared.push(row.user_id);
      continue;
    }
    taken.add(`k:${key}`).add(`s:${skeleton}`);
    kept.push({ userId: row.user_id, key, skeleton });
  }
  if (cleared.length > 0)
    await sql`
      UPDATE commenters SET display_name = NULL, updated_at = now() WHERE user_id = ANY(${cleared}::text[])
    `.execute(db);
  if (kept.length > 0)
    await sql`
      UPDATE commenters c SET display_name_key = k.key, display_name_skeleton = k.skeleton
      FROM unnest(${kept.map((item) => item.userId)}::text[], ${kept.map((item) => item.key)}::text[],
        ${kept.map((item) => item.skeleton)}::text[]) AS k(user_id, key, skeleton)
      WHERE c.user_id = k.user_id
    `.execute(db);
  await sql`
    DROP INDEX commenters_display_name_key;
    CREATE UNIQUE INDEX commenters_display_name_key_key ON commenters (display_name_key);
    CREATE UNIQUE INDEX commenters_display_name_skeleton_key ON commenters (display_name_skeleton);
    ALTER TABLE commenters ADD CONSTRAINT commenters_display_name_keys_check CHECK (
      (display_name IS NULL AND display_name_key IS NULL AND display_name_skeleton IS NULL)
      OR (display_name IS NOT NULL AND display_name_key IS NOT NULL AND display_name_skeleton IS NOT NULL));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE commenters DROP CONSTRAINT commenters_display_name_keys_check;
    DROP INDEX commenters_display_name_skeleton_key;
    DROP INDEX commenters_display_name_key_key;
    ALTER TABLE commenters DROP COLUMN display_name_skeleton, DROP COLUMN display_name_key;
    CREATE UNIQUE INDEX commenters_display_name_key ON commenters (lower(display_name))
      WHERE display_name IS NOT NULL;
  `.execute(db);
}
