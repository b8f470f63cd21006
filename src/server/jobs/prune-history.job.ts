import { pruneNotifications } from '../features/alerts';
import { pruneSyncLogs } from '../features/sync';
import type { JobDefinition } from './job';

/** How long sync logs are kept (docs/operations.md, "Retention"). */
export const SYNC_LOG_RETENTION_DAYS = 90;

/** Histories kept for a while and then let go: finished sync logs and in-app notifications. */
export const pruneHistoryJob: JobDefinition = {
  name: 'prune-history',
  description: `Removes sync logs after ${SYNC_LOG_RETENTION_DAYS} days and notifications after 180 days`,
  everySeconds: 24 * 60 * 60,
  async run({ db }) {
    const logs = await pruneSyncLogs(db, SYNC_LOG_RETENTION_DAYS);
    const notifications = await pruneNotifications(db);
    return `${logs} sync logs, ${notifications} notifications`;
  },
};
