import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/web/lib/api-client';

export const weeksQuery = (page: number) =>
  queryOptions({
    queryKey: ['analysis', 'weeks', page],
    queryFn: () => unwrap(api.analysis.weeks.$get({ query: { page: String(page) } })),
    placeholderData: (previous) => previous,
  });

export const weekQuery = (week: string) =>
  queryOptions({
    queryKey: ['analysis', 'week', week],
    queryFn: () => unwrap(api.analysis.weeks[':week'].$get({ param: { week } })),
    retry: false,
  });
