import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

/** Distinct method + path pairs kept; past it the cache starts again (a scan of random paths). */
const MAX_ENTRIES = 2000;

/**
 * Hono's default router (SmartRouter: RegExpRouter, else TrieRouter) with each method + path's match
 * kept. The app's routes (a `{id}` beside static siblings such as /news/{id} and /news/stats) make
 * SmartRouter fall back to TrieRouter, which walks the tree on every request: ~20 % of a cached
 * read's time in the app (bench/health.bench.ts). A match depends on nothing but the method and the
 * path (the query is not part of it), and Hono only reads the result, so it can be reused.
 */
export class CachedRouter<T> implements Router<T> {
  name = 'CachedRouter';
  readonly #router: Router<T> = new SmartRouter<T>({ routers: [new RegExpRouter(), new TrieRouter()] });
  readonly #matches = new Map<string, Result<T>>();

  add(method: string, path: string, handler: T): void {
    this.#matches.clear();
    this.#router.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let result = this.#matches.get(key);
    if (result === undefined) {
      result = this.#router.match(method, path);
      if (this.#matches.size >= MAX_ENTRIES) this.#matches.clear();
      this.#matches.set(key, result);
    }
    return result;
  }
}
