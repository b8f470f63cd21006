import { createRoute } from '@hono/zod-openapi';
import { dominoListSchema } from '@/domain/domino/domino.schema';
import type { AppDeps } from '../../lib/context';
import { createRouter, jsonContent } from '../../lib/router';
import { loadViewer } from '../../lib/viewer';
import { listActiveDominoEvents } from './domino.service';

const listRoute = createRoute({
  method: 'get',
  path: '/domino-events',
  tags: ['Domino tracker'],
  summary: 'Active institutional events; all for premium members, the first 2 for everyone else',
  responses: { 200: jsonContent(dominoListSchema, 'The events and how many there are') },
});

export function createDominoRoutes(deps: AppDeps) {
  return createRouter().openapi(listRoute, async (c) => {
    const viewer = await loadViewer(c, deps);
    const isPremium = Boolean(viewer && !viewer.profile.blocked && viewer.isPremium);
    c.header('Cache-Control', 'private, no-cache');
    return c.json(await listActiveDominoEvents(deps.db, isPremium), 200);
  });
}
