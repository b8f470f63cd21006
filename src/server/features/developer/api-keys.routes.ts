import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { apiKeyInputSchema, apiKeySchema, createdApiKeySchema } from '@/domain/developer/api-keys.schema';
import type { AppDeps } from '../../lib/context';
import { enforceRateLimit } from '../../lib/rate-limit';
import { createRouter, errorResponse, idParams, jsonBody, jsonContent } from '../../lib/router';
import { requireViewer, viewerOf } from '../../lib/viewer';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

const errors = { 401: errorResponse('Not signed in'), 403: errorResponse('Premium only') } as const;
const tags = ['Developer API keys'];

/** Settings → Account: a Premium member's keys for the developer API. */
export function createApiKeyRoutes(deps: AppDeps) {
  const premium = requireViewer(deps, 'premium');
  const list = createRoute({
    method: 'get',
    path: '/developer/keys',
    tags,
    summary: 'Your API keys with their last use and requests per day',
    middleware: premium,
    responses: { 200: jsonContent(z.object({ keys: z.array(apiKeySchema) }), 'The keys'), ...errors },
  });
  const create = createRoute({
    method: 'post',
    path: '/developer/keys',
    tags,
    summary: 'Create a key; the answer holds the key in full, the only time it is shown',
    middleware: premium,
    request: { body: jsonBody(apiKeyInputSchema) },
    responses: {
      201: jsonContent(createdApiKeySchema, 'The new key'),
      ...errors,
      409: errorResponse('Too many keys'),
      422: errorResponse('Invalid name'),
      429: errorResponse('Too many keys created in a short time'),
    },
  });
  const revoke = createRoute({
    method: 'delete',
    path: '/developer/keys/{id}',
    tags,
    summary: 'Revoke a key: it stops working at once',
    middleware: requireViewer(deps),
    request: { params: idParams('API key not found') },
    responses: {
      204: { description: 'Revoked' },
      401: errors[401],
      404: errorResponse('No such key of yours'),
    },
  });
  return createRouter()
    .openapi(list, async (c) => c.json({ keys: await listApiKeys(deps.db, viewerOf(c).user.id) }, 200))
    .openapi(create, async (c) => {
      const viewer = viewerOf(c);
      await enforceRateLimit(
        c,
        deps.db,
        `api-key-create:${viewer.user.id}`,
        { window: 600, max: 10 },
        'Too many keys created',
      );
      return c.json(await createApiKey(deps.db, viewer.user.id, c.req.valid('json').name), 201);
    })
    .openapi(revoke, async (c) => {
      await revokeApiKey(deps.db, viewerOf(c).user.id, c.req.valid('param').id);
      return c.body(null, 204);
    });
}
