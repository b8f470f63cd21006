import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  classicAddressSchema,
  entityMergeSchema,
  knownAccountInputSchema,
  knownAccountPatchSchema,
  knownAccountSchema,
} from '@/domain/known-accounts/known-accounts.schema';
import type { AppDeps } from '../../lib/context';
import { createRouter, errorResponse, jsonBody, jsonContent } from '../../lib/router';
import { requireViewer, viewerOf } from '../../lib/viewer';
import {
  addKnownAccount,
  listKnownAccounts,
  mergeEntities,
  updateKnownAccount,
} from './known-accounts.service';

const adminErrors = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Not an administrator'),
} as const;
const tags = ['Admin: Known accounts'];
const addressParams = z.object({ address: classicAddressSchema });

/** Admin: the registry of known accounts, every change audited. */
export function createKnownAccountsAdminRoutes(deps: AppDeps) {
  const admin = requireViewer(deps, 'admin');

  const list = createRoute({
    method: 'get',
    path: '/admin/known-accounts',
    tags,
    summary: 'Every named account, retired ones too, by entity then name',
    middleware: admin,
    responses: { 200: jsonContent(z.array(knownAccountSchema), 'The registry'), ...adminErrors },
  });
  const add = createRoute({
    method: 'post',
    path: '/admin/known-accounts',
    tags,
    summary: 'Name an address, with the public source of the name',
    middleware: admin,
    request: { body: jsonBody(knownAccountInputSchema) },
    responses: {
      201: jsonContent(knownAccountSchema, 'The new name'),
      409: errorResponse('The address is named already'),
      422: errorResponse('Invalid name'),
      ...adminErrors,
    },
  });
  const update = createRoute({
    method: 'patch',
    path: '/admin/known-accounts/{address}',
    tags,
    summary: 'Rename, move to another entity or category, change the source, retire or restore',
    middleware: admin,
    request: { params: addressParams, body: jsonBody(knownAccountPatchSchema) },
    responses: {
      200: jsonContent(knownAccountSchema, 'The name'),
      404: errorResponse('No such account'),
      422: errorResponse('Invalid change'),
      ...adminErrors,
    },
  });
  const merge = createRoute({
    method: 'post',
    path: '/admin/known-accounts/merge',
    tags,
    summary: "Move every account of one entity to another's name",
    middleware: admin,
    request: { body: jsonBody(entityMergeSchema) },
    responses: {
      200: jsonContent(z.object({ moved: z.number() }), 'How many accounts moved'),
      404: errorResponse('No accounts belong to that entity'),
      422: errorResponse('Invalid merge'),
      ...adminErrors,
    },
  });

  return createRouter()
    .openapi(list, async (c) => c.json(await listKnownAccounts(deps.db), 200))
    .openapi(add, async (c) =>
      c.json(await addKnownAccount(deps.db, viewerOf(c).user.id, c.req.valid('json')), 201),
    )
    .openapi(update, async (c) =>
      c.json(
        await updateKnownAccount(
          deps.db,
          viewerOf(c).user.id,
          c.req.valid('param').address,
          c.req.valid('json'),
        ),
        200,
      ),
    )
    .openapi(merge, async (c) =>
      c.json({ moved: await mergeEntities(deps.db, viewerOf(c).user.id, c.req.valid('json')) }, 200),
    );
}
