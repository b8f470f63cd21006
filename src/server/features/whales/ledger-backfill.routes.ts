import { createRoute } from '@hono/zod-openapi';
import { backfillRequestSchema, backfillSchema, backfillStateSchema } from '@/domain/whales/backfill.schema';
import type { AppDeps } from '../../lib/context';
import { createRouter, errorResponse, jsonBody, jsonContent } from '../../lib/router';
import { requireViewer, viewerOf } from '../../lib/viewer';
import { cancelBackfill, latestBackfill, requestBackfill } from './ledger-backfill.service';

const adminErrors = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Not an administrator'),
} as const;
const tags = ['Admin: data sync'];

/** Admin: a backfill of past ledgers, its progress, and stopping it. */
export function createLedgerBackfillRoutes(deps: AppDeps) {
  const admin = requireViewer(deps, 'admin');

  const state = createRoute({
    method: 'get',
    path: '/admin/ledger-backfill',
    tags,
    summary: 'The latest ledger backfill and its progress (null when none was asked for)',
    middleware: admin,
    responses: { 200: jsonContent(backfillStateSchema, 'The latest backfill'), ...adminErrors },
  });
  const start = createRoute({
    method: 'post',
    path: '/admin/ledger-backfill',
    tags,
    summary: 'Read the past days of ledgers for whale payments and exchange flows (at most 30 days)',
    middleware: admin,
    request: { body: jsonBody(backfillRequestSchema) },
    responses: {
      201: jsonContent(backfillSchema, 'The backfill, waiting for its first run'),
      409: errorResponse('A backfill is already running'),
      422: errorResponse('Days out of range'),
      ...adminErrors,
    },
  });
  const cancel = createRoute({
    method: 'post',
    path: '/admin/ledger-backfill/cancel',
    tags,
    summary: 'Stop the running backfill; what it read stays',
    middleware: admin,
    responses: {
      200: jsonContent(backfillSchema, 'The cancelled backfill'),
      404: errorResponse('No backfill is running'),
      ...adminErrors,
    },
  });

  return createRouter()
    .openapi(state, async (c) => c.json({ backfill: await latestBackfill(deps.db) }, 200))
    .openapi(start, async (c) =>
      c.json(await requestBackfill(deps.db, viewerOf(c).user.id, c.req.valid('json').days), 201),
    )
    .openapi(cancel, async (c) => c.json(await cancelBackfill(deps.db), 200));
}
