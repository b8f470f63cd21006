/** What other features may use of the sync engine's records. */
export { sourceHealth } from './source-health.service';
export { dueSources, pruneSyncLogs, toApiSourceDto, toSyncLogDto } from './sync.service';
