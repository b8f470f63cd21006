import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  newsArticlePageSchema,
  newsListQuerySchema,
  newsListSchema,
  newsStatsSchema,
  type NewsListQuery,
} from '@/domain/news/news.schema';
import type { AppDeps } from '../../lib/context';
import { enforceRateLimit } from '../../lib/rate-limit';
import { createRouter, errorResponse, idParams, jsonContent } from '../../lib/router';
import { ACCOUNT_CHANGES, cachedRead, singleFlight } from '../../lib/read-cache';
import { jsonText, sendJson } from '../../lib/request-context';
import { requireViewer, viewerOf } from '../../lib/viewer';
import { getArticle, listNews, newsStats, refreshNews } from './news.service';

/** The news refresh for signed-in users: a few refreshes per user, then 429 until the window ends. */
export const REFRESH_LIMIT = { window: 5 * 60, max: 3 };

const listRoute = createRoute({
  method: 'get',
  path: '/news',
  tags: ['News'],
  summary: 'Articles, newest first, with search over title and text and a category filter',
  request: { query: newsListQuerySchema },
  responses: { 200: jsonContent(newsListSchema, 'A page of articles'), 422: errorResponse('Bad query') },
});

const statsRoute = createRoute({
  method: 'get',
  path: '/news/stats',
  tags: ['News'],
  summary: 'Total, last 24 hours, last 7 days, and the sources of the latest 10 articles',
  responses: { 200: jsonContent(newsStatsSchema, 'The sidebar figures') },
});

const articleRoute = createRoute({
  method: 'get',
  path: '/news/{id}',
  tags: ['News'],
  summary: "One article for its page on this site: the card's fields and a longer plain-text summary",
  request: { params: idParams('This article does not exist (or no longer does).') },
  responses: {
    200: jsonContent(newsArticlePageSchema, 'The article'),
    404: errorResponse('No such article'),
    422: errorResponse('Not an article id'),
  },
});

export function createNewsRoutes(deps: AppDeps) {
  const refreshRoute = createRoute({
    method: 'post',
    path: '/news/refresh',
    tags: ['News'],
    summary: 'Fetch every enabled feed now (signed-in users; rate-limited per user)',
    middleware: requireViewer(deps, 'user'),
    responses: {
      200: jsonContent(
        z.object({ newArticles: z.number(), details: z.string().nullable() }),
        'The refresh finished',
      ),
      401: errorResponse('Not signed in'),
      409: errorResponse('A refresh is already running, or news syncing is switched off'),
      429: errorResponse('Too many refreshes'),
      502: errorResponse('Every feed failed'),
    },
  });

  // The same pages for everyone, kept in memory until any process announces a change to the news
  // (ADR 0024). Searches are not kept (their keys are endless); concurrent identical ones share a query.
  const maxAgeMs = deps.env.READ_CACHE_SECONDS * 1000;
  const keyOf = (query: NewsListQuery) =>
    JSON.stringify([query.q, query.category, query.limit, query.offset]);
  const page = async (query: NewsListQuery) => jsonText(await listNews(deps.db, query));
  // Market figures and who a member is (a sign-in, a plan) say nothing about the news.
  const unaffectedBy = ['crypto_metrics', 'fear_greed_index', 'market_history', ...ACCOUNT_CHANGES];
  const browse = cachedRead(deps.events, page, keyOf, maxAgeMs, unaffectedBy);
  const search = singleFlight(page, keyOf);
  const list = (query: NewsListQuery) => (query.q || query.offset > 500 ? search(query) : browse(query));
  const stats = cachedRead(
    deps.events,
    async () => jsonText(await newsStats(deps.db)),
    () => '',
    maxAgeMs,
    unaffectedBy,
  );
  return createRouter()
    .openapi(listRoute, async (c) => sendJson(c, await list(c.req.valid('query'))))
    .openapi(statsRoute, async (c) => sendJson(c, await stats()))
    .openapi(articleRoute, async (c) => {
      c.header('Cache-Control', 'public, max-age=60');
      return c.json(await getArticle(deps.db, c.req.valid('param').id), 200);
    })
    .openapi(refreshRoute, async (c) => {
      const viewer = viewerOf(c);
      await enforceRateLimit(
        c,
        deps.db,
        `news-refresh:${viewer.user.id}`,
        REFRESH_LIMIT,
        `You can refresh the news ${REFRESH_LIMIT.max} times in 5 minutes`,
      );
      return c.json(await refreshNews(deps.db, deps.jobs), 200);
    });
}
