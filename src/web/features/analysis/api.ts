import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/web/lib/api-client';

/**
 * The keys hold the viewer (`user id:isPremium`): the server leaves the Premium parts out for others,
 * so a sign-in or an upgrade must fetch again rather than show the locked copy.
 */
export const weeksQuery = (page: number, viewerKey: string) =>
  queryOptions({
    queryKey: ['analysis', 'weeks', page, viewerKey],
    queryFn: () => unwrap(api.analysis.weeks.$get({ query: { page: String(page) } })),
    placeholderData: (previous) => previous,
  });

export const weekQuery = (week: string, viewerKey: string) =>
  queryOptions({
    queryKey: ['analysis', 'week', week, viewerKey],
    queryFn: () => unwrap(api.analysis.weeks[':week'].$get({ param: { week } })),
    retry: false,
  });
