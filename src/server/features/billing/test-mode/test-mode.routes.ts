import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { billingInvoiceSchema, billingSummarySchema } from '@/domain/billing/billing';
import { AppError } from '../../../lib/app-error';
import type { AppEnv } from '../../../lib/context';
import type { BillingDeps } from '../create-billing';
import { createRouter, errorResponse, jsonContent } from '../../../lib/router';
import { requireViewer, viewerOf } from '../../../lib/viewer';
import { billingPage } from '../billing.service';
import type { TestBillingProvider } from './test-provider';

const checkoutViewSchema = z
  .object({
    id: z.string(),
    status: z.enum(['open', 'complete', 'expired']),
    productName: z.string(),
    amountCents: z.number().int(),
    currency: z.string(),
    interval: z.literal('month'),
    email: z.string(),
  })
  .meta({ id: 'TestCheckout' });
const redirectSchema = z.object({ redirect: z.string() }).meta({ id: 'TestRedirect' });
const portalSchema = z
  .object({ summary: billingSummarySchema, invoices: z.array(billingInvoiceSchema) })
  .meta({ id: 'TestPortal' });
const sessionParams = z.object({ id: z.string().min(1).max(100) });

const notTestMode = errorResponse('Not in test mode, or not found');

/**
 * The local test-mode provider's checkout and billing pages' API. It exists only without Stripe keys:
 * with Stripe, every route here answers 404. The user must be signed in and acts on their own records.
 */
export function createTestBillingRoutes(deps: BillingDeps) {
  const onlyInTestMode: MiddlewareHandler<AppEnv> = async (_c, next) => {
    if (!deps.billing.test)
      throw new AppError('not_found', 'Test-mode billing is off: this server uses Stripe');
    await next();
  };
  const guard = [onlyInTestMode, requireViewer(deps)];
  const test = (): TestBillingProvider => {
    if (!deps.billing.test)
      throw new AppError('not_found', 'Test-mode billing is off: this server uses Stripe');
    return deps.billing.test;
  };
  // Generic in the action, so each route keeps its literal path (and the typed client its key).
  const portalAction = <Action extends 'cancel' | 'resume' | 'fail-payment' | 'advance'>(
    action: Action,
    summary: string,
  ) =>
    createRoute({
      method: 'post',
      path: `/billing/test/portal/${action}` as `/billing/test/portal/${Action}`,
      tags: ['Billing (test mode)'],
      summary,
      middleware: guard,
      responses: {
        200: jsonContent(portalSchema, 'The billing page after the change'),
        401: errorResponse('Not signed in'),
        404: notTestMode,
        409: errorResponse('Not possible in the current state'),
      },
    });

  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/billing/test/checkout/{id}',
        tags: ['Billing (test mode)'],
        summary: 'A test-mode checkout session of the signed-in user',
        middleware: guard,
        request: { params: sessionParams },
        responses: {
          200: jsonContent(checkoutViewSchema, 'The session'),
          401: errorResponse('Not signed in'),
          404: notTestMode,
        },
      }),
      async (c) => c.json(await test().checkout(viewerOf(c).user.id, c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/billing/test/checkout/{id}/pay',
        tags: ['Billing (test mode)'],
        summary: 'Pays a test-mode checkout (no card is charged): the subscription starts',
        middleware: guard,
        request: { params: sessionParams },
        responses: {
          200: jsonContent(redirectSchema, 'Where to go next'),
          401: errorResponse('Not signed in'),
          404: notTestMode,
          409: errorResponse('Expired, or already premium'),
        },
      }),
      async (c) => {
        await test().completeCheckout(viewerOf(c).user.id, c.req.valid('param').id);
        return c.json({ redirect: '/membership?success=true' }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/billing/test/checkout/{id}/cancel',
        tags: ['Billing (test mode)'],
        summary: 'Leaves a test-mode checkout without paying',
        middleware: guard,
        request: { params: sessionParams },
        responses: {
          200: jsonContent(redirectSchema, 'Where to go next'),
          401: errorResponse('Not signed in'),
          404: notTestMode,
        },
      }),
      async (c) => {
        await test().cancelCheckout(viewerOf(c).user.id, c.req.valid('param').id);
        return c.json({ redirect: '/membership?canceled=true' }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/billing/test/portal',
        tags: ['Billing (test mode)'],
        summary: "The signed-in user's test-mode billing page: subscription and invoices",
        middleware: guard,
        responses: {
          200: jsonContent(portalSchema, 'The billing page'),
          401: errorResponse('Not signed in'),
          404: notTestMode,
        },
      }),
      async (c) => c.json(await billingPage(deps.billing, viewerOf(c).user.id), 200),
    )
    .openapi(
      portalAction('cancel', 'Cancels at the end of the period (Premium stays until then)'),
      async (c) => {
        const userId = viewerOf(c).user.id;
        await test().setCancelAtPeriodEnd(userId, true);
        return c.json(await billingPage(deps.billing, userId), 200);
      },
    )
    .openapi(portalAction('resume', 'Takes back a cancellation before the period ends'), async (c) => {
      const userId = viewerOf(c).user.id;
      await test().setCancelAtPeriodEnd(userId, false);
      return c.json(await billingPage(deps.billing, userId), 200);
    })
    .openapi(
      portalAction('fail-payment', 'Test clock: the next renewal payment fails (past due)'),
      async (c) => {
        const userId = viewerOf(c).user.id;
        await test().failNextPayment(userId);
        return c.json(await billingPage(deps.billing, userId), 200);
      },
    )
    .openapi(
      portalAction('advance', 'Test clock: moves to the end of the period (renews, or ends)'),
      async (c) => {
        const userId = viewerOf(c).user.id;
        await test().advancePeriod(userId);
        return c.json(await billingPage(deps.billing, userId), 200);
      },
    );
}
