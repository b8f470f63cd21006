import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatPlanPrice } from '@/domain/billing/price';
import { useCallback } from 'react';
import { api, unwrap } from '@/web/lib/api-client';

export const billingConfigQuery = queryOptions({
  queryKey: ['billing', 'config'],
  queryFn: () => unwrap(api.billing.config.$get()),
  // The mode never changes while the server runs; the price may be edited at Stripe.
  staleTime: 10 * 60_000,
});

export type PremiumPrice =
  | { status: 'loading' }
  | { status: 'known'; amount: string; period: string; text: string }
  | { status: 'unknown'; reason: string };

/** Premium's price as the billing provider holds it ("$9", "per month"), never a number of our own. */
export function usePremiumPrice(): PremiumPrice {
  const { data, error } = useQuery(billingConfigQuery);
  if (error) return { status: 'unknown', reason: error.message };
  if (!data) return { status: 'loading' };
  if (!data.price)
    return { status: 'unknown', reason: data.priceUnavailable ?? 'The price is not known yet' };
  const { amount, period } = formatPlanPrice(data.price);
  return { status: 'known', amount, period, text: `${amount} ${period}` };
}

export const billingSummaryQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: ['billing', 'summary', userId],
    queryFn: () => unwrap(api.billing.summary.$get()),
    enabled: Boolean(userId),
  });

export const testCheckoutQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['billing', 'test-checkout', sessionId],
    queryFn: () => unwrap(api.billing.test.checkout[':id'].$get({ param: { id: sessionId } })),
  });

const fetchTestPortal = () => unwrap(api.billing.test.portal.$get());
export type TestPortalView = Awaited<ReturnType<typeof fetchTestPortal>>;

export const testPortalQuery = queryOptions({
  queryKey: ['billing', 'test-portal'],
  queryFn: fetchTestPortal,
});

export const createCheckout = () => unwrap(api.billing.checkout.$post());
export const createPortal = () => unwrap(api.billing.portal.$post());
export const syncSubscription = () => unwrap(api.billing.sync.$post());
export const payTestCheckout = (id: string) =>
  unwrap(api.billing.test.checkout[':id'].pay.$post({ param: { id } }));
export const cancelTestCheckout = (id: string) =>
  unwrap(api.billing.test.checkout[':id'].cancel.$post({ param: { id } }));

export type TestPortalAction = 'cancel' | 'resume' | 'advance' | 'fail-payment';
/** The billing page's actions; hc's types cannot follow a path that is an endpoint and a parent. */
export const testPortalAction = (action: TestPortalAction) => {
  const portal = api.billing.test.portal as unknown as Record<
    TestPortalAction,
    { $post: typeof api.billing.checkout.$post }
  >;
  return unwrap(portal[action].$post()) as unknown as Promise<TestPortalView>;
};

/** After a plan may have changed: the session (profile), the subscription check and billing views. */
export function useRefreshPlan() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all(
      ['session', 'subscription', 'billing'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
    );
  }, [queryClient]);
}
