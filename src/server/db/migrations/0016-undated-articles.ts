import { sql, type Kysely } from 'kysely';

/**
 * An article whose feed gave no date (or one in the future) is stored with the time it was first
 * seen, so it sorts there; `dated = false` says so, and the card labels it "first seen" rather than
 * passing that time off as the publisher's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE news_articles ADD COLUMN dated boolean NOT NULL DEFAULT true`.execute(db);
}
