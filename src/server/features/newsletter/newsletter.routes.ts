import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  NEWSLETTER_CHECK_INBOX,
  NEWSLETTER_LINK_INVALID,
  NEWSLETTER_SUBSCRIBED,
  newsletterConfirmSchema,
  newsletterSignupSchema,
} from '@/domain/newsletter/newsletter.schema';
import { AppError } from '../../lib/app-error';
import { clientIp } from '../../lib/client-ip';
import type { AppDeps } from '../../lib/context';
import { enforceRateLimit } from '../../lib/rate-limit';
import { createRouter, errorResponse, jsonBody, jsonContent } from '../../lib/router';
import { confirmSubscription, requestSubscription } from './newsletter.service';

const tags = ['Newsletter'];
const messageSchema = z.object({ message: z.string() });

const subscribeRoute = createRoute({
  method: 'post',
  path: '/newsletter',
  tags,
  summary: 'Sign an address up (footer box): a confirmation link is mailed to it (double opt-in)',
  request: { body: jsonBody(newsletterSignupSchema) },
  responses: {
    200: jsonContent(messageSchema, 'The same answer for every address'),
    422: errorResponse('Invalid email address'),
    429: errorResponse('Too many sign-ups from this address'),
    503: errorResponse('The confirmation mail could not be sent'),
  },
});

const confirmRoute = createRoute({
  method: 'post',
  path: '/newsletter/confirm',
  tags,
  summary: "Confirm a subscription with the token of the confirmation mail's link",
  request: { body: jsonBody(newsletterConfirmSchema) },
  responses: {
    200: jsonContent(messageSchema.extend({ email: z.string() }), 'Confirmed'),
    404: errorResponse('Unknown or expired link'),
    422: errorResponse('Malformed token'),
    429: errorResponse('Too many attempts'),
  },
});

/** Sign-ups per client address; each may mail a stranger, so fewer than other public forms. */
const SIGNUP_LIMIT = { window: 600, max: 10 };
const CONFIRM_LIMIT = { window: 600, max: 30 };

export function createNewsletterRoutes(deps: AppDeps) {
  const newsletter = {
    db: deps.db,
    mailer: deps.mailer,
    logger: deps.logger.child({ module: 'newsletter' }),
    publicUrl: deps.env.PUBLIC_URL,
  };
  return createRouter()
    .openapi(subscribeRoute, async (c) => {
      const ip = clientIp(c, deps.env.TRUST_PROXY);
      await enforceRateLimit(c, deps.db, `newsletter:${ip}`, SIGNUP_LIMIT, 'Too many sign-ups');
      await requestSubscription(newsletter, c.req.valid('json').email);
      return c.json({ message: NEWSLETTER_CHECK_INBOX }, 200);
    })
    .openapi(confirmRoute, async (c) => {
      const ip = clientIp(c, deps.env.TRUST_PROXY);
      await enforceRateLimit(c, deps.db, `newsletter-confirm:${ip}`, CONFIRM_LIMIT, 'Too many attempts');
      const confirmed = await confirmSubscription(
        { ...newsletter, secret: deps.alerts.unsubscribeSecret },
        c.req.valid('json').token,
      );
      if (!confirmed) throw new AppError('not_found', NEWSLETTER_LINK_INVALID);
      return c.json({ message: NEWSLETTER_SUBSCRIBED, email: confirmed.email }, 200);
    });
}
