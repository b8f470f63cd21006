import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useSession } from '@/web/app/providers/session-provider';

/** Sign out behind a confirmation, with the SPEC §8 toasts. */
export function useSignOut() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [confirmOpen, setConfirmOpen] = useState(false);

  const confirm = useCallback(async () => {
    try {
      await signOut();
      toast.success('Signed out successfully', { description: 'You have been signed out of your account.' });
      await navigate('/');
    } catch (error) {
      toast.error('Error signing out', { description: (error as Error).message });
    }
  }, [signOut, navigate]);

  return { confirmOpen, setConfirmOpen, confirm };
}
