import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  researchListSchema,
  researchPostInputSchema,
  researchPostSchema,
} from '@/domain/research/research.schema';
import type { AppDeps } from '../../lib/context';
import { createRouter, errorResponse, idParams, jsonBody, jsonContent, pageQuery } from '../../lib/router';
import { loadViewer, requireViewer, viewerOf } from '../../lib/viewer';
import {
  createResearchPost,
  deleteResearchPost,
  getResearchPost,
  listResearch,
  updateResearchPost,
} from './research.service';

const tags = ['Research'];
const adminErrors = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Not an administrator'),
} as const;
const postId = idParams('This research post does not exist.');
const body = jsonBody(researchPostInputSchema);

/** /research: posts written by admins; everyone reads summaries, Premium members the full posts. */
export function createResearchRoutes(deps: AppDeps) {
  const admin = requireViewer(deps, 'admin');
  const list = createRoute({
    method: 'get',
    path: '/research',
    tags,
    summary: 'Published research posts, newest first (summaries)',
    request: { query: pageQuery() },
    responses: { 200: jsonContent(researchListSchema, 'A page of posts') },
  });
  const read = createRoute({
    method: 'get',
    path: '/research/{slug}',
    tags,
    summary: 'One post: its body for Premium members and admins, `locked` with the summary for others',
    request: { params: z.object({ slug: z.string().max(200) }) },
    responses: {
      200: jsonContent(researchPostSchema, 'The post'),
      404: errorResponse('No such published post'),
    },
  });
  const adminList = createRoute({
    method: 'get',
    path: '/admin/research',
    tags,
    summary: 'Every post, drafts first',
    middleware: admin,
    request: { query: pageQuery() },
    responses: { 200: jsonContent(researchListSchema, 'A page of posts'), ...adminErrors },
  });
  const create = createRoute({
    method: 'post',
    path: '/admin/research',
    tags,
    summary: 'Write a post (published now, or a draft)',
    middleware: admin,
    request: { body },
    responses: {
      201: jsonContent(researchPostSchema, 'The new post'),
      422: errorResponse('A field is missing or invalid'),
      ...adminErrors,
    },
  });
  const update = createRoute({
    method: 'put',
    path: '/admin/research/{id}',
    tags,
    summary: 'Save an edited post (its address stays the same)',
    middleware: admin,
    request: { params: postId, body },
    responses: {
      200: jsonContent(researchPostSchema, 'The saved post'),
      404: errorResponse('No such post'),
      422: errorResponse('A field is missing or invalid'),
      ...adminErrors,
    },
  });
  const remove = createRoute({
    method: 'delete',
    path: '/admin/research/{id}',
    tags,
    summary: 'Delete a post',
    middleware: admin,
    request: { params: postId },
    responses: { 204: { description: 'Deleted' }, 404: errorResponse('No such post'), ...adminErrors },
  });

  return createRouter()
    .openapi(list, async (c) =>
      c.json(await listResearch(deps.db, { page: c.req.valid('query').page, drafts: false }), 200),
    )
    .openapi(read, async (c) => {
      const viewer = await loadViewer(c, deps);
      c.header('Cache-Control', 'private, no-store');
      const post = await getResearchPost(deps.db, c.req.valid('param').slug, {
        isPremium: Boolean(viewer && !viewer.profile.blocked && viewer.isPremium),
        isAdmin: Boolean(viewer && !viewer.profile.blocked && viewer.isAdmin),
      });
      return c.json(post, 200);
    })
    .openapi(adminList, async (c) =>
      c.json(await listResearch(deps.db, { page: c.req.valid('query').page, drafts: true }), 200),
    )
    .openapi(create, async (c) =>
      c.json(await createResearchPost(deps.db, viewerOf(c).user.id, c.req.valid('json')), 201),
    )
    .openapi(update, async (c) =>
      c.json(
        await updateResearchPost(deps.db, viewerOf(c).user.id, c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
    )
    .openapi(remove, async (c) => {
      await deleteResearchPost(deps.db, viewerOf(c).user.id, c.req.valid('param').id);
      return c.body(null, 204);
    });
}
