import { sql } from 'kysely';
import type { KnownAccount } from '@/domain/known-accounts/known-accounts.schema';
import type { Db } from '../../db/client';

/** One entity of the registry as the whale filters offer it. */
export interface EntitySummary {
  entity: string;
  category: KnownAccount['category'];
  accounts: number;
}

/** The entities named by accounts in use, each with its most common category: the filters' choices. */
export async function listEntities(db: Db): Promise<EntitySummary[]> {
  // One entry per entity whatever its case: the filters match an entity in any case.
  const result = await sql<EntitySummary>`
    SELECT min(entity) AS entity, mode() WITHIN GROUP (ORDER BY category) AS category,
      count(*)::int AS accounts
    FROM known_accounts WHERE retired_at IS NULL
    GROUP BY lower(entity) ORDER BY lower(entity)`.execute(db);
  return result.rows;
}
