import { evaluateFlowAlerts } from '../features/alerts';
import type { JobDefinition } from './job';

/**
 * Flow alerts: the rules on figures summed over time rather than on one stored row, every five
 * minutes: the named exchanges' net flow over 24 hours, and each exchange's reserve change since the
 * reading a day before its latest (so a new hourly reading is weighed within five minutes). Due email
 * and push go out with the `alerts` task's next run.
 */
export const flowAlertsJob: JobDefinition = {
  name: 'flow-alerts',
  description:
    "Evaluates the exchange net-flow and reserve-change alert rules against the last 24 hours' figures",
  everySeconds: 300,
  async run(context) {
    const created = await evaluateFlowAlerts({
      db: context.db,
      logger: context.logger.child({ module: 'flow-alerts' }),
    });
    return `${created} notifications`;
  },
};
