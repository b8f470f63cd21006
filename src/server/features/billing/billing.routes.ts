import { createRoute } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import {
  billingInvoiceSchema,
  billingConfigSchema,
  billingSummarySchema,
  redirectUrlSchema,
} from '@/domain/billing/billing';
import { subscriptionStatusSchema } from '@/domain/subscription/subscription.schema';
import { errorBody } from '../../lib/app-error';
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/context';
import type { BillingDeps } from './create-billing';
import { enforceRateLimit, type RateRule } from '../../lib/rate-limit';
import { createRouter, errorResponse, jsonContent } from '../../lib/router';
import { requireViewer, viewerOf } from '../../lib/viewer';
import { billingConfig } from './billing-config.service';
import { listInvoices, subscriptionStatus } from './stored-subscriptions.service';
import {
  billingSummary,
  openPortal,
  processBillingEvent,
  startCheckout,
  syncSubscriptionStatus,
} from './billing.service';

/** The checkout-return sync asks the provider; a few per minute per user is plenty. */
export const SYNC_LIMIT = { window: 60, max: 10 };
/** Each checkout or portal opening creates a session at the provider: 10 per 10 minutes per user. */
export const OPEN_LIMIT = { window: 600, max: 10 };

const configRoute = createRoute({
  method: 'get',
  path: '/billing/config',
  tags: ['Billing'],
  summary: "Whether payments go through Stripe or the local test mode, and Premium's price",
  responses: { 200: jsonContent(billingConfigSchema, 'The billing mode and price') },
});

export function createBillingRoutes(deps: BillingDeps) {
  const { billing } = deps;
  const signedIn = requireViewer(deps);

  const checkRoute = createRoute({
    method: 'get',
    path: '/subscription/check',
    tags: ['Subscription'],
    summary: "The signed-in user's subscription status",
    middleware: signedIn,
    responses: {
      200: jsonContent(subscriptionStatusSchema, 'The status'),
      401: errorResponse('Not signed in'),
    },
  });
  const summaryRoute = createRoute({
    method: 'get',
    path: '/billing/summary',
    tags: ['Billing'],
    summary: 'Plan, the subscription behind it (renewal or end date) and whether billing can be managed',
    middleware: signedIn,
    responses: { 200: jsonContent(billingSummarySchema, 'The summary'), 401: errorResponse('Not signed in') },
  });
  const invoicesRoute = createRoute({
    method: 'get',
    path: '/billing/invoices',
    tags: ['Billing'],
    summary: "The signed-in user's invoices, newest first (the last 24)",
    middleware: signedIn,
    responses: {
      200: jsonContent(z.object({ invoices: z.array(billingInvoiceSchema) }), 'The invoices'),
      401: errorResponse('Not signed in'),
    },
  });
  const checkoutRoute = createRoute({
    method: 'post',
    path: '/billing/checkout',
    tags: ['Billing'],
    summary: 'Opens a checkout for Premium at $9/month; the URL opens in a new tab',
    middleware: signedIn,
    responses: {
      200: jsonContent(redirectUrlSchema, 'The checkout page'),
      401: errorResponse('Not signed in'),
      409: errorResponse('Already premium or complimentary'),
      429: errorResponse('Too many checkouts opened'),
      502: errorResponse('The payment provider failed'),
    },
  });
  const portalRoute = createRoute({
    method: 'post',
    path: '/billing/portal',
    tags: ['Billing'],
    summary: 'Opens the billing portal; the URL opens in a new tab',
    middleware: signedIn,
    responses: {
      200: jsonContent(redirectUrlSchema, 'The billing page'),
      401: errorResponse('Not signed in'),
      409: errorResponse('Complimentary access, or no billing account yet'),
      429: errorResponse('Too many portal openings'),
      502: errorResponse('The payment provider failed'),
    },
  });
  const syncRoute = createRoute({
    method: 'post',
    path: '/billing/sync',
    tags: ['Billing'],
    summary:
      "Reads the user's subscriptions from the provider now (after a checkout return) and answers the status",
    middleware: signedIn,
    responses: {
      200: jsonContent(subscriptionStatusSchema, 'The status after the sync'),
      401: errorResponse('Not signed in'),
      429: errorResponse('Too many syncs'),
      502: errorResponse('The payment provider failed'),
    },
  });

  const limit = (c: Context<AppEnv>, key: string, rule: RateRule, message: string) =>
    enforceRateLimit(c, deps.db, key, rule, message);

  return createRouter()
    .openapi(configRoute, async (c) => c.json(await billingConfig(billing), 200))
    .openapi(checkRoute, async (c) => {
      const viewer = viewerOf(c);
      c.header('Cache-Control', 'no-store');
      return c.json(await subscriptionStatus(deps.db, viewer.user.id, viewer.profile.subscription_plan), 200);
    })
    .openapi(summaryRoute, async (c) => {
      const viewer = viewerOf(c);
      c.header('Cache-Control', 'no-store');
      return c.json(await billingSummary(billing, viewer.user.id, viewer.profile.subscription_plan), 200);
    })
    .openapi(invoicesRoute, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ invoices: await listInvoices(deps.db, viewerOf(c).user.id) }, 200);
    })
    .openapi(checkoutRoute, async (c) => {
      const { user, profile } = viewerOf(c);
      await limit(c, `billing-checkout:${user.id}`, OPEN_LIMIT, 'Too many checkouts opened');
      const url = await startCheckout(
        billing,
        { id: user.id, email: user.email, name: profile.full_name },
        profile.subscription_plan,
      );
      return c.json({ url }, 200);
    })
    .openapi(portalRoute, async (c) => {
      const { user, profile } = viewerOf(c);
      await limit(c, `billing-portal:${user.id}`, OPEN_LIMIT, 'Too many billing portal openings');
      const url = await openPortal(billing, user.id, profile.subscription_plan);
      return c.json({ url }, 200);
    })
    .openapi(syncRoute, async (c) => {
      const { user } = viewerOf(c);
      await limit(c, `billing-sync:${user.id}`, SYNC_LIMIT, 'Too many refreshes');
      const status = await syncSubscriptionStatus(billing, user.id);
      c.header('Cache-Control', 'no-store');
      return c.json(status, 200);
    });
}

