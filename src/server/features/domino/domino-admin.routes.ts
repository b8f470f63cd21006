import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  adminDominoEventSchema,
  dominoEventInputSchema,
  dominoEventPatchSchema,
  dominoMoveSchema,
} from '@/domain/domino/domino.schema';
import type { AppDeps } from '../../lib/context';
import { createRouter, errorResponse, idParams, jsonBody, jsonContent } from '../../lib/router';
import { requireViewer, viewerOf } from '../../lib/viewer';
import {
  createDominoEvent,
  deleteDominoEvent,
  listAllDominoEvents,
  moveDominoEvent,
  NOT_FOUND,
  updateDominoEvent,
} from './domino-admin.service';

const adminErrors = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Not an administrator'),
} as const;
const eventId = idParams(NOT_FOUND);
const tags = ['Admin: Domino events'];

/** Admin: the Domino Theory tracker's events, each change audited. */
export function createDominoAdminRoutes(deps: AppDeps) {
  const admin = requireViewer(deps, 'admin');

  const list = createRoute({
    method: 'get',
    path: '/admin/domino-events',
    tags,
    summary: 'Every event, active or not, by display order then date',
    middleware: admin,
    responses: { 200: jsonContent(z.array(adminDominoEventSchema), 'The events'), ...adminErrors },
  });
  const create = createRoute({
    method: 'post',
    path: '/admin/domino-events',
    tags,
    summary: 'Add an event at the end of the list (impact defaults to Medium)',
    middleware: admin,
    request: { body: jsonBody(dominoEventInputSchema) },
    responses: {
      201: jsonContent(adminDominoEventSchema, 'The new event'),
      422: errorResponse('Invalid event'),
      ...adminErrors,
    },
  });
  const update = createRoute({
    method: 'patch',
    path: '/admin/domino-events/{id}',
    tags,
    summary: 'Edit an event or toggle it active',
    middleware: admin,
    request: { params: eventId, body: jsonBody(dominoEventPatchSchema) },
    responses: {
      200: jsonContent(adminDominoEventSchema, 'The event'),
      404: errorResponse('No such event'),
      422: errorResponse('Invalid change'),
      ...adminErrors,
    },
  });
  const remove = createRoute({
    method: 'delete',
    path: '/admin/domino-events/{id}',
    tags,
    summary: 'Delete an event (cannot be undone)',
    middleware: admin,
    request: { params: eventId },
    responses: { 204: { description: 'Deleted' }, 404: errorResponse('No such event'), ...adminErrors },
  });
  const move = createRoute({
    method: 'post',
    path: '/admin/domino-events/{id}/move',
    tags,
    summary: 'Swap display order with the neighbour above or below',
    middleware: admin,
    request: { params: eventId, body: jsonBody(dominoMoveSchema) },
    responses: {
      200: jsonContent(z.array(adminDominoEventSchema), 'Every event in the new order'),
      404: errorResponse('No such event'),
      409: errorResponse('Already first or last'),
      ...adminErrors,
    },
  });

  return createRouter()
    .openapi(list, async (c) => c.json(await listAllDominoEvents(deps.db), 200))
    .openapi(create, async (c) =>
      c.json(await createDominoEvent(deps.db, viewerOf(c).user.id, c.req.valid('json')), 201),
    )
    .openapi(update, async (c) =>
      c.json(
        await updateDominoEvent(deps.db, viewerOf(c).user.id, c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
    )
    .openapi(remove, async (c) => {
      await deleteDominoEvent(deps.db, viewerOf(c).user.id, c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(move, async (c) =>
      c.json(
        await moveDominoEvent(
          deps.db,
          viewerOf(c).user.id,
          c.req.valid('param').id,
          c.req.valid('json').direction,
        ),
        200,
      ),
    );
}
