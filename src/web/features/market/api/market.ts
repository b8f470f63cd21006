import type { FlowKind } from '@/domain/known-accounts/flow-kind';
import type { FearGreedRange, HistoryRange } from '@/domain/market/history';
import type { FlowRange } from '@/domain/whales/flows.schema';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/web/lib/api-client';

/** Refetch: whale data every 5 minutes (and at once on a live whale event). */
const FIVE_MINUTES = 5 * 60_000;

export const fearGreedQuery = queryOptions({
  queryKey: ['market', 'fear-greed'],
  queryFn: () => unwrap(api.market['fear-greed'].$get()),
});

export const whalesQuery = queryOptions({
  queryKey: ['whales', 'list'],
  queryFn: () => unwrap(api.whales.$get()),
  refetchInterval: FIVE_MINUTES,
});

/** The whole history's filters, as the page's address carries them (every one optional). */
export interface WhaleHistoryFilter {
  kind?: FlowKind;
  entity?: string;
  minXrp?: string;
  /** ISO instants: where the member's chosen days begin and end in their zone. */
  from?: string;
  to?: string;
}

export const whaleHistoryQuery = (filter: WhaleHistoryFilter) =>
  infiniteQueryOptions({
    queryKey: ['whales', 'history', filter],
    queryFn: ({ pageParam }) =>
      unwrap(
        api.whales.history.$get({
          query: { ...filter, ...(pageParam ? { before: pageParam } : {}) },
        }),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const whaleEntitiesQuery = queryOptions({
  queryKey: ['whales', 'entities'],
  queryFn: () => unwrap(api.whales.entities.$get()),
  staleTime: FIVE_MINUTES,
});

export const whaleStatsQuery = queryOptions({
  queryKey: ['whales', 'stats'],
  queryFn: () => unwrap(api.whales.stats.$get()),
  refetchInterval: FIVE_MINUTES,
});

export const dominoQuery = (viewerKey: string) =>
  queryOptions({
    queryKey: ['domino-events', viewerKey],
    queryFn: () => unwrap(api['domino-events'].$get()),
  });

export type ChartSeries = 'price' | 'market_cap' | 'volume' | 'dominance';
export type ChartRange = HistoryRange;

/**
 * Premium only: the server answers 403 to everyone else, so only premium viewers ever ask. A new
 * range keeps the last one on screen until it arrives (the chart dims meanwhile) instead of a spinner.
 */
export const historyQuery = (series: ChartSeries, range: ChartRange) =>
  queryOptions({
    queryKey: ['market', 'history', series, range],
    queryFn: () => unwrap(api.market.history.$get({ query: { series, range } })),
    staleTime: FIVE_MINUTES,
    placeholderData: keepPreviousData,
  });

/** Premium only, as the other chart series; the readings change once a day. */
export const fearGreedHistoryQuery = (range: FearGreedRange) =>
  queryOptions({
    queryKey: ['market', 'fear-greed', 'history', range],
    queryFn: () => unwrap(api.market['fear-greed'].history.$get({ query: { range } })),
    staleTime: FIVE_MINUTES,
    placeholderData: keepPreviousData,
  });

/**
 * Premium only: XRP onto and off named exchanges over a range, days cut at the member's midnight
 * (`timeZone`, one the server knows). Refetched as the whales are: flows grow with each ledger.
 */
export const exchangeFlowsQuery = (range: FlowRange, timeZone: string) =>
  queryOptions({
    queryKey: ['whales', 'flows', range, timeZone],
    queryFn: () => unwrap(api.flows.exchanges.$get({ query: { range, tz: timeZone } })),
    refetchInterval: FIVE_MINUTES,
    placeholderData: keepPreviousData,
  });

/** Premium only: the named exchanges' XRP, read hourly from the ledger, over a range. */
export const exchangeReservesQuery = (range: FlowRange, timeZone: string) =>
  queryOptions({
    queryKey: ['whales', 'reserves', range, timeZone],
    queryFn: () => unwrap(api.flows.reserves.$get({ query: { range, tz: timeZone } })),
    refetchInterval: FIVE_MINUTES,
    placeholderData: keepPreviousData,
  });
