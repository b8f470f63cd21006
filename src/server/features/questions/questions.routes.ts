import { createRoute } from '@hono/zod-openapi';
import {
  myQuestionsSchema,
  newQuestionMessageSchema,
  newQuestionSchema,
  questionMessages,
  questionThreadSchema,
} from '@/domain/questions/questions.schema';
import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { enforceRateLimit } from '../../lib/rate-limit';
import { createRouter, errorResponse, idParams, jsonBody, jsonContent } from '../../lib/router';
import { requireViewer, viewerOf } from '../../lib/viewer';
import {
  askQuestion,
  closeOwnQuestion,
  listMyQuestions,
  readOwnQuestion,
  replyToOwnQuestion,
  requirePremium,
} from './questions.service';

const tags = ['Analyst access'];
const questionId = idParams(questionMessages.notFound);
const memberErrors = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Blocked'),
  404: errorResponse('No such question of yours'),
} as const;
/** Replies from one member, an hour. */
export const REPLY_LIMIT = { window: 60 * 60, max: 30 };

/** /questions: a member's private questions to the analysts. */
export function createQuestionRoutes(deps: AppDeps) {
  const member = requireViewer(deps, 'user');
  // Premium before the body is read: a free member hears why, not what was wrong with the form.
  const asker: MiddlewareHandler<AppEnv> = (c, next) =>
    member(c, async () => {
      requirePremium(viewerOf(c), questionMessages.premium);
      await next();
    });
  const list = createRoute({
    method: 'get',
    path: '/questions',
    tags,
    summary:
      "Your questions, newest activity first, whether you may ask another, and the site's promised response time",
    middleware: member,
    responses: { 200: jsonContent(myQuestionsSchema, 'Your questions'), ...memberErrors },
  });
  const ask = createRoute({
    method: 'post',
    path: '/questions',
    tags,
    summary: 'Ask the analysts a question (Premium; at most 5 open at once); every analyst is mailed',
    middleware: asker,
    request: { body: jsonBody(newQuestionSchema) },
    responses: {
      201: jsonContent(questionThreadSchema, 'The new question'),
      401: errorResponse('Not signed in'),
      403: errorResponse('Blocked, or not Premium'),
      409: errorResponse('Five questions already open'),
      422: errorResponse('No subject or question, too long, or an unknown topic'),
      429: errorResponse('Too many questions today'),
    },
  });
  const read = createRoute({
    method: 'get',
    path: '/questions/{id}',
    tags,
    summary: 'One of your questions with its replies (never the analysts\u2019 internal notes)',
    middleware: member,
    request: { params: questionId },
    responses: { 200: jsonContent(questionThreadSchema, 'The thread'), ...memberErrors },
  });
  const reply = createRoute({
    method: 'post',
    path: '/questions/{id}/messages',
    tags,
    summary: 'Reply in your question (Premium; not once it is closed); it waits for an analyst again',
    middleware: member,
    request: { params: questionId, body: jsonBody(newQuestionMessageSchema) },
    responses: {
      201: jsonContent(questionThreadSchema, 'The thread with your reply'),
      ...memberErrors,
      403: errorResponse('Blocked, or no longer Premium'),
      409: errorResponse('The question is closed'),
      422: errorResponse('Empty or too long'),
      429: errorResponse('Too many replies'),
    },
  });
  const close = createRoute({
    method: 'post',
    path: '/questions/{id}/close',
    tags,
    summary: 'Close your question (any plan): it no longer counts among your open ones',
    middleware: member,
    request: { params: questionId },
    responses: {
      200: jsonContent(questionThreadSchema, 'The closed thread'),
      ...memberErrors,
      409: errorResponse('Already closed'),
    },
  });

  const questionDeps = () => ({
    db: deps.db,
    mailer: deps.mailer,
    logger: deps.logger,
    publicUrl: deps.env.PUBLIC_URL,
  });
  return createRouter()
    .openapi(list, async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await listMyQuestions(deps.db, viewerOf(c), deps.env.ANALYST_RESPONSE_TIME), 200);
    })
    .openapi(ask, async (c) => {
      const viewer = viewerOf(c);
      return c.json(
        await askQuestion({ ...questionDeps(), logger: c.get('logger') }, viewer, c.req.valid('json')),
        201,
      );
    })
    .openapi(read, async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await readOwnQuestion(deps.db, viewerOf(c), c.req.valid('param').id), 200);
    })
    .openapi(reply, async (c) => {
      const viewer = viewerOf(c);
      await enforceRateLimit(
        c,
        deps.db,
        `question-reply:${viewer.user.id}`,
        REPLY_LIMIT,
        `You can send ${REPLY_LIMIT.max} replies an hour`,
      );
      return c.json(
        await replyToOwnQuestion(
          { ...questionDeps(), logger: c.get('logger') },
          viewer,
          c.req.valid('param').id,
          c.req.valid('json').body,
        ),
        201,
      );
    })
    .openapi(close, async (c) =>
      c.json(await closeOwnQuestion(deps.db, viewerOf(c), c.req.valid('param').id), 200),
    );
}
