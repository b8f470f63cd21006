import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppDeps } from '../../lib/context';
import { eventLoopMonitor } from '../../lib/event-loop';
import { createRouter, jsonContent } from '../../lib/router';
import { loadViewer } from '../../lib/viewer';
import { databaseFailure } from './health.service';

const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['ok', 'unreachable']),
    databaseKind: z.enum(['pglite', 'postgres']),
    version: z.string(),
    uptimeSeconds: z.number(),
    /** Administrators only: how late this process's event loop ran (a stall holds every request). */
    eventLoop: z
      .object({
        p50Ms: z.number().nullable(),
        p99Ms: z.number().nullable(),
        maxMs: z.number().nullable(),
        windowSeconds: z.number(),
      })
      .optional(),
    /**
     * Administrators only: the process that answered (with WEB_CONCURRENCY each request may reach
     * another) and the live-event streams it holds.
     */
    process: z.object({ pid: z.number(), liveConnections: z.number() }).optional(),
  })
  .meta({ id: 'Health' });

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['System'],
  summary: "Liveness and database reachability; for administrators, the event loop's delay",
  responses: {
    200: jsonContent(healthSchema, 'The process and its database are up'),
    503: jsonContent(healthSchema, 'The database cannot be reached'),
  },
});

export function createHealthRoutes(deps: AppDeps & { databaseKind: 'pglite' | 'postgres' }) {
  const eventLoop = eventLoopMonitor(deps.logger);
  return createRouter().openapi(healthRoute, async (c) => {
    const failure = await databaseFailure(deps.db);
    // The detail needs a session only when a cookie is sent: probes stay one trivial query.
    const viewer = failure === null && c.req.header('cookie') ? await loadViewer(c, deps) : null;
    const reachable = failure === null;
    if (!reachable) c.get('logger').error({ err: failure }, 'health check: database unreachable');
    const body = {
      status: reachable ? ('ok' as const) : ('degraded' as const),
      database: reachable ? ('ok' as const) : ('unreachable' as const),
      databaseKind: deps.databaseKind,
      version: deps.version,
      uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
      ...(viewer?.isAdmin && !viewer.profile.blocked
        ? {
            eventLoop: eventLoop.read(),
            process: { pid: process.pid, liveConnections: deps.events.connections },
          }
        : {}),
    };
    c.header('Cache-Control', 'no-store');
    return reachable ? c.json(body, 200) : c.json(body, 503);
  });
}
