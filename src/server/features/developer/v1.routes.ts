import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { API_KEY_RATE_LIMIT } from '@/domain/developer/api-keys.schema';
import { dominoListSchema } from '@/domain/domino/domino.schema';
import { historyQuerySchema } from '@/domain/market/history';
import { fearGreedViewSchema, historyViewSchema, metricsViewSchema } from '@/domain/market/market.schema';
import { newsListQuerySchema, newsListSchema } from '@/domain/news/news.schema';
import { portfolioRangeSchema, portfolioSummarySchema } from '@/domain/portfolio/portfolio.schema';
import { whaleStatsSchema, whaleTransactionSchema } from '@/domain/whales/whales.schema';
import { AppError } from '../../lib/app-error';
import type { AppDeps, AppEnv } from '../../lib/context';
import { consumeRateLimit } from '../../lib/rate-limit';
import { createRouter, errorResponse, jsonContent, limitQuery } from '../../lib/router';
import { listActiveDominoEvents } from '../domino';
import { getFearGreedView, getHistory, getMetricsView } from '../market';
import { listNews } from '../news';
import { portfolioSummary } from '../portfolio';
import { getWhaleStats, listWhaleTransactions } from '../whales';
import { authenticateApiKey, recordApiKeyUse } from './api-keys.service';

const errors = {
  401: errorResponse('Missing, invalid or revoked API key'),
  403: errorResponse('The key owner is not Premium, or is blocked'),
  429: errorResponse('More than 60 requests in a minute with this key'),
} as const;
const security = [{ apiKey: [] }];
const tags = ['Developer API v1'];

/**
 * Bearer key → owner still Premium → 60 requests a minute per key (RateLimit-* headers; 429 with
 * Retry-After) → the request counts toward the key's daily usage.
 */
function apiKeyAuth(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!token) throw new AppError('unauthorized', 'Send your API key as "Authorization: Bearer <key>"');
    const { keyId, userId } = await authenticateApiKey(deps.db, token);
    c.set('apiKeyUserId', userId);
    const decision = await consumeRateLimit(deps.db, `api-key:${keyId}`, API_KEY_RATE_LIMIT);
    c.header('RateLimit-Limit', String(API_KEY_RATE_LIMIT.max));
    c.header('RateLimit-Remaining', String(decision.remaining));
    c.header('RateLimit-Reset', String(decision.retryAfter));
    if (!decision.allowed) {
      c.header('Retry-After', String(decision.retryAfter));
      throw new AppError(
        'rate_limited',
        `At most ${API_KEY_RATE_LIMIT.max} requests a minute per key; try again in ${decision.retryAfter} s`,
      );
    }
    await recordApiKeyUse(deps.db, keyId);
    c.header('Cache-Control', 'no-store');
    await next();
  };
}

/** GET-only, read-only routes over the data the site shows, for Premium members' keys. */
export function createV1Routes(deps: AppDeps) {
  const auth = apiKeyAuth(deps);
  const route = <P extends string>(path: P, summary: string) => ({
    method: 'get' as const,
    path,
    tags,
    summary,
    security,
    middleware: auth,
  });

  const metrics = createRoute({
    ...route('/metrics', 'Latest XRP market metrics with the 24h comparison row'),
    responses: { 200: jsonContent(metricsViewSchema, 'The latest metrics'), ...errors },
  });
  const history = createRoute({
    ...route(
      '/metrics/history',
      'A price, market cap, volume or dominance series over a range, one point per time bucket',
    ),
    request: {
      query: historyQuerySchema,
    },
    responses: {
      200: jsonContent(historyViewSchema, 'The series'),
      ...errors,
      422: errorResponse('Invalid query'),
    },
  });
  const fearGreed = createRoute({
    ...route('/fear-greed', 'Crypto Fear & Greed: latest, 1/7/30 days ago, yearly high and low'),
    responses: { 200: jsonContent(fearGreedViewSchema, 'The index'), ...errors },
  });
  const whales = createRoute({
    ...route('/whales', 'The newest XRP transfers of 1M XRP or more'),
    request: { query: limitQuery(20, 20) },
    responses: {
      200: jsonContent(z.array(whaleTransactionSchema), 'The transactions'),
      ...errors,
      422: errorResponse('Invalid query'),
    },
  });
  const whaleStats = createRoute({
    ...route('/whales/stats', 'Whale volume, count, largest and average transfer over 24 hours'),
    responses: { 200: jsonContent(whaleStatsSchema, 'The stats'), ...errors },
  });
  const news = createRoute({
    ...route('/news', 'News articles, newest first, with search and category'),
    request: { query: newsListQuerySchema },
    responses: {
      200: jsonContent(newsListSchema, 'A page of articles'),
      ...errors,
      422: errorResponse('Invalid query'),
    },
  });
  const domino = createRoute({
    ...route('/domino-events', 'Institutional events of the Domino Theory tracker, in display order'),
    responses: { 200: jsonContent(dominoListSchema, 'The events'), ...errors },
  });

  const portfolio = createRoute({
    ...route(
      '/portfolio',
      'Your own portfolio (the key owner’s): totals at the latest price, P&L, allocation, value over a range',
    ),
    request: { query: z.object({ range: portfolioRangeSchema.default('30d') }) },
    responses: {
      200: jsonContent(portfolioSummarySchema, 'The insights'),
      ...errors,
      422: errorResponse('Invalid query'),
    },
  });

  const router = createRouter()
    .openapi(metrics, async (c) => c.json(await getMetricsView(deps.db, 'XRP'), 200))
    .openapi(history, async (c) => {
      const query = c.req.valid('query');
      return c.json(await getHistory(deps.db, query.series, query.range), 200);
    })
    .openapi(fearGreed, async (c) => c.json(await getFearGreedView(deps.db), 200))
    .openapi(whales, async (c) =>
      c.json(await listWhaleTransactions(deps.db, c.req.valid('query').limit), 200),
    )
    .openapi(whaleStats, async (c) => c.json(await getWhaleStats(deps.db), 200))
    .openapi(news, async (c) => c.json(await listNews(deps.db, c.req.valid('query')), 200))
    .openapi(domino, async (c) => c.json(await listActiveDominoEvents(deps.db, true), 200))
    .openapi(portfolio, async (c) => {
      const owner = c.get('apiKeyUserId');
      if (!owner) throw new AppError('unauthorized', 'Send your API key as "Authorization: Bearer <key>"');
      return c.json(await portfolioSummary(deps.db, owner, c.req.valid('query').range), 200);
    });
  router.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key from Settings → Account → Developer API (Premium)',
  });
  router.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'XRP Research Developer API',
      version: '1',
      description: `Read-only market, sentiment, whale, news and institutional-event data, and the key owner’s own portfolio, for Premium members. ${API_KEY_RATE_LIMIT.max} requests a minute per key.`,
    },
    servers: [{ url: '/api/v1' }],
  });
  return router;
}