/**
 * Stripe's webhook: the signature is checked on the raw body before anything is parsed; each event id
 * is processed once (a redelivery answers 200 without acting). Errors answer 500 so Stripe retries.
 */
export function createStripeWebhookRoutes(deps: BillingDeps) {
  const { billing } = deps;
  return createRouter().post('/webhooks/stripe', bodyLimit({ maxSize: 512 * 1024 }), async (c) => {
    const stripe = billing.stripe;
    if (!stripe?.webhookSecret)
      return c.json(errorBody('not_found', 'Stripe webhooks are not configured on this server'), 404);
    const signature = c.req.header('stripe-signature');
    if (!signature) return c.json(errorBody('bad_request', 'Missing Stripe-Signature header'), 400);
    const rawBody = await c.req.text();
    // Loaded already with Stripe's keys (createBilling); test mode never loads Stripe's SDK.
    const { billingEventOf, verifiedWebhookEvent } = await import('./stripe/stripe-provider');
    const event = await verifiedWebhookEvent(stripe.client, rawBody, signature, stripe.webhookSecret);
    if ('refused' in event) {
      billing.logger.warn({ reason: event.refused }, 'stripe webhook refused');
      return c.json(errorBody('bad_request', 'Webhook signature verification failed'), 400);
    }
    const outcome = await processBillingEvent(billing, billingEventOf(event));
    billing.logger.info({ event: event.id, type: event.type, outcome }, 'stripe webhook');
    return c.json({ received: true, duplicate: outcome === 'duplicate' }, 200);
  });
}
