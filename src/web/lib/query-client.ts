import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

const SESSION_KEYS: unknown[] = ['session', 'subscription'];

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    // A 403 on a read means the member's plan or role changed since the page was drawn (Premium
    // ended in another tab, an admin took a role away): the session is read again so the page
    // redraws for what the member may now see instead of repeating refused requests.
    queryCache: new QueryCache({
      onError: (error, query) => {
        const [first] = query.queryKey;
        // A refused session read itself is not re-asked (that would loop).
        if (!(error instanceof ApiError) || error.status !== 403 || SESSION_KEYS.includes(first)) return;
        for (const key of SESSION_KEYS) void queryClient.invalidateQueries({ queryKey: [key] });
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // 4xx answers will not change on retry; network and 5xx errors get two more tries.
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      },
    },
  });
  return queryClient;
}
