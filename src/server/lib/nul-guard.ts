import type { MiddlewareHandler } from 'hono';
import { errorBody } from './app-error';
import type { AppEnv } from './context';

const NUL_MESSAGE = 'Text may not contain NUL characters';

/**
 * PostgreSQL text cannot hold the NUL character, so a query string or JSON body carrying one would
 * fail deep in a query as a 500. It is refused here, before any handler, with 422. The body is read
 * from a clone so that handlers (better-auth, the Stripe webhook) still get the original.
 */
export function rejectNulCharacters(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Decoding the query can only produce NUL from %00 (or a NUL sent as it is).
    const url = c.req.url;
    let nul = url.includes('%00') || url.includes('\u0000');
    if (!nul && c.req.header('content-type')?.includes('application/json')) {
      const body = await c.req.raw.clone().text();
      nul = body.includes('\u0000') || /(?:^|[^\\])(?:\\\\)*\\u0000/i.test(body);
    }
    if (nul) return c.json(errorBody('validation_error', NUL_MESSAGE), 422);
    await next();
  };
}
