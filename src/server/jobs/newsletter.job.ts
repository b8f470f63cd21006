import { sendNewsletterSummaries } from '../features/newsletter';
import type { TaskDefinition } from './task';

/** The weekly summary for newsletter subscribers without an account, on Monday from 08:00 UTC. */
export const newsletterJob: TaskDefinition = {
  name: 'newsletter',
  description: 'Sends newsletter subscribers the weekly summary on Monday from 08:00 UTC',
  everySeconds: 60,
  async run({ db, logger, mailer, env, unsubscribeSecret }) {
    const sent = await sendNewsletterSummaries({
      db,
      logger: logger.child({ module: 'newsletter' }),
      mailer,
      publicUrl: env.PUBLIC_URL,
      secret: unsubscribeSecret,
    });
    return `${sent} newsletters sent`;
  },
};
