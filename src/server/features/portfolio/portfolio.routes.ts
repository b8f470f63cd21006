import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  lotInputSchema,
  lotSchema,
  lotsImportSchema,
  portfolioRangeSchema,
  type PortfolioRange,
  portfolioSummarySchema,
  watchedAccountInputSchema,
  watchedAccountLabelSchema,
  watchedAccountSchema,
} from '@/domain/portfolio/portfolio.schema';
import type { AppDeps } from '../../lib/context';
import { createRouter, errorResponse, idParams, jsonBody, jsonContent } from '../../lib/router';
import { cachedRead } from '../../lib/read-cache';
import { jsonText, PRIVATE, sendJson } from '../../lib/request-context';
import { requireViewer, viewerOf } from '../../lib/viewer';
import { enforceRateLimit } from '../../lib/rate-limit';
import {
  addWatchedAccount,
  listWatchedAccounts,
  removeWatchedAccount,
  renameWatchedAccount,
} from './accounts.service';
import { createLot, deleteLot, exportLots, importLots, listLots, updateLot } from './lots.service';
import { portfolioSummary } from './summary.service';

const errors = { 401: errorResponse('Not signed in'), 403: errorResponse('Premium only') } as const;
const tags = ['Portfolio'];
/**
 * Portfolio tracking, Premium: watched XRP Ledger accounts (read-only: an address and a
 * name, never a secret) and manual holdings (lots), their import and export.
 */
