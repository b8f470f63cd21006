import { useMutation } from '@tanstack/react-query';
import { toast } from '@/web/lib/toast';
import { api, unwrap } from '@/web/lib/api-client';
import { emitSessionEvent } from '@/web/lib/session-events';

/** A member's update of their own profile: the full name, with a toast either way. */
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
