/** What other features and the jobs may use of alerts. */
export { deliverDue, type DeliveryDeps } from './deliveries.service';
export { drainAlertQueue } from './evaluate.service';
export { evaluateFlowAlerts } from './flow-alerts.service';
export {
  notifyMembers,
  pruneNotifications,
  toNotificationDto,
  withdrawNotifications,
  type NewNotification,
} from './notifications.service';
export { listRules } from './rules.service';
export { withUnsubscribe } from './alerts.emails';
export { unsubscribeToken } from './unsubscribe';
export {
  sendWeeklyMail,
  sendWeeklySummaries,
  summaryOnce,
  weeklyWindow,
  type WeeklyDeps,
} from './weekly-summary.service';
