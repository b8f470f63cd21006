import {
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { toast } from '@/web/lib/toast';
import type { AdminUserUpdate } from '@/domain/admin/admin.schema';
import type { ModerationQuery } from '@/domain/community/community.schema';
import type { DominoEventInput, DominoEventPatch } from '@/domain/domino/domino.schema';
import type { KnownAccountInput, KnownAccountPatch } from '@/domain/known-accounts/known-accounts.schema';
import type { RssFeedInput, RssFeedPatch } from '@/domain/news/news.schema';
import { api, unwrap, unwrapEmpty } from '@/web/lib/api-client';

/** Query keys the live server events refresh (see lib/server-event-stream.ts). */
export const adminKeys = {
  overview: ['admin', 'overview'],
  users: ['admin', 'users'],
  audit: ['admin', 'audit'],
  feeds: ['admin', 'feeds'],
  sources: ['admin', 'sources'],
  syncLogs: ['admin', 'sync-logs'],
  domino: ['admin', 'domino'],
  comments: ['admin', 'comments'],
  knownAccounts: ['admin', 'known-accounts'],
} as const satisfies Record<string, QueryKey>;

/** /api/health with the administrator's detail: this server process's event-loop delay. */
export const serverHealthQuery = queryOptions({
  queryKey: [...adminKeys.overview, 'health'],
  queryFn: () => unwrap(api.health.$get()),
  refetchInterval: 15_000,
});

export const overviewQuery = queryOptions({
  queryKey: adminKeys.overview,
  queryFn: () => unwrap(api.admin.overview.$get()),
});

export const usersQuery = (search: string, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.users, search, page],
    queryFn: () =>
      unwrap(api.admin.users.$get({ query: { page: String(page), ...(search ? { search } : {}) } })),
    placeholderData: (previous) => previous,
  });

export const auditQuery = (filter: { userId?: string; action?: string }, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.audit, filter, page],
    queryFn: () =>
      unwrap(
        api.admin['audit-logs'].$get({
          query: {
            page: String(page),
            ...(filter.userId ? { userId: filter.userId } : {}),
            ...(filter.action ? { action: filter.action as never } : {}),
          },
        }),
      ),
  });

/** The moderation list: what the Comments tab filters by (the server's defaults left out). */
export type ModerationParams = Pick<ModerationQuery, 'filter' | 'type' | 'page'> & {
  q: string;
  author: string | null;
};

export const moderationQuery = (params: ModerationParams) =>
  queryOptions({
    queryKey: [...adminKeys.comments, params],
    queryFn: () =>
      unwrap(
        api.admin.comments.$get({
          query: {
            filter: params.filter,
            type: params.type,
            page: String(params.page),
            ...(params.q ? { q: params.q } : {}),
            ...(params.author ? { author: params.author } : {}),
          },
        }),
      ),
    placeholderData: (previous) => previous,
  });

export const feedsQuery = queryOptions({
  queryKey: adminKeys.feeds,
  queryFn: () => unwrap(api.admin.feeds.$get()),
});
export const sourcesQuery = queryOptions({
  queryKey: adminKeys.sources,
  queryFn: () => unwrap(api.admin.sources.$get()),
});
export const taskRunsQuery = queryOptions({
  queryKey: ['admin', 'jobs'],
  queryFn: () => unwrap(api.admin.jobs.$get()),
  refetchInterval: 60_000,
});
export const syncLogsQuery = queryOptions({
  queryKey: adminKeys.syncLogs,
  queryFn: () => unwrap(api.admin['sync-logs'].$get()),
});
/** The latest ledger backfill, read again every 5 s while it runs. */
export const backfillQuery = queryOptions({
  queryKey: ['admin', 'ledger-backfill'],
  queryFn: () => unwrap(api.admin['ledger-backfill'].$get()),
  refetchInterval: (query) => (query.state.data?.backfill?.status === 'running' ? 5_000 : false),
});
export const adminDominoQuery = queryOptions({
  queryKey: adminKeys.domino,
  queryFn: () => unwrap(api.admin['domino-events'].$get()),
});

/**
 * A mutation with toasts: `success` on success, `failure` as the title of the error
 * toast (the server's message below it); `apply` puts the answer in the cache at once (a thread the
 * answer is), and `refresh` lists what to refetch afterwards.
 */
export function useAdminMutation<TInput, TOutput>(options: {
  run: (input: TInput) => Promise<TOutput>;
  success: string | ((output: TOutput, input: TInput) => string);
  failure: string | ((input: TInput) => string);
  refresh: readonly QueryKey[];
  apply?: (queryClient: QueryClient, output: TOutput, input: TInput) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.run,
    onSuccess: async (output, input) => {
      options.apply?.(queryClient, output, input);
      toast.success(typeof options.success === 'function' ? options.success(output, input) : options.success);
      await Promise.all(options.refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error: Error, input) =>
      toast.error(typeof options.failure === 'function' ? options.failure(input) : options.failure, {
        description: error.message,
      }),
  });
}

