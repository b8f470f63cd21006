import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { weekKeySchema, weekListSchema, weekReportSchema } from '@/domain/analysis/analysis.schema';
import { AppError } from '../../lib/app-error';
import type { AppDeps } from '../../lib/context';
import { createRouter, errorResponse, jsonContent } from '../../lib/router';
import { listWeeks, weekReport } from './analysis.service';

const tags = ['Analysis'];

/** /analysis: weekly market summaries generated from stored data (public). */
export function createAnalysisRoutes(deps: AppDeps) {
  const list = createRoute({
    method: 'get',
    path: '/analysis/weeks',
    tags,
    summary: 'Weekly summaries from the week in progress back to the first stored price',
    request: { query: z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) }) },
    responses: { 200: jsonContent(weekListSchema, 'A page of weeks') },
  });
  const read = createRoute({
    method: 'get',
    path: '/analysis/weeks/{week}',
    tags,
    summary: 'One ISO week (such as 2026-W48, in UTC): prices by day, Fear & Greed, whales, headlines',
    request: { params: z.object({ week: weekKeySchema }) },
    responses: {
      200: jsonContent(weekReportSchema, 'The week'),
      404: errorResponse('A week without data'),
      422: errorResponse('Not a week'),
    },
  });
  return createRouter()
    .openapi(list, async (c) => {
      c.header('Cache-Control', 'public, max-age=60');
      return c.json(await listWeeks(deps.db, c.req.valid('query').page), 200);
    })
    .openapi(read, async (c) => {
      const report = await weekReport(deps.db, c.req.valid('param').week);
      if (!report) throw new AppError('not_found', 'There is no market data for this week.');
      // A finished week does not change; the week in progress does.
      c.header('Cache-Control', report.complete ? 'public, max-age=3600' : 'public, max-age=60');
      return c.json(report, 200);
    });
}
