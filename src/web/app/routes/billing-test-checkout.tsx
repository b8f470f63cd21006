import { useMutation, useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '@/web/lib/toast';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { cancelTestCheckout, payTestCheckout, testCheckoutQuery } from '@/web/features/billing/api/billing';
import { TestModeNotice } from '@/web/features/billing/components/test-mode-notice';
import { usePageTitle } from '../use-page-title';

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

/** The test-mode provider's checkout page: what Stripe Checkout would show, with Pay and Cancel. */
export function Component() {
  usePageTitle('Checkout (test mode)');
  const { sessionId = '' } = useParams();
  const navigate = useNavigate();
  const session = useQuery(testCheckoutQuery(sessionId));
  const onError = (error: Error) => toast.error('Checkout Error', { description: error.message });
  const pay = useMutation({
    mutationFn: () => payTestCheckout(sessionId),
    onSuccess: (result) => void navigate(result.redirect, { replace: true }),
    onError,
  });
  const cancel = useMutation({
    mutationFn: () => cancelTestCheckout(sessionId),
    onSuccess: (result) => void navigate(result.redirect, { replace: true }),
    onError,
  });
  const busy = pay.isPending || cancel.isPending;

  return (
    <div className="mx-auto flex max-w-lg flex-col gap-6">
      <TestModeNotice>
        Payments on this server are simulated: pressing Pay starts a real Premium subscription here without
        taking any money.
      </TestModeNotice>
      {session.isPending && <Spinner />}
      {session.isError && (
        <Card>
          <CardHeader>
            <h1 className="text-2xl font-semibold tracking-tight">Checkout unavailable</h1>
            <CardDescription>{session.error.message}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild variant="outline">
              <Link to="/membership">Back to Membership</Link>
            </Button>
          </CardContent>
        </Card>
      )}
      {session.data && (
        <Card>
          <CardHeader>
            <h1 className="text-2xl font-semibold tracking-tight">Subscribe to {session.data.productName}</h1>
            <CardDescription>
              <span className="text-3xl font-bold text-foreground">
                {money(session.data.amountCents, session.data.currency)}
              </span>{' '}
              per {session.data.interval}
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Email</dt>
              <dd className="text-right">{session.data.email}</dd>
              <dt className="text-muted-foreground">Billed</dt>
              <dd className="text-right">Monthly, starting today</dd>
              <dt className="text-muted-foreground">Card</dt>
              <dd className="text-right">None needed in test mode</dd>
            </dl>
            {session.data.status === 'open' ? (
              <div className="flex flex-col gap-2">
                <Button variant="premium" size="lg" disabled={busy} onClick={() => pay.mutate()}>
                  <Lock aria-hidden="true" />
                  {pay.isPending
                    ? 'Processing...'
                    : `Pay ${money(session.data.amountCents, session.data.currency)}`}
                </Button>
                <Button variant="ghost" disabled={busy} onClick={() => cancel.mutate()}>
                  Cancel
                </Button>
              </div>
            ) : (
              <div className="flex flex-col gap-3">
                <p role="status" className="text-sm">
                  {session.data.status === 'complete'
                    ? 'This checkout is already paid.'
                    : 'This checkout has expired. Start again from the membership page.'}
                </p>
                <Button asChild variant="outline">
                  <Link to="/membership">Back to Membership</Link>
                </Button>
              </div>
            )}
          </CardContent>
        </Card>
      )}
    </div>
  );
}
