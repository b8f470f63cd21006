import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NewQuestion, QuestionThread } from '@/domain/questions/questions.schema';
import { api, unwrap } from '@/web/lib/api-client';
import { toast } from '@/web/lib/toast';

/**
 * An analyst's answer reaches the page by polling (there is no live event for it): the list and an
 * open thread are read again this often while the page is open.
 */
export const POLL_INTERVAL_MS = 30_000;

/** Keyed by the member: another account signed in on this tab never sees these. */
export const questionKeys = {
  all: ['questions'] as const,
  list: (userId: string) => ['questions', userId, 'list'] as const,
  thread: (userId: string, id: string) => ['questions', userId, 'thread', id] as const,
};

/** `GET /api/questions`: the member's questions, whether they may ask, and the promised reply time. */
export const myQuestionsQuery = (userId: string) =>
  queryOptions({
    queryKey: questionKeys.list(userId),
    queryFn: () => unwrap(api.questions.$get()),
    enabled: Boolean(userId),
    refetchInterval: POLL_INTERVAL_MS,
  });

/** `GET /api/questions/{id}`: one thread, oldest message first; a closed one no longer changes. */
export const questionThreadQuery = (userId: string, id: string) =>
  queryOptions({
    queryKey: questionKeys.thread(userId, id),
    queryFn: () => unwrap(api.questions[':id'].$get({ param: { id } })),
    enabled: Boolean(userId && id),
    // The answer to an ask or a reply is the thread itself: it is not read again as it opens.
    staleTime: 10_000,
    refetchInterval: (query) => (query.state.data?.status === 'closed' ? false : POLL_INTERVAL_MS),
  });

/** The server's answer is the whole thread: show it at once, and let the list catch up. */
function storeThread(queryClient: QueryClient, userId: string, thread: QuestionThread) {
  queryClient.setQueryData(questionKeys.thread(userId, thread.id), thread);
  return queryClient.invalidateQueries({ queryKey: questionKeys.list(userId) });
}

/** Asks a question; the caller shows a refusal (409 five open, 422, 429) and keeps what was typed. */
export function useAskQuestion(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewQuestion) => unwrap(api.questions.$post({ json: input })),
    onSuccess: (thread) => storeThread(queryClient, userId, thread),
  });
}

/** Replies in a thread; the caller handles a refusal (it keeps the text). */
export function useReplyToQuestion(userId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      unwrap(api.questions[':id'].messages.$post({ param: { id }, json: { body } })),
    onSuccess: (thread) => storeThread(queryClient, userId, thread),
    // A 403 (the plan ended) or 409 (an analyst closed it) changes what the page should offer.
    onError: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}

export function useCloseQuestion(userId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.questions[':id'].close.$post({ param: { id } })),
    onSuccess: (thread) => {
      toast.success('Question closed', { description: 'It no longer counts among your open questions.' });
      return storeThread(queryClient, userId, thread);
    },
    onError: (error) => {
      toast.error('The question was not closed', { description: error.message });
      return queryClient.invalidateQueries({ queryKey: questionKeys.all });
    },
  });
}
