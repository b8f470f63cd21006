import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { weekKeySchema, weekListSchema, weekReportSchema } from '@/domain/analysis/analysis.schema';
import { AppError } from '../../lib/app-error';
import type { AppDeps, AppEnv } from '../../lib/context';
import { createRouter, errorResponse, jsonContent, pageQuery } from '../../lib/router';
import { loadViewer } from '../../lib/viewer';
import { listWeeks, weekReport } from './analysis.service';

const tags = ['Analysis'];

/**
 * /analysis: weekly market summaries generated from stored data. Public, but the daily closes and
 * whale statistics go to Premium members only (the answer is `locked` for everyone else).
 */
export function createAnalysisRoutes(deps: AppDeps) {
  const accessOf = async (c: Context<AppEnv>) => {
    const viewer = await loadViewer(c, deps);
    const isPremium = Boolean(viewer && !viewer.profile.blocked && viewer.isPremium);
    // The answer depends on who asks: a shared cache may keep only the locked one, per cookie.
    c.header('Vary', 'Cookie');
    return { isPremium };
  };
  const cacheControl = (isPremium: boolean, maxAge: number) =>
    `${isPremium ? 'private' : 'public'}, max-age=${maxAge}`;
  const list = createRoute({
    method: 'get',
    path: '/analysis/weeks',
    tags,
    summary:
      'Weekly summaries from the week in progress back to the first stored price (whale statistics for Premium)',
    request: { query: pageQuery(1000) },
    responses: { 200: jsonContent(weekListSchema, 'A page of weeks') },
  });
  const read = createRoute({
    method: 'get',
    path: '/analysis/weeks/{week}',
    tags,
    summary:
      'One ISO week (such as 2026-W48, in UTC): figures, Fear & Greed, headlines; daily closes and whales for Premium',
    request: { params: z.object({ week: weekKeySchema }) },
    responses: {
      200: jsonContent(weekReportSchema, 'The week'),
      404: errorResponse('A week without data'),
      422: errorResponse('Not a week'),
    },
  });
  return createRouter()
    .openapi(list, async (c) => {
      const access = await accessOf(c);
      c.header('Cache-Control', cacheControl(access.isPremium, 60));
      return c.json(await listWeeks(deps.db, c.req.valid('query').page, access), 200);
    })
    .openapi(read, async (c) => {
      const access = await accessOf(c);
      const report = await weekReport(deps.db, c.req.valid('param').week, access);
      if (!report) throw new AppError('not_found', 'There is no market data for this week.');
      // A finished week does not change; the week in progress does.
      c.header('Cache-Control', cacheControl(access.isPremium, report.complete ? 3600 : 60));
      return c.json(report, 200);
    });
}
