import { useQuery } from '@tanstack/react-query';
import { billingConfigQuery } from '@/web/features/billing/api/billing';
import { TestModeNotice } from '@/web/features/billing/components/test-mode-notice';
import { PageHeading } from './page-heading';

/** The admin issue fills the dashboard in; the billing mode is announced here already. */
export function Component() {
  const billing = useQuery(billingConfigQuery);
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Admin Dashboard"></PageHeading>
      {billing.data?.mode === 'test' && (
        <TestModeNotice>
          Billing runs in test mode: checkout and the billing page are simulated and members upgrade without
          paying. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (docs/operations.md, Billing) to take real
          payments.
        </TestModeNotice>
      )}
      {billing.data?.mode === 'stripe' && (
        <p className="text-sm text-muted-foreground" data-testid="billing-mode">
          Billing: payments through Stripe.
        </p>
      )}
    </div>
  );
}
