import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/web/lib/toast';
import { ConfirmDialog } from '@/web/components/ui/alert-dialog';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { PremiumPriceFigure } from '@/web/features/billing';
import {
  testPortalAction,
  testPortalQuery,
  useRefreshPlan,
  type TestPortalAction,
} from '@/web/features/billing/api/billing';
import { TestModeNotice } from '@/web/features/billing/components/test-mode-notice';
import { emitSessionEvent } from '@/web/lib/session-events';
import { usePageTitle } from '../use-page-title';
import { useDates } from '@/web/lib/preferences';

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

const statusLabels: Record<string, string> = {
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Cancelled',
  trialing: 'Trial',
};

const done: Record<TestPortalAction, string> = {
  cancel: 'Subscription cancelled: Premium stays until the end of the period',
  resume: 'Subscription resumed',
  advance: 'Moved to the end of the period',
  'fail-payment': 'The renewal payment failed (simulated)',
};

/** The test-mode provider's billing page: what the Stripe Billing Portal would offer, plus a test clock. */
export function Component() {
  const dates = useDates();
  usePageTitle('Billing (test mode)');
  const queryClient = useQueryClient();
  const refreshPlan = useRefreshPlan();
  const portal = useQuery(testPortalQuery);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const action = useMutation({
    mutationFn: testPortalAction,
    onSuccess: async (view, name) => {
      queryClient.setQueryData(testPortalQuery.queryKey, view);
      toast.success(done[name]);
      await refreshPlan();
      emitSessionEvent('USER_UPDATED');
    },
    onError: (error) => toast.error('Billing Error', { description: error.message }),
  });

  const subscription = portal.data?.summary.subscription ?? null;
  const live = subscription !== null && subscription.status !== 'canceled';

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <TestModeNotice>
        This is the local stand-in for the payment provider&apos;s billing portal. Nothing here moves money.
      </TestModeNotice>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Billing</h1>
        <Button asChild variant="outline">
          <Link to="/membership">Return to XRP Research</Link>
        </Button>
      </div>
      {portal.isPending && <Spinner />}
      {portal.isError && (
        <p role="alert" className="text-destructive">
          {portal.error.message}
        </p>
      )}
      {portal.data && (
        <>
          <Card>
            <CardHeader>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <CardTitle as="h2">XRP Research Premium</CardTitle>
                {subscription && (
                  <Badge data-testid="portal-status">
                    {statusLabels[subscription.status] ?? subscription.status}
                  </Badge>
                )}
              </div>
              <CardDescription>
                <PremiumPriceFigure />
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              {!subscription && <p>You have no subscription yet.</p>}
              {subscription && live && (
                <p data-testid="portal-period">
                  {subscription.endsAt
                    ? `Cancels on ${dates.date(subscription.endsAt)}. Premium stays until then.`
                    : subscription.currentPeriodEnd
                      ? `Renews on ${dates.date(subscription.currentPeriodEnd)}.`
                      : 'Renews monthly.'}
                </p>
              )}
              {subscription && !live && <p data-testid="portal-period">This subscription has ended.</p>}
              {live && (
                <div className="flex flex-wrap gap-2">
                  {subscription.cancelAtPeriodEnd ? (
                    <Button disabled={action.isPending} onClick={() => action.mutate('resume')}>
                      Resume subscription
                    </Button>
                  ) : (
                    <Button
                      variant="destructive"
                      disabled={action.isPending}
                      onClick={() => setConfirmCancel(true)}
                    >
                      Cancel subscription
                    </Button>
                  )}
                </div>
              )}
            </CardContent>
          </Card>

          {live && (
            <Card className="border-dashed">
              <CardHeader>
                <CardTitle as="h2">Test clock</CardTitle>
                <CardDescription>
                  Play what would happen later, without waiting a month. A cancelled subscription ends; an
                  active one renews with a new invoice; a past-due one ends when its payment is never made.
                </CardDescription>
              </CardHeader>
              <CardContent className="flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  disabled={action.isPending}
                  onClick={() => action.mutate('advance')}
                >
                  Advance to the end of the period
                </Button>
                {!subscription.cancelAtPeriodEnd && subscription.status === 'active' && (
                  <Button
                    variant="outline"
                    disabled={action.isPending}
                    onClick={() => action.mutate('fail-payment')}
                  >
                    Simulate a failed payment
                  </Button>
                )}
              </CardContent>
            </Card>
          )}

          <Card>
            <CardHeader>
              <CardTitle as="h2">Invoices</CardTitle>
            </CardHeader>
            <CardContent>
              {portal.data.invoices.length === 0 ? (
                <p className="text-sm text-muted-foreground">No invoices yet.</p>
              ) : (
                <div className="overflow-x-auto">
                  <table className="w-full text-sm" data-testid="invoices">
                    <thead className="text-left text-muted-foreground">
                      <tr>
                        <th className="py-2 pr-4 font-medium">Date</th>
                        <th className="py-2 pr-4 font-medium">Period</th>
                        <th className="py-2 pr-4 font-medium">Amount</th>
                        <th className="py-2 font-medium">Status</th>
                      </tr>
                    </thead>
                    <tbody>
                      {portal.data.invoices.map((invoice) => (
                        <tr key={invoice.id} className="border-t">
                          <td className="py-2 pr-4">{dates.date(invoice.createdAt)}</td>
                          <td className="py-2 pr-4">
                            {invoice.periodStart && invoice.periodEnd
                              ? `${dates.shortDate(invoice.periodStart)} – ${dates.date(invoice.periodEnd)}`
                              : '—'}
                          </td>
                          <td className="py-2 pr-4">{money(invoice.amountCents, invoice.currency)}</td>
                          <td className="py-2">{invoice.status === 'paid' ? 'Paid' : 'Payment failed'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </CardContent>
          </Card>
        </>
      )}
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title="Cancel your subscription?"
        description={
          subscription?.currentPeriodEnd
            ? `Nothing more is charged. Premium stays until ${dates.date(subscription.currentPeriodEnd)}, then your account moves to Free.`
            : 'Nothing more is charged. Premium stays until the end of the period.'
        }
        confirmLabel="Cancel subscription"
        cancelLabel="Keep subscription"
        destructive
        onConfirm={() => action.mutate('cancel')}
      />
    </div>
  );
}
