import { pruneNotifications } from '../shared/notifications/notifications';
import { pruneSyncLogs } from '../features/sync';
import { EXCHANGE_PAYMENT_RETENTION_DAYS, pruneExchangePayments } from '../features/whales';
import type { JobDefinition } from './job';

/** How long sync logs are kept (docs/operations.md, "Retention"). */
export const SYNC_LOG_RETENTION_DAYS = 90;

/**
 * Histories kept for a while and then let go: finished sync logs, in-app notifications, and the
 * exchange payments behind the hourly flows (the sums stay).
 */
export const pruneHistoryJob: JobDefinition = {
  name: 'prune-history',
  description: `Removes sync logs after ${SYNC_LOG_RETENTION_DAYS} days, notifications after 180 days and exchange payments after ${EXCHANGE_PAYMENT_RETENTION_DAYS} days (their hourly sums stay)`,
  everySeconds: 24 * 60 * 60,
  async run({ db }) {
    const logs = await pruneSyncLogs(db, SYNC_LOG_RETENTION_DAYS);
    const notifications = await pruneNotifications(db);
    const payments = await pruneExchangePayments(db);
    return `${logs} sync logs, ${notifications} notifications, ${payments} exchange payments`;
  },
};
