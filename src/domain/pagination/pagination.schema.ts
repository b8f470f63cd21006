import { z } from 'zod';

/**
 * The query parameters of a paged list, one definition each: the route contracts build on them
 * through `lib/router` (`pageQuery`, `limitQuery`), and the list queries kept here in domain
 * (admin users, audit trail, news) use them directly.
 */

/** `page`: 1-based, at most `maxPage`; 1 when absent. */
export function pageParamSchema(maxPage = 10_000) {
  return z.coerce.number().int().min(1).max(maxPage).default(1);
}

/** `limit`: how many items, 1 to `max`; `fallback` when absent. */
export function limitParamSchema(max: number, fallback: number) {
  return z.coerce.number().int().min(1).max(max).default(fallback);
}

/** `offset`: how many items to skip, at most `max`; 0 when absent. */
export function offsetParamSchema(max = 100_000) {
  return z.coerce.number().int().min(0).max(max).default(0);
}
