import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  adminOverviewSchema,
  adminUserListSchema,
  adminUserQuerySchema,
  adminUserSchema,
  adminUserUpdateSchema,
  auditLogQuerySchema,
  auditLogSchema,
} from '@/domain/admin/admin.schema';
import type { AppDeps } from '../../lib/context';
import { billingConfig, type BillingContext } from '../billing';
import { createRouter, errorResponse, jsonBody, jsonContent } from '../../lib/router';
import { requireViewer, viewerOf } from '../../lib/viewer';
import { adminOverview, listAdminUsers, listAuditLogs, updateAdminUser } from './users-admin.service';

const adminErrors = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Not an administrator'),
} as const;
const tags = ['Admin: users'];

/** Admin: the overview's figures, user management and the audit trail. */
export function createUserAdminRoutes(deps: AppDeps & { billing: BillingContext }) {
  const admin = requireViewer(deps, 'admin');

  const overviewRoute = createRoute({
    method: 'get',
    path: '/admin/overview',
    tags,
    summary: 'Stat cards: users, premium, active, revenue, articles, whales, recent syncs',
    middleware: admin,
    responses: { 200: jsonContent(adminOverviewSchema, 'The figures'), ...adminErrors },
  });
  const listRoute = createRoute({
    method: 'get',
    path: '/admin/users',
    tags,
    summary: 'Users newest first, searchable by name or email, 20 a page',
    middleware: admin,
    request: { query: adminUserQuerySchema },
    responses: { 200: jsonContent(adminUserListSchema, 'A page of users'), ...adminErrors },
  });
  const updateRoute = createRoute({
    method: 'patch',
    path: '/admin/users/{userId}',
    tags,
    summary: "Change a user's name, plan or blocked state (a reason is needed to block); audited",
    middleware: admin,
    request: {
      params: z.object({ userId: z.string().min(1).max(100) }),
      body: jsonBody(adminUserUpdateSchema),
    },
    responses: {
      200: jsonContent(adminUserSchema, 'The user after the change'),
      ...adminErrors,
      404: errorResponse('No such user'),
      422: errorResponse('Invalid change, or blocking without a reason'),
    },
  });
  const auditRoute = createRoute({
    method: 'get',
    path: '/admin/audit-logs',
    tags,
    summary: 'The admin audit trail, newest first, by target user and action, 50 a page',
    middleware: admin,
    request: { query: auditLogQuerySchema },
    responses: {
      200: jsonContent(
        z.object({
          logs: z.array(auditLogSchema),
          total: z.number().int(),
          page: z.number().int(),
          pageSize: z.number().int(),
        }),
        'A page of the audit trail',
      ),
      ...adminErrors,
    },
  });

  return createRouter()
    .openapi(overviewRoute, async (c) =>
      c.json(await adminOverview(deps.db, await billingConfig(deps.billing)), 200),
    )
    .openapi(listRoute, async (c) => c.json(await listAdminUsers(deps.db, c.req.valid('query')), 200))
    .openapi(updateRoute, async (c) => {
      const user = await updateAdminUser(
        { db: deps.db, mailer: deps.mailer, logger: c.get('logger'), publicUrl: deps.env.PUBLIC_URL },
        viewerOf(c).user.id,
        c.req.valid('param').userId,
        c.req.valid('json'),
      );
      return c.json(user, 200);
    })
    .openapi(auditRoute, async (c) => c.json(await listAuditLogs(deps.db, c.req.valid('query')), 200));
}
