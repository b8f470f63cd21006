import {
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type {
  Comment,
  CommentList,
  CommentOrder,
  CommenterProfileInput,
  CommentReply,
  ReportReason,
} from '@/domain/community/community.schema';
import { api, unwrap, unwrapEmpty } from '@/web/lib/api-client';
import { toast } from '@/web/lib/toast';

/**
 * The query keys. `web/lib/server-event-stream.ts` refreshes `['comments', subject]` and `['comment-counts']`
 * on a live `comment` event, so every discussion key starts with those.
 */
export const communityKeys = {
  all: ['comments'] as const,
  discussion: (subject: string) => ['comments', subject] as const,
  counts: ['comment-counts'] as const,
};

/**
 * One page of a discussion. The key holds the viewer (`user id:isPremium:isAdmin`): what the server
 * sends (participation, hidden text for moderators, a research discussion at all) depends on them.
 */
export const commentsQuery = (
  subject: string,
  order: CommentOrder,
  page: number,
  viewerKey: string,
  /** A comment to show: the server answers the page holding its thread (then `page` is ignored). */
  focus: string | null = null,
) =>
  queryOptions({
    queryKey: [...communityKeys.discussion(subject), order, focus ? `focus:${focus}` : page, viewerKey],
    queryFn: () =>
      unwrap(
        api.comments.$get({
          query: { subject, order, page: String(page), ...(focus ? { focus } : {}) },
        }),
      ),
    // A new page or order keeps the comments on screen until the next ones arrive.
    placeholderData: (previous) => previous,
    retry: false,
  });

/** How many visible comments each discussion has: one request for a list page's cards. */
export const commentCountsQuery = (subjects: readonly string[]) =>
  queryOptions({
    queryKey: [...communityKeys.counts, [...subjects].sort().join(',')],
    queryFn: () => unwrap(api.comments.counts.$get({ query: { subjects: subjects.join(',') } })),
    select: (data) => data.counts,
    enabled: subjects.length > 0,
    staleTime: 30_000,
  });

export const errorToast = (title: string) => (error: Error) =>
  toast.error(title, { description: error.message });

type Patch = Partial<Pick<CommentReply, 'body' | 'editedAt' | 'likes' | 'liked' | 'reportedByMe'>>;

/** Changes one comment (or reply) in every cached page of the discussion, until the refetch. */
function patchComment(queryClient: QueryClient, subject: string, id: string, patch: Patch) {
  queryClient.setQueriesData<CommentList>({ queryKey: communityKeys.discussion(subject) }, (list) =>
    list
      ? {
          ...list,
          comments: list.comments.map((comment): Comment =>
            comment.id === id
              ? { ...comment, ...patch }
              : {
                  ...comment,
                  replies: comment.replies.map((reply) => (reply.id === id ? { ...reply, ...patch } : reply)),
                },
          ),
        }
      : list,
  );
}

/** After a change: the discussion and the counts on cards. */
function refresh(queryClient: QueryClient, subject: string) {
  return Promise.all(
    [communityKeys.discussion(subject), communityKeys.counts].map((queryKey: QueryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** Posts a comment, or a reply (`parentId`); the caller handles failure (it keeps the text). */
export function usePostComment(subject: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: string; parentId?: string }) =>
      unwrap(api.comments.$post({ json: { subject, ...input } })),
    onSuccess: () => refresh(queryClient, subject),
  });
}

export function useEditComment(subject: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) =>
      unwrap(api.comments[':id'].$patch({ param: { id }, json: { body } })),
    onSuccess: (comment) => {
      patchComment(queryClient, subject, comment.id, { body: comment.body, editedAt: comment.editedAt });
      return refresh(queryClient, subject);
    },
  });
}

export function useDeleteComment(subject: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrapEmpty(api.comments[':id'].$delete({ param: { id } })),
    onSuccess: () => {
      toast.success('Comment deleted');
      return refresh(queryClient, subject);
    },
    onError: errorToast('The comment was not deleted'),
  });
}

/** Like or take the like back; the button changes at once and goes back if the server refuses. */
export function useLikeComment(subject: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, like }: { id: string; like: boolean; likes: number }) =>
      unwrap(
        like
          ? api.comments[':id'].like.$put({ param: { id } })
          : api.comments[':id'].like.$delete({ param: { id } }),
      ),
    onMutate: async ({ id, like, likes }) => {
      await queryClient.cancelQueries({ queryKey: communityKeys.discussion(subject) });
      patchComment(queryClient, subject, id, { liked: like, likes: Math.max(0, likes + (like ? 1 : -1)) });
      return { id, liked: !like, likes };
    },
    onSuccess: (state, { id }) => patchComment(queryClient, subject, id, state),
    onError: (error, _input, before) => {
      if (before) patchComment(queryClient, subject, before.id, { liked: before.liked, likes: before.likes });
      toast.error('The like was not saved', { description: error.message });
    },
    // Then the discussion is read again. A like given while the page was changing to another list
    // (the mail link's focused comment, then the plain first page) patched the list it was leaving;
    // the one it shows had its first read cancelled above, and would stay as it was (no like).
    onSettled: () => refresh(queryClient, subject),
  });
}

/** Reports a comment; the dialog shows a refusal (409 already reported, 429 too many) and a toast. */
export function useReportComment(subject: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: { id: string; reason: ReportReason; details?: string | undefined }) =>
      unwrap(api.comments[':id'].reports.$post({ param: { id }, json: input })),
    onSuccess: (_result, { id }) => {
      toast.success('Reported — thank you', {
        description: 'A moderator will look at this comment.',
      });
      patchComment(queryClient, subject, id, { reportedByMe: true });
      return refresh(queryClient, subject);
    },
  });
}

/** The name (and expertise line) shown with every comment of the member, everywhere. */
export function useSaveCommenterProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommenterProfileInput) => unwrap(api.community.profile.$put({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.all }),
  });
}

// --- moderators (administrators) ---

export function useHideComment(subject: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      unwrapEmpty(api.admin.comments[':id'].hide.$post({ param: { id }, json: { reason } })),
    onSuccess: () => {
      toast.success('Comment hidden');
      return refresh(queryClient, subject);
    },
  });
}

export function useRestoreComment(subject: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrapEmpty(api.admin.comments[':id'].restore.$post({ param: { id } })),
    onSuccess: () => {
      toast.success('Comment restored');
      return refresh(queryClient, subject);
    },
    onError: errorToast('The comment was not restored'),
  });
}

export function useModeratorDelete(subject: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrapEmpty(api.admin.comments[':id'].$delete({ param: { id } })),
    onSuccess: () => {
      toast.success('Comment deleted');
      return refresh(queryClient, subject);
    },
    onError: errorToast('The comment was not deleted'),
  });
}
