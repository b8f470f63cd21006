import { createRoute } from '@hono/zod-openapi';
import { preferencesSchema, preferenceUpdateSchema } from '@/domain/preferences/preferences.schema';
import type { AppDeps } from '../../lib/context';
import { createRouter, errorResponse, jsonBody, jsonContent } from '../../lib/router';
import { requireViewer, viewerOf } from '../../lib/viewer';
import { changePreference, getPreferences } from './preferences.service';

export function createPreferencesRoutes(deps: AppDeps) {
  const signedIn = requireViewer(deps);

  const getRoute = createRoute({
    method: 'get',
    path: '/preferences',
    tags: ['Preferences'],
    summary: "The signed-in user's preferences (created with defaults when missing)",
    middleware: [signedIn] as const,
    responses: {
      200: jsonContent(preferencesSchema, 'The preferences'),
      401: errorResponse('Not signed in'),
    },
  });

  const patchRoute = createRoute({
    method: 'patch',
    path: '/preferences',
    tags: ['Preferences'],
    summary: 'Update one preference field',
    middleware: [signedIn] as const,
    request: {
      body: jsonBody(preferenceUpdateSchema),
    },
    responses: {
      200: jsonContent(preferencesSchema, 'The preferences after the update'),
      401: errorResponse('Not signed in'),
      403: errorResponse('A premium-only field for a free user'),
      422: errorResponse('Unknown field or invalid value'),
    },
  });

  return createRouter()
    .openapi(getRoute, async (c) => c.json(await getPreferences(deps.db, viewerOf(c).user.id), 200))
    .openapi(patchRoute, async (c) => {
      const viewer = viewerOf(c);
      const preferences = await changePreference(
        deps.db,
        { userId: viewer.user.id, isPremium: viewer.isPremium },
        c.req.valid('json'),
      );
      return c.json(preferences, 200);
    });
}
