import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  analystMessageSchema,
  analystSchema,
  inboxListSchema,
  inboxQuerySchema,
  inboxSettingsSchema,
  inboxThreadSchema,
  inboxUpdateSchema,
  questionMessages,
} from '@/domain/questions/questions.schema';
import type { AppDeps } from '../../lib/context';
import { createRouter, errorResponse, idParams, jsonBody, jsonContent } from '../../lib/router';
import { requireViewer, viewerOf } from '../../lib/viewer';
import {
  getInboxSettings,
  listAnalysts,
  listInbox,
  readInboxQuestion,
  replyAsAnalyst,
  saveInboxSettings,
  updateInboxQuestion,
} from './inbox.service';

const tags = ['Analyst inbox'];
const questionId = idParams(questionMessages.notFound);
const analystErrors = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Not an analyst or administrator'),
} as const;

/** /inbox: the analysts' side of the members' questions. Analysts and administrators. */
export function createInboxRoutes(deps: AppDeps) {
  const analyst = requireViewer(deps, 'analyst');
  const list = createRoute({
    method: 'get',
    path: '/inbox/questions',
    tags,
    summary:
      'Questions unassigned, assigned to you, or all; by status and topic; latest activity first, 20 a page',
    middleware: analyst,
    request: { query: inboxQuerySchema },
    responses: { 200: jsonContent(inboxListSchema, 'A page of questions'), ...analystErrors },
  });
  const read = createRoute({
    method: 'get',
    path: '/inbox/questions/{id}',
    tags,
    summary: 'One question with every message and internal note, and who asked (plan, join date)',
    middleware: analyst,
    request: { params: questionId },
    responses: {
      200: jsonContent(inboxThreadSchema, 'The thread'),
      ...analystErrors,
      404: errorResponse('No such question'),
    },
  });
  const reply = createRoute({
    method: 'post',
    path: '/inbox/questions/{id}/messages',
    tags,
    summary:
      'Reply to the member (mailed and notified; the question becomes answered and yours if unassigned), or add an internal note',
    middleware: analyst,
    request: { params: questionId, body: jsonBody(analystMessageSchema) },
    responses: {
      201: jsonContent(inboxThreadSchema, 'The thread with the reply or note'),
      ...analystErrors,
      404: errorResponse('No such question'),
      409: errorResponse('The question is closed (reopen it to reply)'),
      422: errorResponse('Empty or too long'),
    },
  });
  const update = createRoute({
    method: 'patch',
    path: '/inbox/questions/{id}',
    tags,
    summary: 'Assign to an analyst (or nobody), close, or reopen',
    middleware: analyst,
    request: { params: questionId, body: jsonBody(inboxUpdateSchema) },
    responses: {
      200: jsonContent(inboxThreadSchema, 'The thread after the change'),
      ...analystErrors,
      404: errorResponse('No such question'),
      409: errorResponse('Already closed, or already open'),
      422: errorResponse('Not an analyst, or nothing to change'),
    },
  });
  const analysts = createRoute({
    method: 'get',
    path: '/inbox/analysts',
    tags,
    summary: 'Who can be assigned a question: analysts and administrators',
    middleware: analyst,
    responses: {
      200: jsonContent(z.object({ analysts: z.array(analystSchema) }), 'The analysts'),
      ...analystErrors,
    },
  });
  const settings = createRoute({
    method: 'get',
    path: '/inbox/settings',
    tags,
    summary: 'Whether you are mailed each new question',
    middleware: analyst,
    responses: { 200: jsonContent(inboxSettingsSchema, 'Your settings'), ...analystErrors },
  });
  const saveSettings = createRoute({
    method: 'put',
    path: '/inbox/settings',
    tags,
    summary: 'Turn the mail about each new question on or off',
    middleware: analyst,
    request: { body: jsonBody(inboxSettingsSchema) },
    responses: {
      200: jsonContent(inboxSettingsSchema, 'Saved'),
      ...analystErrors,
      422: errorResponse('Invalid setting'),
    },
  });

  return createRouter()
    .openapi(list, async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await listInbox(deps.db, viewerOf(c), c.req.valid('query')), 200);
    })
    .openapi(read, async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await readInboxQuestion(deps.db, c.req.valid('param').id), 200);
    })
    .openapi(reply, async (c) =>
      c.json(await replyAsAnalyst(deps.db, viewerOf(c), c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .openapi(update, async (c) =>
      c.json(await updateInboxQuestion(deps.db, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(analysts, async (c) => c.json({ analysts: await listAnalysts(deps.db) }, 200))
    .openapi(settings, async (c) => c.json(await getInboxSettings(deps.db, viewerOf(c).user.id), 200))
    .openapi(saveSettings, async (c) =>
      c.json(await saveInboxSettings(deps.db, viewerOf(c).user.id, c.req.valid('json')), 200),
    );
}
