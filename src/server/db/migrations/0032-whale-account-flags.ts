import { sql, type Kysely } from 'kysely';

/**
 * The ledger's own evidence about accounts no one has named: each whale payment keeps its sender's
 * and receiver's AccountRoot flags as its metadata left them (lsfRequireDestTag among them), and the
 * payments to an address are found by an index, to count the destination tags it received. Payments
 * stored before have no flags (null: not known).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE whale_transactions ADD COLUMN from_flags bigint, ADD COLUMN to_flags bigint;
    CREATE INDEX whale_transactions_to_address_tag ON whale_transactions (to_address, destination_tag);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX whale_transactions_to_address_tag;
    ALTER TABLE whale_transactions DROP COLUMN from_flags, DROP COLUMN to_flags;
  `.execute(db);
}