/** A role change alone says what it did; any other change, that the user was updated. */
const userUpdated = (_user: unknown, { email, change }: { email?: string; change: AdminUserUpdate }) => {
  const { role, ...rest } = change;
  if (!role || Object.keys(rest).length > 0) return 'User updated successfully';
  const who = email ?? 'The user';
  return role === 'analyst' ? `${who} is now an analyst` : `${who} is no longer an analyst`;
};

export const useUpdateUser = () =>
  useAdminMutation({
    run: ({ userId, change }: { userId: string; change: AdminUserUpdate; email?: string }) =>
      unwrap(api.admin.users[':userId'].$patch({ param: { userId }, json: change })),
    success: userUpdated,
    failure: 'Failed to update user',
    refresh: [adminKeys.users, adminKeys.audit, adminKeys.overview],
  });

export const useSaveFeed = () =>
  useAdminMutation({
    run: ({ id, feed }: { id: string | null; feed: RssFeedInput | RssFeedPatch }) =>
      id
        ? unwrap(api.admin.feeds[':id'].$patch({ param: { id }, json: feed }))
        : unwrap(api.admin.feeds.$post({ json: feed as RssFeedInput })),
    success: (_feed, input) => `RSS feed ${input.id ? 'updated' : 'created'} successfully`,
    failure: 'Failed to save RSS feed',
    refresh: [adminKeys.feeds],
  });

export const useToggleFeed = () =>
  useAdminMutation({
    run: ({ id, enabled }: { id: string; enabled: boolean }) =>
      unwrap(api.admin.feeds[':id'].$patch({ param: { id }, json: { enabled } })),
    success: (feed) => (feed.enabled ? 'Feed enabled' : 'Feed disabled'),
    failure: 'Failed to update feed status',
    refresh: [adminKeys.feeds],
  });

export const useDeleteFeed = () =>
  useAdminMutation({
    run: (id: string) => unwrapEmpty(api.admin.feeds[':id'].$delete({ param: { id } })),
    success: 'RSS feed deleted successfully',
    failure: 'Failed to delete RSS feed',
    refresh: [adminKeys.feeds],
  });

export const useRefreshNews = () =>
  useAdminMutation({
    run: () => unwrap(api.news.refresh.$post()),
    success: 'News refresh triggered successfully',
    failure: 'Failed to trigger news refresh',
    refresh: [adminKeys.feeds, adminKeys.overview],
  });

export const useUpdateFrequency = () =>
  useAdminMutation({
    run: ({ id, minutes }: { id: string; minutes: number }) =>
      unwrap(api.admin.sources[':id'].$patch({ param: { id }, json: { syncFrequencyMinutes: minutes } })),
    success: 'Sync frequency updated successfully',
    failure: 'Failed to update sync frequency',
    refresh: [adminKeys.sources],
  });

export const useTriggerSync = () =>
  useAdminMutation({
    run: ({ id }: { id: string; name: string }) =>
      unwrap(api.admin.sources[':id'].sync.$post({ param: { id } })),
    success: (result) =>
      result.status === 'success'
        ? `${result.log.apiSource} triggered successfully`
        : `${result.log.apiSource} failed: ${result.log.errorMessage ?? 'see the sync logs'}`,
    failure: 'Failed to trigger sync',
    refresh: [adminKeys.sources, adminKeys.syncLogs, adminKeys.overview],
  });

export const useCleanupSyncs = () =>
  useAdminMutation({
    run: () => unwrap(api.admin.sync.cleanup.$post()),
    success: (result) => `Cleaned up ${result.cleanedCount} stuck sync logs`,
    failure: 'Failed to cleanup stuck syncs',
    refresh: [adminKeys.syncLogs, adminKeys.sources],
  });

export const useStartBackfill = () =>
  useAdminMutation({
    run: ({ days }: { days: number }) => unwrap(api.admin['ledger-backfill'].$post({ json: { days } })),
    success: (backfill) =>
      `Backfill of ${backfill.days} ${backfill.days === 1 ? 'day' : 'days'} started: it reads in the background`,
    failure: 'Failed to start the backfill',
    refresh: [backfillQuery.queryKey, adminKeys.sources],
  });

export const useCancelBackfill = () =>
  useAdminMutation({
    run: () => unwrap(api.admin['ledger-backfill'].cancel.$post()),
    success: 'Backfill cancelled: what it read stays',
    failure: 'Failed to cancel the backfill',
    refresh: [backfillQuery.queryKey],
  });

export const useSaveDominoEvent = () =>
  useAdminMutation({
    run: ({ id, event }: { id: string | null; event: DominoEventInput | DominoEventPatch }) =>
      id
        ? unwrap(api.admin['domino-events'][':id'].$patch({ param: { id }, json: event }))
        : unwrap(api.admin['domino-events'].$post({ json: event as DominoEventInput })),
    success: (_event, input) => `Event ${input.id ? 'updated' : 'created'} successfully`,
    failure: 'Failed to save event',
    refresh: [adminKeys.domino, ['domino']],
  });

