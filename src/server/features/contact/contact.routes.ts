import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { CONTACT_SENT, contactMessageSchema } from '@/domain/contact/contact.schema';
import { clientIp } from '../../lib/client-ip';
import type { AppDeps } from '../../lib/context';
import { enforceRateLimit } from '../../lib/rate-limit';
import { createRouter, errorResponse, jsonBody, jsonContent } from '../../lib/router';
import { loadViewer } from '../../lib/viewer';
import { submitContactMessage } from './contact.service';

const contactRoute = createRoute({
  method: 'post',
  path: '/contact',
  tags: ['Contact'],
  summary: 'Send a message to the team (the /contact form); stored and mailed to the administrators',
  request: { body: jsonBody(contactMessageSchema) },
  responses: {
    201: jsonContent(z.object({ message: z.string() }), 'Received'),
    422: errorResponse('A field is missing or invalid'),
    429: errorResponse('Too many messages from this address'),
  },
});

/** Messages per client address. */
const CONTACT_LIMIT = { window: 3600, max: 5 };

export function createContactRoutes(deps: AppDeps) {
  const log = deps.logger.child({ module: 'contact' });
  return createRouter().openapi(contactRoute, async (c) => {
    const ip = clientIp(c, deps.env.TRUST_PROXY);
    await enforceRateLimit(c, deps.db, `contact:${ip}`, CONTACT_LIMIT, 'Too many messages sent');
    const { website, ...input } = c.req.valid('json');
    if (website) {
      // The honeypot: a bot gets the same answer and learns nothing; nothing is stored or sent.
      log.info({ ip }, 'contact message dropped by the honeypot');
      return c.json({ message: CONTACT_SENT }, 201);
    }
    const viewer = await loadViewer(c, deps);
    await submitContactMessage(
      { db: deps.db, mailer: deps.mailer, logger: log, publicUrl: deps.env.PUBLIC_URL },
      input,
      viewer?.user.id ?? null,
    );
    return c.json({ message: CONTACT_SENT }, 201);
  });
}
