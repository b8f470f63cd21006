import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useSession } from '@/web/app/providers/session-provider';

/** Sign out behind a confirmation, with the SPEC §8 toasts. */
export function useSignOut() {
  const { endSession, clearSession } = useSession();
  const navigate = useNavigate();
  const [confirmOpen, setConfirmOpen] = useState(false);

  const confirm = useCallback(async () => {
    try {
      await endSession();
      // Leave the page first: a guarded page would otherwise send the signed-out user to /auth.
      await navigate('/');
      clearSession();
      toast.success('Signed out successfully', { description: 'You have been signed out of your account.' });
    } catch (error) {
      toast.error('Error signing out', { description: (error as Error).message });
    }
  }, [endSession, clearSession, navigate]);

  return { confirmOpen, setConfirmOpen, confirm };
}
