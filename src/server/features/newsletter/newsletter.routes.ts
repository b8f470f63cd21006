import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { NEWSLETTER_SUBSCRIBED, newsletterSignupSchema } from '@/domain/newsletter/newsletter.schema';
import type { AppDeps } from '../../lib/context';
import { createRouter, errorResponse, jsonContent } from '../../lib/router';
import { subscribeToNewsletter } from './newsletter.service';

const subscribeRoute = createRoute({
  method: 'post',
  path: '/newsletter',
  tags: ['Newsletter'],
  summary: 'Subscribe an email address to the newsletter (footer box)',
  request: { body: { required: true, content: { 'application/json': { schema: newsletterSignupSchema } } } },
  responses: {
    200: jsonContent(z.object({ message: z.string() }), 'Subscribed'),
    422: errorResponse('Invalid email address'),
  },
});

export function createNewsletterRoutes(deps: AppDeps) {
  return createRouter().openapi(subscribeRoute, async (c) => {
    await subscribeToNewsletter(deps.db, c.req.valid('json').email);
    return c.json({ message: NEWSLETTER_SUBSCRIBED }, 200);
  });
}
