import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  commentCountsQuerySchema,
  commentCountsSchema,
  commentEditSchema,
  commentInputSchema,
  commentListQuerySchema,
  commentListSchema,
  commenterProfileInputSchema,
  commenterProfileSchema,
  commentSchema,
  reportInputSchema,
} from '@/domain/community/community.schema';
import type { AppDeps } from '../../lib/context';
import { enforceRateLimit } from '../../lib/rate-limit';
import { createRouter, errorResponse, idParams, jsonBody, jsonContent } from '../../lib/router';
import { loadViewer, requireViewer, viewerOf } from '../../lib/viewer';
import { getCommenterProfile, saveCommenterProfile } from './commenters.service';
import { createComment, editComment, likeComment, removeOwnComment, unlikeComment } from './comments.service';
import { commentCounts, listComments } from './threads.service';
import { reportComment } from './reports.service';

const tags = ['Community'];
const commentId = idParams('This comment does not exist.');
const signedInErrors = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Blocked, email not verified, stopped from commenting, or a discussion for Premium'),
  404: errorResponse('No such comment or discussion'),
} as const;
/** Reports mail every administrator: a member may send this many an hour. */
export const REPORT_LIMIT = { window: 60 * 60, max: 20 };

/** /comments: the discussions under news, research and weekly analysis. */
export function createCommunityRoutes(deps: AppDeps) {
  const member = requireViewer(deps, 'user');
  const list = createRoute({
    method: 'get',
    path: '/comments',
    tags,
    summary:
      "One discussion's threads, a page at a time, with what the viewer may do (research: for those who can read the post)",
    request: { query: commentListQuerySchema },
    responses: {
      200: jsonContent(commentListSchema, 'A page of threads'),
      403: errorResponse('A research discussion, for Premium members'),
      404: errorResponse('No such article, post or week'),
      422: errorResponse('Bad query'),
    },
  });
  const counts = createRoute({
    method: 'get',
    path: '/comments/counts',
    tags,
    summary:
      'How many visible comments each discussion has (for the cards; research only for those who can read it)',
    request: { query: commentCountsQuerySchema },
    responses: { 200: jsonContent(commentCountsSchema, 'The counts'), 422: errorResponse('Bad query') },
  });
  const create = createRoute({
    method: 'post',
    path: '/comments',
    tags,
    summary: 'Post a comment, or a reply to one (members with a verified email and a display name)',
    middleware: member,
    request: { body: jsonBody(commentInputSchema) },
    responses: {
      201: jsonContent(commentSchema, 'The new comment'),
      ...signedInErrors,
      409: errorResponse('No display name yet, the same text again, or a removed comment replied to'),
      422: errorResponse('Empty or too long'),
      429: errorResponse('Too many comments'),
    },
  });
  const edit = createRoute({
    method: 'patch',
    path: '/comments/{id}',
    tags,
    summary: 'Edit your own comment within 15 minutes of posting it (marked "edited")',
    middleware: member,
    request: { params: commentId, body: jsonBody(commentEditSchema) },
    responses: {
      200: jsonContent(commentSchema, 'The edited comment'),
      ...signedInErrors,
      409: errorResponse('The edit window has passed, or the comment is hidden or removed'),
      422: errorResponse('Empty or too long'),
    },
  });
  const remove = createRoute({
    method: 'delete',
    path: '/comments/{id}',
    tags,
    summary: 'Delete your own comment (its replies stay; it reads "Comment removed")',
    middleware: member,
    request: { params: commentId },
    responses: { 204: { description: 'Removed' }, ...signedInErrors },
  });
  const like = createRoute({
    method: 'put',
    path: '/comments/{id}/like',
    tags,
    summary: 'Like a comment (once per member)',
    middleware: member,
    request: { params: commentId },
    responses: {
      200: jsonContent(z.object({ likes: z.number().int(), liked: z.boolean() }), 'Liked'),
      ...signedInErrors,
    },
  });
  const unlike = createRoute({
    method: 'delete',
    path: '/comments/{id}/like',
    tags,
    summary: 'Take a like back',
    middleware: member,
    request: { params: commentId },
    responses: {
      200: jsonContent(z.object({ likes: z.number().int(), liked: z.boolean() }), 'Not liked'),
      ...signedInErrors,
    },
  });
  const report = createRoute({
    method: 'post',
    path: '/comments/{id}/reports',
    tags,
    summary: 'Report a comment to the moderators; three members reporting it hide it until reviewed',
    middleware: member,
    request: { params: commentId, body: jsonBody(reportInputSchema) },
    responses: {
      201: jsonContent(z.object({ hidden: z.boolean() }), 'Reported'),
      ...signedInErrors,
      409: errorResponse('Already reported, or your own comment'),
      422: errorResponse('No reason'),
      429: errorResponse('Too many reports'),
    },
  });
  const profile = createRoute({
    method: 'get',
    path: '/community/profile',
    tags,
    summary: 'The name and expertise line shown with your comments, and whether you may comment',
    middleware: member,
    responses: { 200: jsonContent(commenterProfileSchema, 'The profile'), ...signedInErrors },
  });
  const saveProfile = createRoute({
    method: 'put',
    path: '/community/profile',
    tags,
    summary: 'Set the name (2–40 characters) and optional expertise line shown with your comments',
    middleware: member,
    request: { body: jsonBody(commenterProfileInputSchema) },
    responses: {
      200: jsonContent(commenterProfileSchema, 'Saved'),
      ...signedInErrors,
      409: errorResponse('Another member uses this name'),
      422: errorResponse('A field is invalid, or a name kept for the team'),
    },
  });

  const communityDeps = {
    db: deps.db,
    mailer: deps.mailer,
    logger: deps.logger,
    publicUrl: deps.env.PUBLIC_URL,
  };
  return createRouter()
    .openapi(list, async (c) => {
      const viewer = await loadViewer(c, deps);
      c.header('Cache-Control', 'private, no-store');
      return c.json(await listComments(deps.db, c.req.valid('query'), viewer), 200);
    })
    .openapi(counts, async (c) => {
      const viewer = await loadViewer(c, deps);
      c.header('Cache-Control', 'private, no-cache');
      return c.json({ counts: await commentCounts(deps.db, c.req.valid('query').subjects, viewer) }, 200);
    })
    .openapi(create, async (c) => c.json(await createComment(deps.db, viewerOf(c), c.req.valid('json')), 201))
    .openapi(edit, async (c) =>
      c.json(await editComment(deps.db, viewerOf(c), c.req.valid('param').id, c.req.valid('json').body), 200),
    )
    .openapi(remove, async (c) => {
      await removeOwnComment(deps.db, viewerOf(c), c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(like, async (c) => c.json(await likeComment(deps.db, viewerOf(c), c.req.valid('param').id), 200))
    .openapi(unlike, async (c) =>
      c.json(await unlikeComment(deps.db, viewerOf(c), c.req.valid('param').id), 200),
    )
    .openapi(report, async (c) => {
      const viewer = viewerOf(c);
      await enforceRateLimit(
        c,
        deps.db,
        `comment-report:${viewer.user.id}`,
        REPORT_LIMIT,
        `You can send ${REPORT_LIMIT.max} reports an hour`,
      );
      return c.json(
        await reportComment(communityDeps, viewer, c.req.valid('param').id, c.req.valid('json')),
        201,
      );
    })
    .openapi(profile, async (c) => c.json(await getCommenterProfile(deps.db, viewerOf(c)), 200))
    .openapi(saveProfile, async (c) =>
      c.json(await saveCommenterProfile(deps.db, viewerOf(c), c.req.valid('json')), 200),
    );
}
