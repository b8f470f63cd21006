/** What the jobs and the account export may use of alerts. */
export { drainAlertQueue } from './evaluate.service';
export { evaluateFlowAlerts } from './flow-alerts.service';
export { listRules } from './rules.service';
