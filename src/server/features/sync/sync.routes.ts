import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  apiSourceSchema,
  syncFrequencyUpdateSchema,
  syncLogSchema,
  taskRunSchema,
} from '@/domain/sync/sync.schema';
import type { AppDeps } from '../../lib/context';
import { createRouter, errorResponse, idParams, jsonBody, jsonContent } from '../../lib/router';
import { requireViewer } from '../../lib/viewer';
import { toSyncLogDto } from '@/domain/sync/sync-log-record';
import { listApiSources, listSyncLogs, updateSyncFrequency } from './sync.service';

const adminErrors = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Not an administrator'),
} as const;
const sourceId = idParams('Unknown API source');

/** Admin: data sources, their sync logs, manual syncs and stuck-sync cleanup. */
export function createSyncRoutes(deps: AppDeps) {
  const admin = requireViewer(deps, 'admin');

  const list = createRoute({
    method: 'get',
    path: '/admin/sources',
    tags: ['Admin: data sync'],
    summary: 'API sources, newest first',
    middleware: admin,
    responses: { 200: jsonContent(z.array(apiSourceSchema), 'The sources'), ...adminErrors },
  });
  const logs = createRoute({
    method: 'get',
    path: '/admin/sync-logs',
    tags: ['Admin: data sync'],
    summary: 'The latest 50 sync logs',
    middleware: admin,
    responses: { 200: jsonContent(z.array(syncLogSchema), 'The logs'), ...adminErrors },
  });
  const taskRuns = createRoute({
    method: 'get',
    path: '/admin/jobs',
    tags: ['Admin: data sync'],
    summary: 'Background tasks (prunes) with their last run, duration and error',
    middleware: admin,
    responses: { 200: jsonContent(z.array(taskRunSchema), 'The tasks'), ...adminErrors },
  });
  const frequency = createRoute({
    method: 'patch',
    path: '/admin/sources/{id}',
    tags: ['Admin: data sync'],
    summary: "Change a source's sync frequency (at least 5 minutes)",
    middleware: admin,
    request: {
      params: sourceId,
      body: jsonBody(syncFrequencyUpdateSchema),
    },
    responses: {
      200: jsonContent(apiSourceSchema, 'The source'),
      404: errorResponse('No such source'),
      422: errorResponse('Below the minimum'),
      ...adminErrors,
    },
  });
  const trigger = createRoute({
    method: 'post',
    path: '/admin/sources/{id}/sync',
    tags: ['Admin: data sync'],
    summary: "Run a source's sync now and answer with its log",
    middleware: admin,
    request: { params: sourceId },
    responses: {
      200: jsonContent(
        z.object({ status: z.enum(['success', 'error']), log: syncLogSchema }),
        'The finished sync',
      ),
      404: errorResponse('No such source'),
      409: errorResponse('Inactive, or already running'),
      422: errorResponse('Unsupported API type'),
      ...adminErrors,
    },
  });
  const cleanup = createRoute({
    method: 'post',
    path: '/admin/sync/cleanup',
    tags: ['Admin: data sync'],
    summary: 'Mark stuck in-progress syncs as failed',
    middleware: admin,
    responses: {
      200: jsonContent(z.object({ cleanedCount: z.number() }), 'How many were cleaned'),
      ...adminErrors,
    },
  });

  return createRouter()
    .openapi(list, async (c) => c.json(await listApiSources(deps.db), 200))
    .openapi(logs, async (c) => c.json(await listSyncLogs(deps.db), 200))
    .openapi(taskRuns, async (c) => c.json(await deps.jobs.listTaskRuns(), 200))
    .openapi(frequency, async (c) =>
      c.json(
        await updateSyncFrequency(deps.db, c.req.valid('param').id, c.req.valid('json').syncFrequencyMinutes),
        200,
      ),
    )
    .openapi(trigger, async (c) => {
      const outcome = await deps.jobs.triggerSource(c.req.valid('param').id);
      if (outcome.status === 'skipped') throw new Error('unreachable: triggerSource refuses skipped runs');
      return c.json({ status: outcome.status, log: toSyncLogDto(outcome.log) }, 200);
    })
    .openapi(cleanup, async (c) => c.json({ cleanedCount: await deps.jobs.cleanupStuckSyncs() }, 200));
}
