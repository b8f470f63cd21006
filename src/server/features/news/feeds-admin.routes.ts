import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { rssFeedInputSchema, rssFeedPatchSchema, rssFeedSchema } from '@/domain/news/news.schema';
import { AppError } from '../../lib/app-error';
import type { AppDeps } from '../../lib/context';
import { assertPublicUrl } from '../../lib/outbound';
import { createRouter, errorResponse, jsonContent } from '../../lib/router';
import { requireViewer } from '../../lib/viewer';
import { toFeedDto } from './news.service';

const adminErrors = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Not an administrator'),
} as const;
const FEED_NOT_FOUND = 'Feed not found';
const idParams = z.object({ id: z.uuid(FEED_NOT_FOUND) });
const tags = ['Admin: news feeds'];
const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

/** SPEC §7 rss_feeds: admins list, create, edit, toggle and delete feeds; a saved URL must be public. */
export function createFeedAdminRoutes(deps: AppDeps) {
  const admin = requireViewer(deps, 'admin');
  /**
   * A fetched feed's URL must be public (SSRF rules of the news issue). A CryptoCompare feed's URL is
   * never fetched — only its query (categories=…) is sent to CRYPTOCOMPARE_API_BASE — so it is not resolved.
   */
  const checkUrl = async (url: string, feedType: string) => {
    if (feedType === 'cryptocompare') return;
    try {
      await assertPublicUrl(url, {
        allowHosts: deps.env.OUTBOUND_ALLOW_HOSTS,
        onlyAllowHosts: deps.env.OUTBOUND_ONLY_ALLOWED,
      });
    } catch (error) {
      throw new AppError('validation_error', (error as Error).message, [
        { path: 'url', message: (error as Error).message },
      ]);
    }
  };
  const duplicate = (error: unknown) => {
    if ((error as { code?: string }).code === '23505')
      throw new AppError('conflict', 'A feed with this URL already exists');
    throw error;
  };

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
    request: { params: idParams, body: jsonBody(rssFeedPatchSchema) },
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
    request: { params: idParams },
    responses: { 204: { description: 'Deleted' }, 404: errorResponse('No such feed'), ...adminErrors },
  });

  return createRouter()
    .openapi(list, async (c) => {
      const rows = await deps.db.selectFrom('rss_feeds').selectAll().orderBy('created_at', 'desc').execute();
      return c.json(rows.map(toFeedDto), 200);
    })
    .openapi(create, async (c) => {
      const input = c.req.valid('json');
      await checkUrl(input.url, input.feedType);
      const row = await deps.db
        .insertInto('rss_feeds')
        .values({
          name: input.name,
          url: input.url,
          description: input.description,
          feed_type: input.feedType,
          category: input.category,
          enabled: input.enabled,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch(duplicate);
      return c.json(toFeedDto(row), 201);
    })
    .openapi(update, async (c) => {
      const patch = c.req.valid('json');
      if (patch.url !== undefined || patch.feedType !== undefined) {
        const current = await deps.db
          .selectFrom('rss_feeds')
          .select(['url', 'feed_type'])
          .where('id', '=', c.req.valid('param').id)
          .executeTakeFirst();
        if (!current) throw new AppError('not_found', FEED_NOT_FOUND);
        await checkUrl(patch.url ?? current.url, patch.feedType ?? current.feed_type);
      }
      const row = await deps.db
        .updateTable('rss_feeds')
        .set({
          ...(patch.name !== undefined && { name: patch.name }),
          ...(patch.url !== undefined && { url: patch.url, etag: null, last_modified: null }),
          ...(patch.description !== undefined && { description: patch.description }),
          ...(patch.feedType !== undefined && { feed_type: patch.feedType }),
          ...(patch.category !== undefined && { category: patch.category }),
          ...(patch.enabled !== undefined && { enabled: patch.enabled }),
          updated_at: new Date(),
        })
        .where('id', '=', c.req.valid('param').id)
        .returningAll()
        .executeTakeFirst()
        .catch(duplicate);
      if (!row) throw new AppError('not_found', FEED_NOT_FOUND);
      return c.json(toFeedDto(row), 200);
    })
    .openapi(remove, async (c) => {
      const result = await deps.db
        .deleteFrom('rss_feeds')
        .where('id', '=', c.req.valid('param').id)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw new AppError('not_found', FEED_NOT_FOUND);
      return c.body(null, 204);
    });
}
