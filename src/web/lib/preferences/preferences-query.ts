import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/web/lib/toast';
import type { PreferenceField, Preferences } from '@/domain/preferences/preferences.schema';
import { api, ApiError, unwrap } from '@/web/lib/api-client';

export const preferencesQuery = (userId: string) =>
  queryOptions({ queryKey: ['preferences', userId], queryFn: () => unwrap(api.preferences.$get()) });

export type PreferenceUpdate = {
  [F in PreferenceField]: { field: F; value: Preferences[F] };
}[PreferenceField];

/** Saves one preference, optimistically, with a toast either way. */
export function useUpdatePreference(userId: string, options: { quiet?: boolean } = {}) {
  const queryClient = useQueryClient();
  const key = preferencesQuery(userId).queryKey;
  return useMutation({
    mutationFn: (update: PreferenceUpdate) =>
      unwrap(api.preferences.$patch({ json: { [update.field]: update.value } })),
    onMutate: async (update) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      if (previous) queryClient.setQueryData(key, { ...previous, [update.field]: update.value });
      return { previous };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      if (!options.quiet) toast.success('Preference updated');
    },
    onError: (error, _update, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      const cannot = error instanceof ApiError && error.message === 'Cannot update this field';
      toast.error(cannot ? 'Cannot update this field' : 'Failed to update preference');
    },
  });
}
