import { sendWeeklySummaries } from '../features/alerts';
import type { TaskDefinition } from './task';

/** The weekly summary for members, on Monday from 08:00 in each member's time zone (SPEC §6). */
export const weeklySummaryJob: TaskDefinition = {
  name: 'weekly-summary',
  description: "Sends members the weekly summary on Monday from 08:00 in each member's time zone",
  everySeconds: 60,
  async run({ db, logger, mailer, env, unsubscribeSecret }) {
    const sent = await sendWeeklySummaries({
      db,
      logger: logger.child({ module: 'weekly-summary' }),
      mailer,
      publicUrl: env.PUBLIC_URL,
      secret: unsubscribeSecret,
    });
    return `${sent} weekly summaries sent`;
  },
};
