import { useQuery } from '@tanstack/react-query';
import { UrlTabs } from '@/web/components/ui/url-tabs';
import { ApiTab } from '@/web/features/admin/components/api-tab';
import { CommentsTab } from '@/web/features/admin/components/comments-tab';
import { DominoTab } from '@/web/features/admin/components/domino-tab';
import { FeedsTab } from '@/web/features/admin/components/feeds-tab';
import { OverviewTab } from '@/web/features/admin/components/overview-tab';
import { UsersTab } from '@/web/features/admin/components/users-tab';
import { billingConfigQuery } from '@/web/features/billing/api/billing';
import { TestModeNotice } from '@/web/features/billing/components/test-mode-notice';
import { PageHeading } from './page-heading';

const tabs = [
  { value: 'overview', label: 'Overview', Content: OverviewTab },
  { value: 'users', label: 'User Management', Content: UsersTab },
  { value: 'comments', label: 'Comments', Content: CommentsTab },
  { value: 'feeds', label: 'RSS Feeds', Content: FeedsTab },
  { value: 'api', label: 'API Management', Content: ApiTab },
  { value: 'domino', label: 'Domino Events', Content: DominoTab },
] as const;

/**
 * SPEC §2 Admin: six tabs (the five of SPEC §2 and Comments, the moderation queue the report emails
 * link to as /admin?tab=comments); the open tab is kept in the URL.
 */
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
      <UrlTabs tabs={tabs} className="justify-start" />
    </div>
  );
}
