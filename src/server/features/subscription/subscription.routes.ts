import { createRoute } from '@hono/zod-openapi';
import { isPremiumPlan } from '@/domain/plans/entitlements';
import { subscriptionStatusSchema } from '@/domain/subscription/subscription.schema';
import type { AppDeps } from '../../lib/context';
import { createRouter, errorResponse, jsonContent } from '../../lib/router';
import { requireViewer, viewerOf } from '../../lib/viewer';

const checkRoute = createRoute({
  method: 'get',
  path: '/subscription/check',
  tags: ['Subscription'],
  summary: "The signed-in user's subscription status (SPEC check-subscription)",
  responses: {
    200: jsonContent(subscriptionStatusSchema, 'The status'),
    401: errorResponse('Not signed in'),
  },
});

/** Until billing exists, the status is the plan stored on the profile (the billing issue adds Stripe). */
export function createSubscriptionRoutes(deps: AppDeps) {
  return createRouter().openapi({ ...checkRoute, middleware: [requireViewer(deps)] as const }, async (c) => {
    const plan = viewerOf(c).profile.subscription_plan;
    c.header('Cache-Control', 'no-store');
    return c.json({ subscribed: isPremiumPlan(plan), subscriptionEnd: null, plan }, 200);
  });
}
