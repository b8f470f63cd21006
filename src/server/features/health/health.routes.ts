import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppDeps } from '../../lib/context';
import { createRouter, jsonContent } from '../../lib/router';
import { databaseFailure } from './health.service';

const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['ok', 'unreachable']),
    databaseKind: z.enum(['pglite', 'postgres']),
    version: z.string(),
    uptimeSeconds: z.number(),
  })
  .meta({ id: 'Health' });

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['System'],
  summary: 'Liveness and database reachability',
  responses: {
    200: jsonContent(healthSchema, 'The process and its database are up'),
    503: jsonContent(healthSchema, 'The database cannot be reached'),
  },
});

export function createHealthRoutes(deps: AppDeps & { databaseKind: 'pglite' | 'postgres' }) {
  return createRouter().openapi(healthRoute, async (c) => {
    const failure = await databaseFailure(deps.db);
    const reachable = failure === null;
    if (!reachable) c.get('logger').error({ err: failure }, 'health check: database unreachable');
    const body = {
      status: reachable ? ('ok' as const) : ('degraded' as const),
      database: reachable ? ('ok' as const) : ('unreachable' as const),
      databaseKind: deps.databaseKind,
      version: deps.version,
      uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
    };
    c.header('Cache-Control', 'no-store');
    return reachable ? c.json(body, 200) : c.json(body, 503);
  });
}
