import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { whaleStatsSchema, whaleTransactionSchema } from '@/domain/whales/whales.schema';
import type { AppDeps } from '../../lib/context';
import { createRouter, errorResponse, jsonContent } from '../../lib/router';
import { requireViewer } from '../../lib/viewer';
import { getWhaleStats, listWhaleTransactions } from './whales.service';

const premiumErrors = { 401: errorResponse('Not signed in'), 403: errorResponse('Premium only') } as const;

/** Whale data is premium (SPEC §6); the server refuses it to everyone else, not just the overlay. */
export function createWhaleRoutes(deps: AppDeps) {
  const premium = requireViewer(deps, 'premium');
  const list = createRoute({
    method: 'get',
    path: '/whales',
    tags: ['Whales'],
    summary: 'The latest 20 whale transactions (premium)',
    middleware: premium,
    responses: { 200: jsonContent(z.array(whaleTransactionSchema), 'Newest first'), ...premiumErrors },
  });
  const stats = createRoute({
    method: 'get',
    path: '/whales/stats',
    tags: ['Whales'],
    summary: 'Whale volume, count, largest and average over 24 hours (premium)',
    middleware: premium,
    responses: { 200: jsonContent(whaleStatsSchema, 'The stats'), ...premiumErrors },
  });
  return createRouter()
    .openapi(list, async (c) => c.json(await listWhaleTransactions(deps.db), 200))
    .openapi(stats, async (c) => c.json(await getWhaleStats(deps.db), 200));
}
