import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { whaleStatsSchema, whaleTransactionSchema } from '@/domain/whales/whales.schema';
import type { AppDeps } from '../../lib/context';
import { createRouter, errorResponse, jsonContent } from '../../lib/router';
import { ACCOUNT_CHANGES, cachedRead } from '../../lib/read-cache';
import { jsonText, PRIVATE, sendJson } from '../../lib/request-context';
import { requireViewer } from '../../lib/viewer';
import { getWhaleStats, listWhaleTransactions } from './whales.service';

const premiumErrors = { 401: errorResponse('Not signed in'), 403: errorResponse('Premium only') } as const;

/** Whale data is premium; the server refuses it to everyone else, not just the overlay. */
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
  // The newest twenty, the same for every Premium member: read once until a whale is stored (its live
  // event) or changed (migration 0025), not once per dashboard (ADR 0052).
  const latest = cachedRead(
    deps.events,
    async () => jsonText(await listWhaleTransactions(deps.db)),
    () => '',
    deps.env.READ_CACHE_SECONDS * 1000,
    [
      'news_articles',
      'rss_feeds',
      'fear_greed_index',
      'crypto_metrics',
      'market_history',
      ...ACCOUNT_CHANGES,
    ],
  );
  return createRouter()
    .openapi(list, async (c) => sendJson(c, await latest(), PRIVATE))
    .openapi(stats, async (c) => c.json(await getWhaleStats(deps.db), 200));
}
