import type { SourceHealth } from '@/domain/sync/source-health';
import type { Db } from '../db/client';

/** A sync source's record (by api_type): its last good run, and since when it has been failing. */
export async function sourceHealth(db: Db, apiType: string, fallbackName: string): Promise<SourceHealth> {
  const source = await db
    .selectFrom('api_sources')
    .select('name')
    .where('api_type', '=', apiType)
    .executeTakeFirst();
  const name = source?.name ?? fallbackName;
  const lastSuccess = await db
    .selectFrom('api_sync_logs')
    .select('started_at')
    .where('api_source', '=', name)
    .where('status', '=', 'success')
    .orderBy('started_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  let failures = db
    .selectFrom('api_sync_logs')
    .select('started_at')
    .where('api_source', '=', name)
    .where('status', '=', 'error');
  if (lastSuccess) failures = failures.where('started_at', '>', lastSuccess.started_at);
  const firstFailure = await failures.orderBy('started_at').limit(1).executeTakeFirst();
  return {
    name,
    everSucceeded: Boolean(lastSuccess),
    lastSuccessAt: lastSuccess?.started_at.toISOString() ?? null,
    failingSince: firstFailure?.started_at.toISOString() ?? null,
  };
}
