import { keepPreviousData, queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type {
  InboxSettings,
  InboxThread,
  InboxView,
  InboxStatusFilter,
  QuestionTopic,
} from '@/domain/questions/questions.schema';
import { api, unwrap } from '@/web/lib/api-client';
import { adminKeys, useAdminMutation } from './admin';

/** The analysts' inbox polls: a new question or a member's reply shows within 30 s. */
export const INBOX_POLL_MS = 30_000;

export const inboxKeys = {
  lists: ['admin', 'inbox', 'list'],
  threads: ['admin', 'inbox', 'thread'],
  thread: (id: string) => ['admin', 'inbox', 'thread', id],
  analysts: ['admin', 'inbox', 'analysts'],
  settings: ['admin', 'inbox', 'settings'],
} as const;

/** What the inbox list is narrowed to: a view, a status and a topic (null: any), and a page. */
export interface InboxParams {
  view: InboxView;
  status: InboxStatusFilter | null;
  topic: QuestionTopic | null;
  page: number;
}

export const inboxListQuery = (params: InboxParams) =>
  queryOptions({
    queryKey: [...inboxKeys.lists, params],
    queryFn: () =>
      unwrap(
        api.inbox.questions.$get({
          query: {
            view: params.view,
            page: String(params.page),
            ...(params.status ? { status: params.status } : {}),
            ...(params.topic ? { topic: params.topic } : {}),
          },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: INBOX_POLL_MS,
  });

export const inboxThreadQuery = (id: string) =>
  queryOptions({
    queryKey: inboxKeys.thread(id),
    queryFn: () => unwrap(api.inbox.questions[':id'].$get({ param: { id } })),
    refetchInterval: INBOX_POLL_MS,
  });

export const analystsQuery = queryOptions({
  queryKey: inboxKeys.analysts,
  queryFn: () => unwrap(api.inbox.analysts.$get()),
  staleTime: 5 * 60_000,
});

export const inboxSettingsQuery = queryOptions({
  queryKey: inboxKeys.settings,
  queryFn: () => unwrap(api.inbox.settings.$get()),
});

/** After a change to a question: its thread is the answer; the lists and the overview's figures follow. */
const afterQuestionChange: readonly QueryKey[] = [inboxKeys.lists, adminKeys.overview];
const showThread = (queryClient: QueryClient, thread: InboxThread) =>
  queryClient.setQueryData(inboxKeys.thread(thread.id), thread);

export const useSendInboxMessage = () =>
  useAdminMutation({
    run: ({ id, body, internal }: { id: string; body: string; internal: boolean }) =>
      unwrap(api.inbox.questions[':id'].messages.$post({ param: { id }, json: { body, internal } })),
    success: (_thread, input) => (input.internal ? 'Internal note added' : 'Reply sent to the member'),
    failure: (input) => (input.internal ? 'Failed to add the note' : 'Failed to send the reply'),
    apply: showThread,
    refresh: afterQuestionChange,
  });

/** What a change to a question does, for its toast. */
export type QuestionChange =
  | { kind: 'assign'; assigneeId: string; name: string; self: boolean }
  | { kind: 'unassign' }
  | { kind: 'close' }
  | { kind: 'reopen' };

const changeBody = (change: QuestionChange) =>
  change.kind === 'assign'
    ? { assigneeId: change.assigneeId }
    : change.kind === 'unassign'
      ? { assigneeId: null }
      : { status: change.kind === 'close' ? ('closed' as const) : ('open' as const) };

const changeDone = (change: QuestionChange) =>
  change.kind === 'assign'
    ? change.self
      ? 'Assigned to you'
      : `Assigned to ${change.name}`
    : change.kind === 'unassign'
      ? 'Question unassigned'
      : change.kind === 'close'
        ? 'Question closed'
        : 'Question reopened';

export const useUpdateInboxQuestion = () =>
  useAdminMutation({
    run: ({ id, change }: { id: string; change: QuestionChange }) =>
      unwrap(api.inbox.questions[':id'].$patch({ param: { id }, json: changeBody(change) })),
    success: (_thread, input) => changeDone(input.change),
    failure: (input) =>
      input.change.kind === 'close'
        ? 'Failed to close the question'
        : input.change.kind === 'reopen'
          ? 'Failed to reopen the question'
          : 'Failed to assign the question',
    apply: showThread,
    refresh: afterQuestionChange,
  });

export const useSaveInboxSettings = () =>
  useAdminMutation({
    run: (settings: InboxSettings) => unwrap(api.inbox.settings.$put({ json: settings })),
    success: (saved) =>
      saved.emailNewQuestions
        ? 'You will be emailed about each new question'
        : 'You will no longer be emailed about new questions',
    failure: 'Failed to save your email setting',
    apply: (queryClient, saved) => queryClient.setQueryData(inboxKeys.settings, saved),
    refresh: [],
  });
