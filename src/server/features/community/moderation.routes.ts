import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  hideInputSchema,
  moderationListSchema,
  moderationQuerySchema,
  stopCommentingSchema,
} from '@/domain/community/community.schema';
import type { AppDeps } from '../../lib/context';
import { createRouter, errorResponse, idParams, jsonBody, jsonContent } from '../../lib/router';
import { requireViewer, viewerOf } from '../../lib/viewer';
import {
  deleteComment,
  hideComment,
  listModeration,
  restoreComment,
  resumeCommenting,
  stopCommenting,
} from './moderation.service';

const tags = ['Community moderation'];
const adminErrors = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Not an administrator'),
} as const;
const commentId = idParams('This comment does not exist.');
const memberParams = z.object({ userId: z.string().min(1).max(100) });
const commenting = z.object({ stoppedAt: z.string().nullable(), stoppedReason: z.string().nullable() });

/** /admin/comments: the moderation queue, and every moderator action (each audited with it). */
export function createModerationRoutes(deps: AppDeps) {
  const admin = requireViewer(deps, 'admin');
  const queue = createRoute({
    method: 'get',
    path: '/admin/comments',
    tags,
    summary: 'Reported and hidden comments (or any), filtered by kind of page, text and member',
    middleware: admin,
    request: { query: moderationQuerySchema },
    responses: { 200: jsonContent(moderationListSchema, 'A page of comments'), ...adminErrors },
  });
  const hide = createRoute({
    method: 'post',
    path: '/admin/comments/{id}/hide',
    tags,
    summary: 'Hide a comment from members, with a reason',
    middleware: admin,
    request: { params: commentId, body: jsonBody(hideInputSchema) },
    responses: {
      204: { description: 'Hidden' },
      ...adminErrors,
      404: errorResponse('No such comment'),
      409: errorResponse('Already hidden or removed'),
      422: errorResponse('No reason'),
    },
  });
  const restore = createRoute({
    method: 'post',
    path: '/admin/comments/{id}/restore',
    tags,
    summary: 'Show a hidden comment again, or keep a reported one; its open reports are closed',
    middleware: admin,
    request: { params: commentId },
    responses: {
      204: { description: 'Restored' },
      ...adminErrors,
      404: errorResponse('No such comment'),
      409: errorResponse('Removed comments cannot be restored'),
    },
  });
  const remove = createRoute({
    method: 'delete',
    path: '/admin/comments/{id}',
    tags,
    summary: 'Delete a comment (its text goes; replies stay under "Comment removed")',
    middleware: admin,
    request: { params: commentId },
    responses: { 204: { description: 'Deleted' }, ...adminErrors, 404: errorResponse('No such comment') },
  });
  const stop = createRoute({
    method: 'post',
    path: '/admin/comments/members/{userId}/stop',
    tags,
    summary: 'Stop a member from commenting, with a reason they are shown',
    middleware: admin,
    request: { params: memberParams, body: jsonBody(stopCommentingSchema) },
    responses: {
      200: jsonContent(commenting, 'Stopped'),
      ...adminErrors,
      404: errorResponse('No such member'),
      422: errorResponse('No reason'),
    },
  });
  const resume = createRoute({
    method: 'post',
    path: '/admin/comments/members/{userId}/resume',
    tags,
    summary: 'Let a stopped member comment again',
    middleware: admin,
    request: { params: memberParams },
    responses: {
      200: jsonContent(commenting, 'Resumed'),
      ...adminErrors,
      404: errorResponse('No such member'),
    },
  });

  return createRouter()
    .openapi(queue, async (c) => c.json(await listModeration(deps.db, c.req.valid('query')), 200))
    .openapi(hide, async (c) => {
      await hideComment(deps.db, viewerOf(c).user.id, c.req.valid('param').id, c.req.valid('json').reason);
      return c.body(null, 204);
    })
    .openapi(restore, async (c) => {
      await restoreComment(deps.db, viewerOf(c).user.id, c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(remove, async (c) => {
      await deleteComment(deps.db, viewerOf(c).user.id, c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(stop, async (c) =>
      c.json(
        await stopCommenting(
          deps.db,
          viewerOf(c).user.id,
          c.req.valid('param').userId,
          c.req.valid('json').reason,
        ),
        200,
      ),
    )
    .openapi(resume, async (c) =>
      c.json(await resumeCommenting(deps.db, viewerOf(c).user.id, c.req.valid('param').userId), 200),
    );
}
