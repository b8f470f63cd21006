import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, unwrap } from '@/web/lib/api-client';

export const billingConfigQuery = queryOptions({
  queryKey: ['billing', 'config'],
  queryFn: () => unwrap(api.billing.config.$get()),
  staleTime: Infinity,
});

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
