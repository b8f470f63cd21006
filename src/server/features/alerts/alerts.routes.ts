import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  alertRuleInputSchema,
  alertRuleSchema,
  alertRuleUpdateSchema,
  markReadSchema,
  notificationListSchema,
} from '@/domain/alerts/alerts.schema';
import type { AppDeps } from '../../lib/context';
import { enforceRateLimit } from '../../lib/rate-limit';
import { createRouter, errorResponse, idParams, jsonBody, jsonContent, limitQuery } from '../../lib/router';
import { requireViewer, viewerOf } from '../../lib/viewer';
import { listNotifications, markRead } from '../../shared/notifications/notifications';
import {
  countPushSubscriptions,
  removePushSubscription,
  savePushSubscription,
} from './push-subscriptions.service';
import { createRule, deleteRule, listRules, updateRule } from './rules.service';
import { unsubscribeCategorySchema } from '../../shared/notifications/unsubscribe';
import { describeUnsubscribeLink, unsubscribeWithLink } from './unsubscribe.service';

/** Setting alerts: 30 new rules per 10 minutes per user is far above any person's need. */
export const RULE_LIMIT = { window: 600, max: 30 };
/** Unsubscribe links are public; 30 per minute per token is plenty for a mail client's retries. */
const UNSUBSCRIBE_LIMIT = { window: 60, max: 30 };

const alertId = idParams('Alert not found');

const pushSubscriptionSchema = z
  .object({
    endpoint: z.url('The push endpoint is not a URL').max(2048),
    keys: z.object({
      p256dh: z.string().regex(/^[\w-]{80,100}={0,2}$/, 'Invalid p256dh key'),
      auth: z.string().regex(/^[\w-]{16,24}={0,2}$/, 'Invalid auth secret'),
    }),
  })
  .meta({ id: 'PushSubscription' });

const unsubscribeInfoSchema = z
  .object({ category: unsubscribeCategorySchema, label: z.string() })
  .meta({ id: 'UnsubscribeInfo' });

