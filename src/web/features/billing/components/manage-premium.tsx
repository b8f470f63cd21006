import { BarChart3, Bell, Building2, Crown, LifeBuoy, Settings2, SlidersHorizontal } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { premiumPlanFeatures } from '@/domain/plans/plans';
import type { BillingSummary } from '@/domain/billing/billing';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { billingConfigQuery } from '../api/billing';
import { usePortal } from '../lib/billing-actions';
import { FeatureList } from './plan-cards';
import { usePremiumPriceText } from './plan-price';
import { useDates } from '@/web/lib/preferences';

interface ManagePremiumProps {
  complimentary: boolean;
  /** Undefined while loading. */
  summary: BillingSummary | undefined;
}

/**
 * Why there is no billing portal: Premium granted by the site's team, or complimentary
 * access, has nothing to bill; whom to ask instead.
 */
function NothingToBill({ complimentary }: { complimentary: boolean }) {
  return (
    <p className="rounded-md border p-3 text-sm" data-testid="nothing-to-bill">
      {complimentary
        ? 'Your complimentary access was granted by the site’s team; there is nothing to bill, so there is no subscription or invoice to manage.'
        : 'Your Premium access was granted by the site’s team; there is nothing to bill, so there is no subscription to manage.'}{' '}
      Questions:{' '}
      <Link to="/contact" className="font-medium text-primary underline underline-offset-4">
        contact us
      </Link>
      .
    </p>
  );
}

/**
 * /membership for premium or complimentary members: a paying member's subscription and billing
 * portal; for Premium granted by an administrator or complimentary access, why there is none.
 */
export function ManagePremium({ complimentary, summary }: ManagePremiumProps) {
  const dates = useDates();
  const portal = usePortal(true);
  const price = usePremiumPriceText('');
  const testMode = useQuery(billingConfigQuery).data?.mode === 'test';
  const granted = !complimentary && summary?.premiumSource === 'granted';
  const billed = !complimentary && !granted;
  const subscription = billed ? (summary?.subscription ?? null) : null;
  const endsAt = subscription?.endsAt ?? null;
  const nextBilling = billed && !endsAt ? (subscription?.currentPeriodEnd ?? null) : null;
  const pastDue = subscription?.status === 'past_due';
  // Shown once the server says a billing account exists; a granted member may still have past invoices.
  const canManage = billed && summary?.canManageBilling === true;
  const pastInvoices = granted && summary?.canManageBilling === true;

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card className="border-2 border-premium lg:col-span-2">
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle as="h2" className="flex items-center gap-2">
              <Crown className="size-5 text-premium" aria-hidden="true" />
              {complimentary ? 'Complimentary Premium' : 'Premium Plan'}
            </CardTitle>
            <Badge className="border-premium/60 text-premium" data-testid="membership-badge">
              {complimentary ? 'Complimentary Access' : 'Premium Member'}
            </Badge>
          </div>
          <CardDescription>
            {complimentary || granted
              ? 'Every Premium feature, granted by our team, with nothing to pay.'
              : testMode
                ? `Every Premium feature${price ? ` for ${price}` : ''}; payments are in test mode, so nothing is charged.`
                : `Every Premium feature${price ? ` for ${price}` : ''}, billed by our payment provider.`}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <FeatureList items={premiumPlanFeatures} premium />
          {nextBilling && (
            <p className="text-sm" data-testid="next-billing-date">
              <span className="text-muted-foreground">Next Billing Date: </span>
              <strong>{dates.date(nextBilling)}</strong>
            </p>
          )}
          {endsAt && (
            <p
              role="status"
              className="rounded-md border border-premium/50 p-3 text-sm"
              data-testid="ends-notice"
            >
              Your subscription is cancelled and ends on <strong>{dates.date(endsAt)}</strong>. Premium stays
              until then; nothing more is charged. Changed your mind? Resume it from 'Manage Subscription'.
            </p>
          )}
          {pastDue && (
            <p role="alert" className="rounded-md border border-destructive/60 p-3 text-sm">
              Your last payment failed. Update your card from 'Manage Subscription' to keep Premium.
            </p>
          )}
          {(complimentary || granted) && <NothingToBill complimentary={complimentary} />}
          <div className="flex flex-wrap gap-2">
            {canManage && (
              <Button variant="premium" disabled={portal.opening} onClick={() => void portal.open()}>
                Manage Subscription
              </Button>
            )}
            {(canManage || pastInvoices) && (
              <Button variant="outline" disabled={portal.opening} onClick={() => void portal.open()}>
                View Invoices
              </Button>
            )}
            <Button asChild variant="outline">
              <Link to="/settings">
                <Settings2 aria-hidden="true" /> Account Settings
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/contact">
                <LifeBuoy aria-hidden="true" /> Support Center
              </Link>
            </Button>
          </div>
        </CardContent>
      </Card>

      <div className="flex flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Account Status</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="account-status">
              <dt className="text-muted-foreground">Plan Type</dt>
              <dd className="text-right font-medium">{complimentary ? 'Complimentary' : 'Premium'}</dd>
              <dt className="text-muted-foreground">Status</dt>
              <dd className="text-right font-medium text-emerald-700 dark:text-emerald-400">Active</dd>
              {(complimentary || granted) && (
                <>
                  <dt className="text-muted-foreground">Billing</dt>
                  <dd className="text-right font-medium">None (granted by our team)</dd>
                </>
              )}
              {billed && (
                <>
                  <dt className="text-muted-foreground">Billing Cycle</dt>
                  <dd className="text-right font-medium">Monthly</dd>
                  <dt className="text-muted-foreground">Next Payment</dt>
                  <dd className="text-right font-medium">
                    {summary === undefined
                      ? 'Loading...'
                      : endsAt
                        ? 'None (cancelled)'
                        : nextBilling
                          ? dates.date(nextBilling)
                          : '—'}
                  </dd>
                </>
              )}
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Quick Actions</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-2">
            <Button asChild variant="outline" className="justify-start">
              <Link to="/alerts">
                <Bell aria-hidden="true" /> Set up price alerts
              </Link>
            </Button>
            <Button asChild variant="outline" className="justify-start">
              <Link to="/analytics">
                <BarChart3 aria-hidden="true" /> Open the analytics dashboard
              </Link>
            </Button>
            <Button asChild variant="outline" className="justify-start">
              <Link to="/regulatory">
                <Building2 aria-hidden="true" /> Institutional events
              </Link>
            </Button>
            <Button asChild variant="outline" className="justify-start">
              <Link to="/settings?tab=notifications">
                <SlidersHorizontal aria-hidden="true" /> Notification settings
              </Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
