import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/web/lib/toast';
import { emitSessionEvent } from '@/web/lib/session-events';
import { syncSubscription, useRefreshPlan } from '../api/billing';

/**
 * The return from checkout to /membership: ?success=true → 'Subscription Activated!' and a subscription
 * refresh (read from the provider, so a webhook still on its way does not leave the page on Free);
 * ?canceled=true → 'Checkout Canceled'. The URL is then reset to /membership.
 */
export function useCheckoutReturn({ loading, signedIn }: { loading: boolean; signedIn: boolean }) {
  const [params, setParams] = useSearchParams();
  const refreshPlan = useRefreshPlan();
  const handled = useRef(false);
  const success = params.get('success') === 'true';
  const canceled = params.get('canceled') === 'true';

  useEffect(() => {
    if ((!success && !canceled) || handled.current || loading) return;
    handled.current = true;
    setParams({}, { replace: true });
    if (canceled) {
      toast('Checkout Canceled', { description: 'You can upgrade to Premium anytime.' });
      return;
    }
    toast.success('Subscription Activated!', {
      description: 'Welcome to Premium! Your subscription is now active.',
    });
    if (!signedIn) return;
    void (async () => {
      try {
        await syncSubscription();
      } catch {
        // The 60-second check and the webhook still bring the plan; nothing to tell the user.
      }
      await refreshPlan();
      emitSessionEvent('USER_UPDATED'); // other tabs (the one that opened checkout) update too
    })();
  }, [success, canceled, loading, signedIn, setParams, refreshPlan]);
}
