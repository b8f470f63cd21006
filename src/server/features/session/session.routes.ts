import { createRoute } from '@hono/zod-openapi';
import { sessionStateSchema } from '@/domain/session/session.schema';
import type { AppDeps } from '../../lib/context';
import { createRouter, jsonContent } from '../../lib/router';
import { loadViewer } from '../../lib/viewer';
import { sessionStateOf } from './session.service';

const sessionRoute = createRoute({
  method: 'get',
  path: '/session',
  tags: ['Session'],
  summary: 'The signed-in user, profile, role and plan flags (signed-out state when there is no session)',
  responses: { 200: jsonContent(sessionStateSchema, 'The session state') },
});

export function createSessionRoutes(deps: AppDeps) {
  return createRouter().openapi(sessionRoute, async (c) => {
    const viewer = await loadViewer(c, deps);
    c.header('Cache-Control', 'no-store');
    return c.json(sessionStateOf(viewer), 200);
  });
}
