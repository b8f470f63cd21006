import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { rssFeedInputSchema, rssFeedPatchSchema, rssFeedSchema } from '@/domain/news/news.schema';
import type { AppDeps } from '../../lib/context';
import { createRouter, errorResponse, idParams, jsonBody, jsonContent } from '../../lib/router';
import { requireViewer } from '../../lib/viewer';
import { createFeed, deleteFeed, FEED_NOT_FOUND, listFeeds, updateFeed } from './feeds-admin.service';

const adminErrors = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Not an administrator'),
} as const;
const feedId = idParams(FEED_NOT_FOUND);
const tags = ['Admin: news feeds'];

/** RSS feeds: admins list, create, edit, toggle and delete feeds; a saved URL must be public. */
export function createFeedAdminRoutes(deps: AppDeps) {
  const admin = requireViewer(deps, 'admin');

  const list = createRoute({
    method: 'get',
    path: '/admin/feeds',
    tags,
    summary: 'Every feed, newest first, with its last fetch outcome',
    middleware: admin,
    responses: { 200: jsonContent(z.array(rssFeedSchema), 'The feeds'), ...adminErrors },
  });
  const create = createRoute({
    method: 'post',
    path: '/admin/feeds',
    tags,
    summary: 'Add a feed (defaults: type cryptocompare, category XRP, enabled)',
    middleware: admin,
    request: { body: jsonBody(rssFeedInputSchema) },
    responses: {
      201: jsonContent(rssFeedSchema, 'The new feed'),
      409: errorResponse('The URL is already a feed'),
      422: errorResponse('Invalid feed, or a URL that is not public'),
      ...adminErrors,
    },
  });
  const update = createRoute({
    method: 'patch',
    path: '/admin/feeds/{id}',
    tags,
    summary: 'Edit a feed or toggle it',
    middleware: admin,
    request: { params: feedId, body: jsonBody(rssFeedPatchSchema) },
    responses: {
      200: jsonContent(rssFeedSchema, 'The feed'),
      404: errorResponse('No such feed'),
      409: errorResponse('The URL is already a feed'),
      422: errorResponse('Invalid change'),
      ...adminErrors,
    },
  });
  const remove = createRoute({
    method: 'delete',
    path: '/admin/feeds/{id}',
    tags,
    summary: 'Delete a feed (its articles stay)',
    middleware: admin,
    request: { params: feedId },
    responses: { 204: { description: 'Deleted' }, 404: errorResponse('No such feed'), ...adminErrors },
  });

  return createRouter()
    .openapi(list, async (c) => c.json(await listFeeds(deps.db), 200))
    .openapi(create, async (c) => c.json(await createFeed(deps, c.req.valid('json')), 201))
    .openapi(update, async (c) =>
      c.json(await updateFeed(deps, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(remove, async (c) => {
      await deleteFeed(deps.db, c.req.valid('param').id);
      return c.body(null, 204);
    });
}
