import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/web/lib/toast';
import type { AlertRuleInput } from '@/domain/alerts/alerts.schema';
import { api, unwrap, unwrapEmpty } from '@/web/lib/api-client';

export const rulesQuery = (userId: string) =>
  queryOptions({
    queryKey: ['alerts', 'rules', userId],
    queryFn: () => unwrap(api.alerts.rules.$get()),
    enabled: Boolean(userId),
  });

/**
 * The entities the registry of known accounts names (Premium), for the entity and reserve rules:
 * the same list, and the same cache entry, as the whale history's filter.
 */
export const registryEntitiesQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: ['whales', 'entities'],
    queryFn: () => unwrap(api.whales.entities.$get()),
    staleTime: 5 * 60_000,
    enabled,
  });

export const notificationsQuery = (userId: string, limit = 20) =>
  queryOptions({
    queryKey: ['notifications', userId, limit],
    queryFn: () => unwrap(api.notifications.$get({ query: { limit: String(limit) } })),
    enabled: Boolean(userId),
  });

export const pushConfigQuery = (userId: string) =>
  queryOptions({
    queryKey: ['push', 'config', userId],
    queryFn: () => unwrap(api.push.config.$get()),
    enabled: Boolean(userId),
  });

const errorToast = (title: string) => (error: Error) => toast.error(title, { description: error.message });

export function useCreateRule(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AlertRuleInput) => unwrap(api.alerts.rules.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rulesQuery(userId).queryKey }),
    onError: errorToast('Failed to set alert'),
  });
}

export function useUpdateRule(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      unwrap(api.alerts.rules[':id'].$patch({ param: { id }, json: { active } })),
    onSuccess: (rule) => {
      toast.success(rule.active ? 'Alert resumed' : 'Alert paused');
      return queryClient.invalidateQueries({ queryKey: rulesQuery(userId).queryKey });
    },
    onError: errorToast('Failed to update alert'),
  });
}

/** Edits a rule with the create schema of its kind; the caller shows a refusal in its form too. */
export function useEditRule(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rule }: { id: string; rule: AlertRuleInput }) =>
      unwrap(api.alerts.rules[':id'].$patch({ param: { id }, json: { rule } })),
    onSuccess: () => {
      toast.success('Alert updated');
      return queryClient.invalidateQueries({ queryKey: rulesQuery(userId).queryKey });
    },
    onError: errorToast('Failed to update alert'),
  });
}

export function useDeleteRule(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrapEmpty(api.alerts.rules[':id'].$delete({ param: { id } })),
    onSuccess: () => {
      toast.success('Alert deleted');
      return queryClient.invalidateQueries({ queryKey: rulesQuery(userId).queryKey });
    },
    onError: errorToast('Failed to delete alert'),
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: { ids: string[] } | { all: true }) =>
      unwrap(api.notifications.read.$post({ json: target })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
    onError: errorToast('Failed to mark alerts read'),
  });
}

export const savePushSubscription = (subscription: {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}) => unwrapEmpty(api.push.subscriptions.$post({ json: subscription }));
export const forgetPushSubscription = (endpoint: string) =>
  unwrapEmpty(api.push.subscriptions.$delete({ json: { endpoint } }));

export const unsubscribeInfo = (token: string) => unwrap(api.unsubscribe.$get({ query: { token } }));
export const confirmUnsubscribe = (token: string) => unwrap(api.unsubscribe.$post({ query: { token } }));
