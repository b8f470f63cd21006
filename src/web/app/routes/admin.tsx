import { useQuery } from '@tanstack/react-query';
import { AdminTabs } from '@/web/features/admin/components/admin-tabs';
import { billingConfigQuery } from '@/web/features/billing/api/billing';
import { TestModeNotice } from '@/web/features/billing/components/test-mode-notice';
import { useSession } from '@/web/lib/session';
import { PageHeading } from './page-heading';

/**
 * The admin dashboard: Overview, User Management, RSS Feeds, API Management and Domino Events,
 * Comments (the moderation queue the report emails link to as /admin?tab=comments) and the Analyst
 * Inbox (/admin?tab=inbox&question=<id>, the link of the analysts' emails); the open tab is kept in
 * the URL. An analyst who is not an administrator sees the inbox alone, without the billing mode.
 */
export function Component() {
  const { isAdmin } = useSession();
  const billing = useQuery({ ...billingConfigQuery, enabled: isAdmin });
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={isAdmin ? 'Admin Dashboard' : 'Analyst Inbox'}></PageHeading>
      {isAdmin && billing.data?.mode === 'test' && (
        <TestModeNotice>
          Billing runs in test mode: checkout and the billing page are simulated and members upgrade without
          paying. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (docs/operations.md, Billing) to take real
          payments.
        </TestModeNotice>
      )}
      {isAdmin && billing.data?.mode === 'stripe' && (
        <p className="text-sm text-muted-foreground" data-testid="billing-mode">
          Billing: payments through Stripe.
        </p>
      )}
      <AdminTabs />
    </div>
  );
}
