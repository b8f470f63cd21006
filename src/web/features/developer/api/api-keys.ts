import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/web/lib/toast';
import { api, unwrap, unwrapEmpty } from '@/web/lib/api-client';

export const apiKeysQuery = (userId: string) =>
  queryOptions({
    queryKey: ['developer', 'keys', userId],
    queryFn: () => unwrap(api.developer.keys.$get()),
    enabled: Boolean(userId),
  });

export function useCreateApiKey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => unwrap(api.developer.keys.$post({ json: { name } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQuery(userId).queryKey }),
    onError: (error: Error) => toast.error('Failed to create API key', { description: error.message }),
  });
}

export function useRevokeApiKey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrapEmpty(api.developer.keys[':id'].$delete({ param: { id } })),
    onSuccess: () => {
      toast.success('API key revoked');
      return queryClient.invalidateQueries({ queryKey: apiKeysQuery(userId).queryKey });
    },
    onError: (error: Error) => toast.error('Failed to revoke API key', { description: error.message }),
  });
}
