import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/web/lib/toast';
import { emitSessionEvent } from '@/web/lib/session-events';

/**
 * Emailed links land with a query parameter: ?verified=1 after an email verification, ?emailChanged=1
 * after confirming a new address, ?error=… when a link was invalid or expired. Says so once, then
 * cleans the URL.
 */
export function AuthLinkNotices() {
  const [params, setParams] = useSearchParams();
  const verified = params.get('verified');
  const emailChanged = params.get('emailChanged');
  const error = params.get('error');
  const isResetPage = params.get('mode') === 'reset';

  useEffect(() => {
    if (isResetPage || (!verified && !emailChanged && !error)) return;
    if (error)
      toast.error('This link is invalid or has expired', { description: 'Ask for a new one and try again.' });
    else if (verified) toast.success('Email verified', { description: 'Your account is ready.' });
    else {
      toast.success('Email address updated', { description: 'Your new address is confirmed.' });
      emitSessionEvent('USER_UPDATED');
    }
    const next = new URLSearchParams(params);
    for (const key of ['verified', 'emailChanged', 'error']) next.delete(key);
    setParams(next, { replace: true });
  }, [verified, emailChanged, error, isResetPage, params, setParams]);

  return null;
}