export const useToggleDominoEvent = () =>
  useAdminMutation({
    run: ({ id, isActive }: { id: string; isActive: boolean }) =>
      unwrap(api.admin['domino-events'][':id'].$patch({ param: { id }, json: { isActive } })),
    success: 'Event updated successfully',
    failure: 'Failed to update event',
    refresh: [adminKeys.domino, ['domino']],
  });

export const useDeleteDominoEvent = () =>
  useAdminMutation({
    run: (id: string) => unwrapEmpty(api.admin['domino-events'][':id'].$delete({ param: { id } })),
    success: 'Event deleted successfully',
    failure: 'Failed to delete event',
    refresh: [adminKeys.domino, ['domino']],
  });

export const useMoveDominoEvent = () =>
  useAdminMutation({
    run: ({ id, direction }: { id: string; direction: 'up' | 'down' }) =>
      unwrap(api.admin['domino-events'][':id'].move.$post({ param: { id }, json: { direction } })),
    success: 'Event moved',
    failure: 'Failed to move event',
    refresh: [adminKeys.domino, ['domino']],
  });

export const knownAccountsQuery = queryOptions({
  queryKey: adminKeys.knownAccounts,
  queryFn: () => unwrap(api.admin['known-accounts'].$get()),
});

/** After a change to the registry: the list, the audit trail, and every whale shown with its names. */
const afterRegistryChange = [adminKeys.knownAccounts, adminKeys.audit, ['whales']] as const;

export const useAddKnownAccount = () =>
  useAdminMutation({
    run: (input: KnownAccountInput) => unwrap(api.admin['known-accounts'].$post({ json: input })),
    success: (account) => `${account.address.slice(0, 8)}… is now named ${account.label}`,
    failure: 'Failed to name the account',
    refresh: afterRegistryChange,
  });

export const useUpdateKnownAccount = () =>
  useAdminMutation({
    run: ({ address, patch }: { address: string; patch: KnownAccountPatch }) =>
      unwrap(api.admin['known-accounts'][':address'].$patch({ param: { address }, json: patch })),
    success: (account, { patch }) =>
      patch.retired === true
        ? `${account.label} retired: it names nothing now`
        : patch.retired === false
          ? `${account.label} restored`
          : `${account.label} saved`,
    failure: 'Failed to save the account',
    refresh: afterRegistryChange,
  });

export const useMergeEntities = () =>
  useAdminMutation({
    run: (merge: { from: string; into: string }) =>
      unwrap(api.admin['known-accounts'].merge.$post({ json: merge })),
    success: (result, merge) =>
      `${result.moved} account${result.moved === 1 ? '' : 's'} of ${merge.from} now belong to ${merge.into}`,
    failure: 'Failed to merge the entities',
    refresh: afterRegistryChange,
  });

/** After a moderator's action: the queue and the audit trail (every action is audited). */
const afterModeration = [adminKeys.comments, adminKeys.audit] as const;

export const useHideComment = () =>
  useAdminMutation({
    run: ({ id, reason }: { id: string; reason: string }) =>
      unwrapEmpty(api.admin.comments[':id'].hide.$post({ param: { id }, json: { reason } })),
    success: 'Comment hidden',
    failure: 'Failed to hide the comment',
    refresh: afterModeration,
  });

/** Restores a hidden comment, or keeps a visible one that was reported (its open reports are closed). */
export const useRestoreComment = () =>
  useAdminMutation({
    run: ({ id }: { id: string; keep: boolean }) =>
      unwrapEmpty(api.admin.comments[':id'].restore.$post({ param: { id } })),
    success: (_output, input) => (input.keep ? 'Comment kept; its reports are closed' : 'Comment restored'),
    failure: 'Failed to restore the comment',
    refresh: afterModeration,
  });

export const useDeleteComment = () =>
  useAdminMutation({
    run: (id: string) => unwrapEmpty(api.admin.comments[':id'].$delete({ param: { id } })),
    success: 'Comment deleted',
    failure: 'Failed to delete the comment',
    refresh: afterModeration,
  });

export const useStopCommenting = () =>
  useAdminMutation({
    run: ({ userId, reason }: { userId: string; reason: string; name: string }) =>
      unwrap(api.admin.comments.members[':userId'].stop.$post({ param: { userId }, json: { reason } })),
    success: (_output, input) => `${input.name} can no longer comment`,
    failure: 'Failed to stop commenting',
    refresh: afterModeration,
  });

export const useResumeCommenting = () =>
  useAdminMutation({
    run: ({ userId }: { userId: string; name: string }) =>
      unwrap(api.admin.comments.members[':userId'].resume.$post({ param: { userId } })),
    success: (_output, input) => `${input.name} can comment again`,
    failure: 'Failed to allow commenting',
    refresh: afterModeration,
  });
