import type { JobDefinition } from './job';

/**
 * Test-mode billing (no Stripe): subscriptions renew or end when their period runs out, as Stripe's
 * would. With Stripe, Stripe renews and tells us by webhook; the task then has nothing to do.
 */
export const billingTestRenewalsJob: JobDefinition = {
  name: 'billing-test-renewals',
  description: 'Renews or ends test-mode subscriptions whose period has run out (Stripe does this itself)',
  everySeconds: 60,
  async run({ billing }) {
    if (!billing) return 'Test mode is off: Stripe renews subscriptions';
    const changed = await billing.advanceDue();
    return `${changed} test-mode subscriptions renewed or ended`;
  },
};
