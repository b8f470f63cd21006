import type { SyncLogDto } from './sync.schema';

/** A stored sync run's log as the database returns it. */
export interface SyncLogRecord {
  id: string;
  api_source: string;
  sync_type: string;
  status: SyncLogDto['status'];
  started_at: Date;
  duration_ms: number | null;
  records_processed: number;
  error_message: string | null;
  details: string | null;
}

/** The log as the admin's sync table and its live events carry it. */
export function toSyncLogDto(row: SyncLogRecord): SyncLogDto {
  return {
    id: row.id,
    apiSource: row.api_source,
    syncType: row.sync_type,
    status: row.status,
    startedAt: row.started_at.toISOString(),
    durationMs: row.duration_ms,
    recordsProcessed: row.records_processed,
    errorMessage: row.error_message,
    details: row.details,
  };
}
