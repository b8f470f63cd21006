import { sql } from 'kysely';
import type { Db } from '../../db/client';

/** Why the database does not answer a trivial query, or null when it does. */
export async function databaseFailure(db: Db): Promise<unknown> {
  try {
    await sql`select 1`.execute(db);
    return null;
  } catch (error) {
    return error ?? new Error('unknown database failure');
  }
}