export function createPortfolioRoutes(deps: AppDeps) {
  const premium = requireViewer(deps, 'premium');
  const lotParams = idParams('No such holding of yours');
  const accountParams = idParams('No such watched account of yours');
  const summary = createRoute({
    method: 'get',
    path: '/portfolio',
    tags,
    summary:
      'Your portfolio valued at the latest synced price: totals, P&L of manual holdings, allocation, value over 7D/30D/1Y, 24h change',
    middleware: premium,
    request: { query: z.object({ range: portfolioRangeSchema.default('30d') }) },
    responses: {
      200: jsonContent(portfolioSummarySchema, 'The insights'),
      ...errors,
      422: errorResponse('Unknown range'),
    },
  });
  const listAccounts = createRoute({
    method: 'get',
    path: '/portfolio/accounts',
    tags,
    summary: 'Your watched accounts: last reading, reserve, spendable XRP, tokens and recent payments',
    middleware: premium,
    responses: {
      200: jsonContent(z.object({ accounts: z.array(watchedAccountSchema) }), 'The accounts'),
      ...errors,
    },
  });
  const addAccount = createRoute({
    method: 'post',
    path: '/portfolio/accounts',
    tags,
    summary: 'Watch an account (classic or X-address): checked on the ledger, then read at once',
    middleware: premium,
    request: { body: jsonBody(watchedAccountInputSchema) },
    responses: {
      201: jsonContent(watchedAccountSchema, 'The account, as first read'),
      ...errors,
      409: errorResponse('Already watched, or 20 accounts already'),
      422: errorResponse('Not an address, a typo (checksum), or no account there on the ledger'),
      429: errorResponse('Too many accounts added in a short time'),
      502: errorResponse('The XRP Ledger could not be reached'),
    },
  });
  const renameAccount = createRoute({
    method: 'patch',
    path: '/portfolio/accounts/{id}',
    tags,
    summary: 'Rename a watched account',
    middleware: premium,
    request: { params: accountParams, body: jsonBody(watchedAccountLabelSchema) },
    responses: {
      200: jsonContent(watchedAccountSchema, 'The account'),
      ...errors,
      404: errorResponse('No such account of yours'),
      422: errorResponse('Invalid name'),
    },
  });
  const removeAccount = createRoute({
    method: 'delete',
    path: '/portfolio/accounts/{id}',
    tags,
    summary: 'Stop watching an account (its stored payments and alerts go too)',
    middleware: premium,
    request: { params: accountParams },
    responses: { 204: { description: 'Removed' }, ...errors, 404: errorResponse('No such account of yours') },
  });
  const list = createRoute({
    method: 'get',
    path: '/portfolio/lots',
    tags,
    summary: 'Your manual holdings, oldest first',
    middleware: premium,
    responses: { 200: jsonContent(z.object({ lots: z.array(lotSchema) }), 'The lots'), ...errors },
  });
  const create = createRoute({
    method: 'post',
    path: '/portfolio/lots',
    tags,
    summary: 'Add a holding: an XRP amount, and when known the day acquired and the cost per XRP',
    middleware: premium,
    request: { body: jsonBody(lotInputSchema) },
    responses: {
      201: jsonContent(lotSchema, 'The new lot'),
      ...errors,
      409: errorResponse('At most 500 lots'),
      422: errorResponse('Invalid lot'),
    },
  });
  const update = createRoute({
    method: 'put',
    path: '/portfolio/lots/{id}',
    tags,
    summary: 'Change a holding',
    middleware: premium,
    request: { params: lotParams, body: jsonBody(lotInputSchema) },
    responses: {
      200: jsonContent(lotSchema, 'The lot'),
      ...errors,
      404: errorResponse('No such lot of yours'),
      422: errorResponse('Invalid lot'),
    },
  });
  const remove = createRoute({
    method: 'delete',
    path: '/portfolio/lots/{id}',
    tags,
    summary: 'Delete a holding',
    middleware: premium,
    request: { params: lotParams },
    responses: { 204: { description: 'Deleted' }, ...errors, 404: errorResponse('No such lot of yours') },
  });
  const importFile = createRoute({
    method: 'post',
    path: '/portfolio/lots/import',
    tags,
    summary: 'Import lots from a CSV file (amount_xrp, acquired_on, cost_usd_per_xrp, note): all or nothing',
    middleware: premium,
    request: { body: jsonBody(lotsImportSchema) },
    responses: {
      200: jsonContent(z.object({ imported: z.number().int() }), 'How many lots were added'),
      ...errors,
      422: errorResponse('A bad row: nothing imported; each problem names its line'),
    },
  });
  const exportFile = createRoute({
    method: 'get',
    path: '/portfolio/lots/export',
    tags,
    summary: 'Your lots as a CSV file the import reads back',
    middleware: premium,
    responses: {
      200: { content: { 'text/csv': { schema: z.string() } }, description: 'The lots file' },
      ...errors,
    },
  });
  // A member's figures change when their accounts are read, their holdings change or a price is
  // stored: each announces itself (migration 0021), so the page's reads are kept until then (ADR 0043).
  const maxAgeMs = deps.env.READ_CACHE_SECONDS * 1000;
  const summaryOf = cachedRead(
    deps.events,
    async (userId: string, range: PortfolioRange) => jsonText(await portfolioSummary(deps.db, userId, range)),
    (userId, range) => `${userId}:${range}`,
    maxAgeMs,
  );
  const accountsOf = cachedRead(
    deps.events,
    async (userId: string) => jsonText({ accounts: await listWatchedAccounts(deps.db, userId) }),
    (userId) => userId,
    maxAgeMs,
  );
  const lotsOf = cachedRead(
    deps.events,
    async (userId: string) => jsonText({ lots: await listLots(deps.db, userId) }),
    (userId) => userId,
    maxAgeMs,
  );
  return createRouter()
    .openapi(summary, async (c) =>
      sendJson(c, await summaryOf(viewerOf(c).user.id, c.req.valid('query').range), PRIVATE),
    )
    .openapi(listAccounts, async (c) => sendJson(c, await accountsOf(viewerOf(c).user.id), PRIVATE))
    .openapi(addAccount, async (c) => {
      const viewer = viewerOf(c);
      await enforceRateLimit(
        c,
        deps.db,
        `watch-account:${viewer.user.id}`,
        { window: 600, max: 30 },
        'Too many accounts added',
      );
      return c.json(await addWatchedAccount(deps, viewer.user.id, c.req.valid('json')), 201);
    })
    .openapi(renameAccount, async (c) =>
      c.json(
        await renameWatchedAccount(
          deps.db,
          viewerOf(c).user.id,
          c.req.valid('param').id,
          c.req.valid('json').label,
        ),
        200,
      ),
    )
    .openapi(removeAccount, async (c) => {
      await removeWatchedAccount(deps.db, viewerOf(c).user.id, c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(list, async (c) => sendJson(c, await lotsOf(viewerOf(c).user.id), PRIVATE))
    .openapi(create, async (c) =>
      c.json(await createLot(deps.db, viewerOf(c).user.id, c.req.valid('json')), 201),
    )
    .openapi(update, async (c) =>
      c.json(
        await updateLot(deps.db, viewerOf(c).user.id, c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
    )
    .openapi(remove, async (c) => {
      await deleteLot(deps.db, viewerOf(c).user.id, c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(importFile, async (c) =>
      c.json(await importLots(deps.db, viewerOf(c).user.id, c.req.valid('json').csv), 200),
    )
    .openapi(exportFile, async (c) => {
      const csv = await exportLots(deps.db, viewerOf(c).user.id);
      return c.body(csv, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="xrp-portfolio-lots.csv"',
        'cache-control': 'no-store',
      });
    });
}
