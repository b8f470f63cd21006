import type { MiddlewareHandler } from 'hono';
import { errorBody } from './app-error';
import { trustedOrigins } from './auth';
import type { AppEnv } from './context';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing request sent by another site: a foreign Origin header, or a browser that
 * says the request is cross-site. Requests without either (server-to-server, the CLI) pass; routes
 * that take such requests (webhooks) check their own signatures.
 */
export function rejectCrossSiteWrites(publicUrl: string): MiddlewareHandler<AppEnv> {
  const allowed = new Set(trustedOrigins(publicUrl));
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      const crossSite = c.req.header('sec-fetch-site') === 'cross-site';
      if ((origin && origin !== 'null' && !allowed.has(origin)) || origin === 'null' || crossSite) {
        return c.json(errorBody('forbidden', 'Cross-site request refused'), 403);
      }
    }
    await next();
  };
}
