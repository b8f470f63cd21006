import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ACCOUNT_CATEGORIES } from '@/domain/known-accounts/known-accounts.schema';
import {
  exchangeFlowsSchema,
  exchangeReservesSchema,
  flowQuerySchema,
  type FlowRange,
} from '@/domain/whales/flows.schema';
import {
  WHALE_PAGE_LIMIT,
  whaleFilterSchema,
  whalePageSchema,
  whaleStatsSchema,
  whaleTransactionSchema,
} from '@/domain/whales/whales.schema';
import type { AppDeps } from '../../lib/context';
import { createRouter, errorResponse, jsonContent, limitQuery } from '../../lib/router';
import { ACCOUNT_CHANGES, cachedRead } from '../../lib/read-cache';
import { jsonText, PRIVATE, sendJson } from '../../lib/request-context';
import { requireViewer } from '../../lib/viewer';
import { listEntities } from './entities.service';
import { readExchangeFlows } from './exchange-flows-read.service';
import { readExchangeReserves } from './exchange-reserves-read.service';
import { getWhaleStats, listWhalePage, listWhaleTransactions } from './whales.service';

const premiumErrors = { 401: errorResponse('Not signed in'), 403: errorResponse('Premium only') } as const;

const entitySchema = z
  .object({ entity: z.string(), category: z.enum(ACCOUNT_CATEGORIES), accounts: z.number() })
  .meta({ id: 'WhaleEntity' });

/** Whale data is premium; the server refuses it to everyone else, not just the overlay. */
export function createWhaleRoutes(deps: AppDeps) {
  const premium = requireViewer(deps, 'premium');

  const list = createRoute({
    method: 'get',
    path: '/whales',
    tags: ['Whales'],
    summary: 'The latest 20 whale transactions, named, with their dollar value (premium)',
    middleware: premium,
    responses: { 200: jsonContent(z.array(whaleTransactionSchema), 'Newest first'), ...premiumErrors },
  });
  const history = createRoute({
    method: 'get',
    path: '/whales/history',
    tags: ['Whales'],
    summary: 'Every stored whale transaction, newest first, a page at a time, filtered (premium)',
    middleware: premium,
    request: {
      query: limitQuery(100, WHALE_PAGE_LIMIT)
        .extend({ before: z.string().max(200).optional() })
        .extend(whaleFilterSchema.shape),
    },
    responses: {
      200: jsonContent(whalePageSchema, 'A page, and the cursor of the next'),
      422: errorResponse('Invalid filter or page link'),
      ...premiumErrors,
    },
  });
  const entities = createRoute({
    method: 'get',
    path: '/whales/entities',
    tags: ['Whales'],
    summary: 'The entities the registry of known accounts names, for the filters (premium)',
    middleware: premium,
    responses: { 200: jsonContent(z.array(entitySchema), 'By name'), ...premiumErrors },
  });
  const stats = createRoute({
    method: 'get',
    path: '/whales/stats',
    tags: ['Whales'],
    summary: 'Whale volume, count, largest and average over 24 hours (premium)',
    middleware: premium,
    responses: { 200: jsonContent(whaleStatsSchema, 'The stats'), ...premiumErrors },
  });
  const flows = createRoute({
    method: 'get',
    path: '/flows/exchanges',
    tags: ['Whales'],
    summary: 'XRP flowing onto and off named exchanges, in total and per exchange (premium)',
    middleware: premium,
    request: { query: flowQuerySchema },
    responses: {
      200: jsonContent(
        exchangeFlowsSchema,
        'The flows of the range, and each exchange’s 24 hours and 7 days',
      ),
      422: errorResponse('Unknown range or time zone'),
      ...premiumErrors,
    },
  });
  const reserves = createRoute({
    method: 'get',
    path: '/flows/reserves',
    tags: ['Whales'],
    summary:
      'The XRP held by the named exchanges, read from the ledger, over time and per exchange (premium)',
    middleware: premium,
    request: { query: flowQuerySchema },
    responses: {
      200: jsonContent(
        exchangeReservesSchema,
        'Every exchange together over the range, and each exchange at the latest reading with its 24-hour change',
      ),
      422: errorResponse('Unknown range or time zone'),
      ...premiumErrors,
    },
  });
  // The newest twenty, the same for every Premium member: read once until a whale is stored (its live
  // event), a name or a price changes, or a row is changed (migration 0025), not once per dashboard.
  const latest = cachedRead(
    deps.events,
    async () => jsonText(await listWhaleTransactions(deps.db)),
    () => '',
    deps.env.READ_CACHE_SECONDS * 1000,
    ['news_articles', 'rss_feeds', 'fear_greed_index', 'crypto_metrics', ...ACCOUNT_CHANGES],
  );
  // Flows and reserves are the same for every Premium member per range and zone: read at most once
  // per READ_CACHE_SECONDS (sooner after a whale lands), not once per chart.
  const unaffected = ['news_articles', 'rss_feeds', 'fear_greed_index', 'crypto_metrics', ...ACCOUNT_CHANGES];
  const rangeKey = (range: string, tz: string) => `${range}|${tz}`;
  const flowsRead = cachedRead(
    deps.events,
    (range: FlowRange, tz: string) => readExchangeFlows(deps.db, range, tz),
    rangeKey,
    deps.env.READ_CACHE_SECONDS * 1000,
    unaffected,
  );
  const reservesRead = cachedRead(
    deps.events,
    (range: FlowRange, tz: string) => readExchangeReserves(deps.db, range, tz),
    rangeKey,
    deps.env.READ_CACHE_SECONDS * 1000,
    unaffected,
  );
  return createRouter()
    .openapi(list, async (c) => sendJson(c, await latest(), PRIVATE))
    .openapi(history, async (c) => {
      const { limit, before, ...filter } = c.req.valid('query');
      return c.json(await listWhalePage(deps.db, { limit, before, filter }), 200);
    })
    .openapi(entities, async (c) => c.json(await listEntities(deps.db), 200))
    .openapi(stats, async (c) => c.json(await getWhaleStats(deps.db), 200))
    .openapi(flows, async (c) => {
      const { range, tz } = c.req.valid('query');
      return c.json(await flowsRead(range, tz), 200);
    })
    .openapi(reserves, async (c) => {
      const { range, tz } = c.req.valid('query');
      return c.json(await reservesRead(range, tz), 200);
    });
}
