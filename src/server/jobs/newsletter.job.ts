import { sendNewsletterSummaries } from '../features/analysis';
import { mailContextOf } from './mail-context';
import type { JobDefinition } from './job';

/** The weekly summary for newsletter subscribers without an account, on Monday from 08:00 UTC. */
export const newsletterJob: JobDefinition = {
  name: 'newsletter',
  description: 'Sends newsletter subscribers the weekly summary on Monday from 08:00 UTC',
  everySeconds: 60,
  async run(context) {
    const sent = await sendNewsletterSummaries(mailContextOf(context, 'newsletter'));
    return `${sent} newsletters sent`;
  },
};
