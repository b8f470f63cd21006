import { sql } from 'kysely';
import { pruneNotifications } from '../features/alerts';
import type { TaskDefinition } from './task';

/** How long sync logs are kept (docs/operations.md, "Retention"). */
export const SYNC_LOG_RETENTION_DAYS = 90;

/** Histories kept for a while and then let go: finished sync logs and in-app notifications. */
export const pruneHistoryJob: TaskDefinition = {
  name: 'prune-history',
  description: `Removes sync logs after ${SYNC_LOG_RETENTION_DAYS} days and notifications after 180 days`,
  everySeconds: 24 * 60 * 60,
  async run({ db }) {
    const logs = await db
      .deleteFrom('api_sync_logs')
      .where('status', '<>', 'in_progress')
      .where('started_at', '<', sql<Date>`now() - make_interval(days => ${SYNC_LOG_RETENTION_DAYS})`)
      .executeTakeFirst();
    const notifications = await pruneNotifications(db);
    return `${Number(logs.numDeletedRows)} sync logs, ${notifications} notifications`;
  },
};
