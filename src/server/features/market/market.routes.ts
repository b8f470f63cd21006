import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  fearGreedHistoryQuerySchema,
  historyQuerySchema,
  type HistoryRange,
  type HistorySeries,
} from '@/domain/market/history';
import {
  chartHistoryViewSchema,
  fearGreedHistoryViewSchema,
  fearGreedViewSchema,
  metricsViewSchema,
} from '@/domain/market/market.schema';
import type { AppDeps } from '../../lib/context';
import { createRouter, errorResponse, jsonContent } from '../../lib/router';
import { ACCOUNT_CHANGES, cachedRead } from '../../lib/read-cache';
import { jsonText, PRIVATE, sendJson } from '../../lib/request-context';
import { requireViewer } from '../../lib/viewer';
import { getFearGreedHistory } from './fear-greed-history.service';
import { getChartHistory, getFearGreedView, getMetricsView } from './market.service';

const metricsRoute = createRoute({
  method: 'get',
  path: '/market/metrics',
  tags: ['Market'],
  summary: 'Latest market metrics for a symbol with the 24h comparison row',
  request: {
    query: z.object({
      symbol: z
        .string()
        .regex(/^[A-Z0-9]{2,10}$/)
        .default('XRP'),
    }),
  },
  responses: { 200: jsonContent(metricsViewSchema, 'The latest metrics and the comparison row') },
});

const fearGreedRoute = createRoute({
  method: 'get',
  path: '/market/fear-greed',
  tags: ['Market'],
  summary: 'Crypto Fear & Greed: latest, 1/7/30 days ago, and the yearly high and low',
  responses: { 200: jsonContent(fearGreedViewSchema, 'The index') },
});

/** Premium: the chart series (advanced charting). */
function historyRoute(deps: AppDeps) {
  return createRoute({
    method: 'get',
    path: '/market/history',
    tags: ['Market'],
    summary: 'A chart series over a range, with candles for the price (premium)',
    middleware: requireViewer(deps, 'premium'),
    request: {
      query: historyQuerySchema,
    },
    responses: {
      200: jsonContent(chartHistoryViewSchema, 'The series (and, for the price, its candles)'),
      401: errorResponse('Not signed in'),
      403: errorResponse('Premium only'),
    },
  });
}

/**
 * Premium, like every chart series: the gauge card's figures (today, 1/7/30 days back, the year's
 * high and low) stay public, while the history behind a chart is the advanced charting Premium sells.
 */
function fearGreedHistoryRoute(deps: AppDeps) {
  return createRoute({
    method: 'get',
    path: '/market/fear-greed/history',
    tags: ['Market'],
    summary: 'Daily Crypto Fear & Greed readings over a range, one per day (premium)',
    middleware: requireViewer(deps, 'premium'),
    request: { query: fearGreedHistoryQuerySchema },
    responses: {
      200: jsonContent(fearGreedHistoryViewSchema, 'The readings'),
      401: errorResponse('Not signed in'),
      403: errorResponse('Premium only'),
    },
  });
}

/** Public market data: visitors see it too. */
export function createMarketRoutes(deps: AppDeps) {
  // Every visitor sees the same figures, which change when a sync inserts a row: kept until then.
  const maxAgeMs = deps.env.READ_CACHE_SECONDS * 1000;
  const metrics = cachedRead(
    deps.events,
    async (symbol: string) => jsonText(await getMetricsView(deps.db, symbol)),
    (symbol) => symbol,
    maxAgeMs,
    // Its own tables announce as live events (which forget everything); these it does not read.
    ['news_articles', 'rss_feeds', 'fear_greed_index', ...ACCOUNT_CHANGES],
  );
  const fearGreed = cachedRead(
    deps.events,
    async () => jsonText(await getFearGreedView(deps.db)),
    () => '',
    maxAgeMs,
    ['news_articles', 'rss_feeds', 'crypto_metrics', ...ACCOUNT_CHANGES],
  );
  // A chart's points, the same for every Premium member: one read per series and range until a
  // sync stores a figure (ADR 0052). The viewer is checked on every request before it is served.
  const history = cachedRead(
    deps.events,
    async (series: HistorySeries, range: HistoryRange) =>
      jsonText(await getChartHistory(deps.db, series, range)),
    (series, range) => `${series}:${range}`,
    maxAgeMs,
    ['news_articles', 'rss_feeds', 'fear_greed_index', ...ACCOUNT_CHANGES],
  );
  return createRouter()
    .openapi(metricsRoute, async (c) => sendJson(c, await metrics(c.req.valid('query').symbol)))
    .openapi(fearGreedRoute, async (c) => sendJson(c, await fearGreed()))
    .openapi(historyRoute(deps), async (c) => {
      const { series, range } = c.req.valid('query');
      return sendJson(c, await history(series, range), PRIVATE);
    })
    .openapi(fearGreedHistoryRoute(deps), async (c) =>
      c.json(await getFearGreedHistory(deps.db, c.req.valid('query').range), 200),
    );
}
