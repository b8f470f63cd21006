import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/web/lib/toast';
import { useSession } from '@/web/lib/session';

/**
 * Sign out behind a confirmation, with a toast either way. The client forgets the user only once the
 * app is on the home page: a guarded page that saw the user vanish would send them to /auth instead.
 */
export function useSignOut() {
  const { endSession, clearSession } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const leaving = useRef(false);

  const finish = useCallback(() => {
    leaving.current = false;
    clearSession();
    toast.success('Signed out successfully', { description: 'You have been signed out of your account.' });
  }, [clearSession]);

  useEffect(() => {
    if (leaving.current && pathname === '/') finish();
  }, [pathname, finish]);

  const confirm = useCallback(async () => {
    try {
      await endSession();
    } catch (error) {
      toast.error('Error signing out', { description: (error as Error).message });
      return;
    }
    if (pathname === '/') {
      finish();
      return;
    }
    leaving.current = true;
    await navigate('/');
  }, [endSession, navigate, pathname, finish]);

  return { confirmOpen, setConfirmOpen, confirm };
}
