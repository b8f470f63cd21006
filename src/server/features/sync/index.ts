/** What other features, the jobs and the commands may use of the sync engine's records. */
export { dueSources, pruneSyncLogs, readApiSource } from './sync.service';
export {
  cleanupStuckSyncs,
  failOrphanedSyncs,
  findSource,
  finishJobRun,
  finishSync,
  leaseJobRun,
  leaseSource,
  listJobRuns,
  registerJobRuns,
  renewSourceLease,
  sourceOfType,
  startSyncLog,
  STUCK_AFTER_MINUTES,
  type SyncOutcome,
} from './sync-runs.service';
