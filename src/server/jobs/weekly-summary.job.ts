import { sendWeeklySummaries } from '../features/analysis';
import { mailContextOf } from './mail-context';
import type { JobDefinition } from './job';

/** The weekly summary for members, on Monday from 08:00 in each member's time zone. */
export const weeklySummaryJob: JobDefinition = {
  name: 'weekly-summary',
  description: "Sends members the weekly summary on Monday from 08:00 in each member's time zone",
  everySeconds: 60,
  async run(context) {
    const sent = await sendWeeklySummaries(mailContextOf(context, 'weekly-summary'));
    return `${sent} weekly summaries sent`;
  },
};
