import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { timezoneValues } from '@/domain/preferences/preferences.schema';
import {
  escrowCalendarSchema,
  supplyHistorySchema,
  supplyQuerySchema,
  supplySchema,
} from '@/domain/supply/supply.schema';
import type { AppDeps } from '../../lib/context';
import { createRouter, errorResponse, jsonContent } from '../../lib/router';
import { requireViewer } from '../../lib/viewer';
import { readEscrowCalendar, readSupply, readSupplyHistory } from './supply-read.service';

const premiumErrors = { 401: errorResponse('Not signed in'), 403: errorResponse('Premium only') } as const;

const supplyRoute = createRoute({
  method: 'get',
  path: '/supply',
  tags: ['Supply'],
  summary: 'XRP in existence, burned, escrowed by Ripple and held by Ripple, at the latest reading',
  responses: { 200: jsonContent(supplySchema, 'The latest reading, or null before the first') },
});

/**
 * Like every chart and market figure: the latest supply is public, its history and Ripple's
 * escrow calendar are the research Premium sells.
 */
export function createSupplyRoutes(deps: AppDeps) {
  const premium = requireViewer(deps, 'premium');
  const history = createRoute({
    method: 'get',
    path: '/supply/history',
    tags: ['Supply'],
    summary: 'Each day’s last supply reading and the XRP burned that day, over 30 days or a year (premium)',
    middleware: premium,
    request: { query: supplyQuerySchema },
    responses: {
      200: jsonContent(supplyHistorySchema, 'Days with a reading, oldest first'),
      422: errorResponse('Unknown range or time zone'),
      ...premiumErrors,
    },
  });
  const escrows = createRoute({
    method: 'get',
    path: '/supply/escrows',
    tags: ['Supply'],
    summary: 'Ripple’s escrows by the month they unlock, and each escrow (premium)',
    middleware: premium,
    request: { query: z.object({ tz: z.enum(timezoneValues).default('UTC') }) },
    responses: {
      200: jsonContent(escrowCalendarSchema, 'The calendar as of the latest reading'),
      422: errorResponse('Unknown time zone'),
      ...premiumErrors,
    },
  });
  return createRouter()
    .openapi(supplyRoute, async (c) => c.json(await readSupply(deps.db), 200))
    .openapi(history, async (c) => {
      const { range, tz } = c.req.valid('query');
      return c.json(await readSupplyHistory(deps.db, range, tz), 200);
    })
    .openapi(escrows, async (c) => c.json(await readEscrowCalendar(deps.db, c.req.valid('query').tz), 200));
}