export function createAlertRoutes(deps: AppDeps) {
  const signedIn = requireViewer(deps);
  const premium = requireViewer(deps, 'premium');
  const tags = ['Alerts'];

  const listRulesRoute = createRoute({
    method: 'get',
    path: '/alerts/rules',
    tags,
    summary: "The signed-in user's alert rules, newest first",
    middleware: signedIn,
    responses: {
      200: jsonContent(z.object({ rules: z.array(alertRuleSchema) }), 'The rules'),
      401: errorResponse('Not signed in'),
    },
  });
  const createRuleRoute = createRoute({
    method: 'post',
    path: '/alerts/rules',
    tags,
    summary:
      'Set an alert: a price target (free); a percentage move, a Fear & Greed level, a watched account’s payment, a named entity’s whale payment, the exchanges’ net flow over 24 hours or an exchange’s reserve change over 24 hours (Premium)',
    middleware: signedIn,
    request: { body: jsonBody(alertRuleInputSchema) },
    responses: {
      201: jsonContent(alertRuleSchema, 'The rule'),
      401: errorResponse('Not signed in'),
      403: errorResponse('A Premium rule for a free user'),
      409: errorResponse('The user already holds the most rules allowed'),
      422: errorResponse('Invalid rule, or an entity the registry of known accounts does not name'),
      429: errorResponse('Too many rules set in a short time'),
    },
  });
  const updateRuleRoute = createRoute({
    method: 'patch',
    path: '/alerts/rules/{id}',
    tags,
    summary: 'Pause, resume, re-note or edit one of your rules (`rule`: the create body, same kind)',
    middleware: signedIn,
    request: { params: alertId, body: jsonBody(alertRuleUpdateSchema) },
    responses: {
      200: jsonContent(alertRuleSchema, 'The rule'),
      401: errorResponse('Not signed in'),
      403: errorResponse('Resuming or editing a Premium rule without Premium'),
      404: errorResponse('No such rule of yours, or of its watched account'),
      422: errorResponse('Invalid change, an edit of another kind, or an entity the registry does not name'),
    },
  });
  const deleteRuleRoute = createRoute({
    method: 'delete',
    path: '/alerts/rules/{id}',
    tags,
    summary: 'Delete one of your rules',
    middleware: signedIn,
    request: { params: alertId },
    responses: {
      204: { description: 'Deleted' },
      401: errorResponse('Not signed in'),
      404: errorResponse('No such rule of yours'),
    },
  });
  const notificationsRoute = createRoute({
    method: 'get',
    path: '/notifications',
    tags,
    summary: "The signed-in user's delivered alerts, newest first, with the unread count",
    middleware: signedIn,
    request: {
      query: limitQuery(50, 20).extend({
        cursor: z.string().max(200).optional(),
        unread: z.enum(['true', 'false']).optional(),
      }),
    },
    responses: {
      200: jsonContent(notificationListSchema, 'The notifications'),
      401: errorResponse('Not signed in'),
    },
  });
  const markReadRoute = createRoute({
    method: 'post',
    path: '/notifications/read',
    tags,
    summary: 'Mark some or all of your notifications read',
    middleware: signedIn,
    request: { body: jsonBody(markReadSchema) },
    responses: {
      200: jsonContent(z.object({ updated: z.number().int() }), 'How many changed'),
      401: errorResponse('Not signed in'),
      422: errorResponse('Send ids or all: true'),
    },
  });
  const pushConfigRoute = createRoute({
    method: 'get',
    path: '/push/config',
    tags,
    summary: 'The VAPID public key to subscribe this browser with, and its saved subscriptions',
    middleware: signedIn,
    responses: {
      200: jsonContent(z.object({ publicKey: z.string(), subscriptions: z.number().int() }), 'Push settings'),
      401: errorResponse('Not signed in'),
    },
  });
  const subscribePushRoute = createRoute({
    method: 'post',
    path: '/push/subscriptions',
    tags,
    summary: "Save this browser's push subscription (Premium)",
    middleware: premium,
    request: { body: jsonBody(pushSubscriptionSchema) },
    responses: {
      201: { description: 'Saved' },
      401: errorResponse('Not signed in'),
      403: errorResponse('Push is a Premium feature'),
      409: errorResponse('This endpoint is subscribed for another account'),
      422: errorResponse('Not a usable push subscription, or not a supported push service'),
    },
  });
  const unsubscribePushRoute = createRoute({
    method: 'delete',
    path: '/push/subscriptions',
    tags,
    summary: "Forget this browser's push subscription",
    middleware: signedIn,
    request: { body: jsonBody(z.object({ endpoint: z.string().max(2048) })) },
    responses: { 204: { description: 'Forgotten' }, 401: errorResponse('Not signed in') },
  });
  const tokenQuery = z.object({ token: z.string().min(10).max(500) });
  const unsubscribeInfoRoute = createRoute({
    method: 'get',
    path: '/unsubscribe',
    tags,
    summary: 'What an email unsubscribe link would switch off (no sign-in needed)',
    request: { query: tokenQuery },
    responses: {
      200: jsonContent(unsubscribeInfoSchema, 'The category'),
      404: errorResponse('The link is not valid'),
    },
  });
  const unsubscribeRoute = createRoute({
    method: 'post',
    path: '/unsubscribe',
    tags,
    summary: 'Switch off the emails of an unsubscribe link (RFC 8058 one-click; no sign-in needed)',
    request: { query: tokenQuery },
    responses: {
      200: jsonContent(unsubscribeInfoSchema, 'Unsubscribed'),
      404: errorResponse('The link is not valid, or the account is gone'),
      429: errorResponse('Too many attempts'),
    },
  });

  return createRouter()
    .openapi(listRulesRoute, async (c) =>
      c.json({ rules: await listRules(deps.db, viewerOf(c).user.id) }, 200),
    )
    .openapi(createRuleRoute, async (c) => {
      const viewer = viewerOf(c);
      await enforceRateLimit(c, deps.db, `alert-rules:${viewer.user.id}`, RULE_LIMIT, 'Too many alerts set');
      const rule = await createRule(
        deps.db,
        { userId: viewer.user.id, isPremium: viewer.isPremium },
        c.req.valid('json'),
      );
      return c.json(rule, 201);
    })
    .openapi(updateRuleRoute, async (c) => {
      const viewer = viewerOf(c);
      const rule = await updateRule(
        deps.db,
        { userId: viewer.user.id, isPremium: viewer.isPremium },
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      return c.json(rule, 200);
    })
    .openapi(deleteRuleRoute, async (c) => {
      await deleteRule(deps.db, viewerOf(c).user.id, c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(notificationsRoute, async (c) => {
      const query = c.req.valid('query');
      c.header('Cache-Control', 'no-store');
      const list = await listNotifications(deps.db, viewerOf(c).user.id, {
        limit: query.limit,
        cursor: query.cursor,
        unreadOnly: query.unread === 'true',
      });
      return c.json(list, 200);
    })
    .openapi(markReadRoute, async (c) =>
      c.json({ updated: await markRead(deps.db, viewerOf(c).user.id, c.req.valid('json')) }, 200),
    )
    .openapi(pushConfigRoute, async (c) => {
      const subscriptions = await countPushSubscriptions(deps.db, viewerOf(c).user.id);
      return c.json({ publicKey: deps.alerts.push.publicKey, subscriptions }, 200);
    })
    .openapi(subscribePushRoute, async (c) => {
      const viewer = viewerOf(c);
      await savePushSubscription({
        db: deps.db,
        env: deps.env,
        userId: viewer.user.id,
        input: c.req.valid('json'),
        userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
      });
      return c.body(null, 201);
    })
    .openapi(unsubscribePushRoute, async (c) => {
      await removePushSubscription(deps.db, viewerOf(c).user.id, c.req.valid('json').endpoint);
      return c.body(null, 204);
    })
    .openapi(unsubscribeInfoRoute, (c) =>
      c.json(describeUnsubscribeLink(deps.alerts.unsubscribeSecret, c.req.valid('query').token), 200),
    )
    .openapi(unsubscribeRoute, async (c) => {
      const { token } = c.req.valid('query');
      await enforceRateLimit(
        c,
        deps.db,
        `unsubscribe:${token.slice(-16)}`,
        UNSUBSCRIBE_LIMIT,
        'Too many attempts',
      );
      return c.json(await unsubscribeWithLink(deps.db, deps.alerts.unsubscribeSecret, token), 200);
    });
}
