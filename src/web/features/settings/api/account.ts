import { useMutation } from '@tanstack/react-query';
import { toast } from '@/web/lib/toast';
import { api, unwrap } from '@/web/lib/api-client';
import { emitSessionEvent } from '@/web/lib/session-events';

/** SPEC §7 profiles update (own): the full name, with the SPEC §8 toasts. */
export function useUpdateFullName() {
  return useMutation({
    mutationFn: (fullName: string) => unwrap(api.profile.$patch({ json: { fullName } })),
    onSuccess: () => {
      toast.success('Profile updated');
      emitSessionEvent('USER_UPDATED');
    },
    onError: () => toast.error('Failed to update profile'),
  });
}
