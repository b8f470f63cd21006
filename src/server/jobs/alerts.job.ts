import { drainAlertQueue } from '../features/alerts';
import { deliverDue } from '../shared/notifications/deliveries';
import { mailContextOf } from './mail-context';
import type { JobDefinition } from './job';

/**
 * Alerts: turns queued market, whale and news rows into notifications (woken by the queue's NOTIFY,
 * so an alert appears as soon as its data is stored), then sends the email and push that are due
 * (immediately, after quiet hours, or in the digest).
 */
export const alertsJob: JobDefinition = {
  name: 'alerts',
  description: 'Evaluates alert rules against new data, then sends the alert emails and pushes that are due',
  everySeconds: 'tick',
  wakeOn: 'alert_queue',
  async run(context) {
    const mail = mailContextOf(context, 'alerts');
    const created = await drainAlertQueue(mail);
    const sent = await deliverDue({ ...mail, push: context.push });
    return `${created} notifications, ${sent.emails} emails, ${sent.pushes} pushes`;
  },
};
