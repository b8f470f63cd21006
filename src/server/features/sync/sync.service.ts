import { sql } from 'kysely';
import type { ApiSourceDto, SyncLogDto } from '@/domain/sync/sync.schema';
import { toSyncLogDto } from '@/domain/sync/sync-log-record';
import type { Db } from '../../db/client';
import type { ApiSource } from '../../db/schema';
import { AppError } from '../../lib/app-error';

type SourceRow = ApiSource & { last_error_message: string | null; last_error_at: Date | null };

/** The sources with each one's latest failed sync (from the kept sync logs). */
function sourceRows(db: Db) {
  return db
    .selectFrom('api_sources as s')
    .selectAll('s')
    .select([
      sql<string | null>`(SELECT l.error_message FROM api_sync_logs l
        WHERE l.api_source = s.name AND l.status = 'error'
        ORDER BY l.started_at DESC LIMIT 1)`.as('last_error_message'),
      sql<Date | null>`(SELECT l.started_at FROM api_sync_logs l
        WHERE l.api_source = s.name AND l.status = 'error'
        ORDER BY l.started_at DESC LIMIT 1)`.as('last_error_at'),
    ]);
}

/** One source as the admin's card shows it, or undefined. */
export async function readApiSource(db: Db, id: string): Promise<ApiSourceDto | undefined> {
  const row = await sourceRows(db).where('s.id', '=', id).executeTakeFirst();
  return row ? toApiSourceDto(row) : undefined;
}

export function toApiSourceDto(row: SourceRow): ApiSourceDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    apiType: row.api_type,
    status: row.status,
    syncFrequencyMinutes: row.sync_frequency_minutes,
    lastSyncAt: row.last_sync_at?.toISOString() ?? null,
    nextSyncAt: row.next_sync_at?.toISOString() ?? null,
    totalRequests: row.total_requests,
    successCount: row.success_count,
    errorCount: row.error_count,
    running: Boolean(row.lease_expires_at && row.lease_expires_at > new Date()),
    lastError:
      row.last_error_at === null
        ? null
        : {
            message: row.last_error_message ?? 'The sync failed without a message',
            at: new Date(row.last_error_at).toISOString(),
          },
    createdAt: row.created_at.toISOString(),
  };
}

/** The data sources, created_at descending. */
export async function listApiSources(db: Db): Promise<ApiSourceDto[]> {
  const rows = await sourceRows(db).orderBy('s.created_at', 'desc').orderBy('s.name').execute();
  return rows.map(toApiSourceDto);
}

/** The latest 50 sync logs, started_at descending. */
export async function listSyncLogs(db: Db, limit = 50): Promise<SyncLogDto[]> {
  const rows = await db
    .selectFrom('api_sync_logs')
    .selectAll()
    .orderBy('started_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toSyncLogDto);
}

export async function updateSyncFrequency(db: Db, sourceId: string, minutes: number): Promise<ApiSourceDto> {
  const row = await db
    .updateTable('api_sources')
    .set({ sync_frequency_minutes: minutes, updated_at: new Date() })
    .where('id', '=', sourceId)
    .returning('id')
    .executeTakeFirst();
  const source = row && (await readApiSource(db, row.id));
  if (!source) throw new AppError('not_found', 'API source not found');
  return source;
}

/** Finished sync logs older than `days`, removed; returns how many. */
export async function pruneSyncLogs(db: Db, days: number): Promise<number> {
  const result = await db
    .deleteFrom('api_sync_logs')
    .where('status', '<>', 'in_progress')
    .where('started_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The active sources of these types whose next sync is due and whose lease is free. */
export async function dueSources(
  db: Db,
  apiTypes: readonly string[],
): Promise<{ id: string; name: string; api_type: string }[]> {
  if (apiTypes.length === 0) return [];
  return db
    .selectFrom('api_sources')
    .select(['id', 'name', 'api_type'])
    .where('status', '<>', 'inactive')
    .where('api_type', 'in', [...apiTypes])
    .where((where) => where.or([where('next_sync_at', 'is', null), where('next_sync_at', '<=', new Date())]))
    .where((where) =>
      where.or([where('lease_expires_at', 'is', null), where('lease_expires_at', '<', new Date())]),
    )
    .execute();
}
