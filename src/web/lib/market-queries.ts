import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/web/lib/api-client';

/**
 * The market's queries that more than one feature reads: the latest XRP figures, for the market's
 * cards, the home page's ticker and the price alerts' form. One definition, so all of them share one
 * cached answer (and the live stream's refresh of it, under the same key).
 */
export const metricsQuery = queryOptions({
  queryKey: ['market', 'metrics', 'XRP'],
  queryFn: () => unwrap(api.market.metrics.$get({ query: { symbol: 'XRP' } })),
});
