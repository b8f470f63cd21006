import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { NEWS_PAGE_SIZE } from '@/domain/news/limits';
import { api, unwrap } from '@/web/lib/api-client';

export type NewsCategoryFilter =
  | 'all'
  | 'XRP'
  | 'REGULATION'
  | 'TRADING'
  | 'PARTNERSHIP'
  | 'TECHNOLOGY'
  | 'ADOPTION'
  | 'MARKET'
  | 'BUSINESS'
  | 'NEWS';

/** The list, newest first, 50 a page; search and category run on the server. */
export const newsListQuery = (q: string, category: NewsCategoryFilter) =>
  infiniteQueryOptions({
    queryKey: ['news', 'list', q, category],
    queryFn: ({ pageParam }) =>
      unwrap(
        api.news.$get({
          query: {
            ...(q ? { q } : {}),
            category,
            limit: String(NEWS_PAGE_SIZE),
            offset: String(pageParam),
          },
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length * NEWS_PAGE_SIZE : undefined),
  });

/** The two newest headlines, for the home page ticker. */
export const headlinesQuery = queryOptions({
  queryKey: ['news', 'headlines'],
  queryFn: () => unwrap(api.news.$get({ query: { limit: '2' } })),
});

/** One article for its page on this site (/news/:id): the card's fields and a longer summary. */
export const newsArticleQuery = (id: string) =>
  queryOptions({
    queryKey: ['news', 'article', id],
    queryFn: () => unwrap(api.news[':id'].$get({ param: { id } })),
    retry: false,
  });

export const newsStatsQuery = queryOptions({
  queryKey: ['news', 'stats'],
  queryFn: () => unwrap(api.news.stats.$get()),
});

/** Refreshes every feed, then reloads the list and the sidebar. */
export function useRefreshNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.news.refresh.$post()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['news'] }),
  });
}
