import { sql, type Kysely } from 'kysely';

/**
 * Which accounts each reserve reading summed, as a digest of their sorted addresses: two readings of
 * an exchange are compared only when they summed the same accounts, so a name added, retired or
 * merged is not taken for XRP that moved. Readings from before are compared by their count (null).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE exchange_reserves ADD COLUMN accounts_key text;`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE exchange_reserves DROP COLUMN accounts_key;`.execute(db);
}
