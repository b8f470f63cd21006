import type { Context, MiddlewareHandler, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import type { AppEnv } from './context';
import type { Logger } from './logger';
import { securityHeaders } from './security';

/** JSON text of a T, serialised once and sent as it is (see `sendJson`). */
export type JsonText<T> = string & { readonly __json: T };

export const jsonText = <T>(value: T): JsonText<T> => JSON.stringify(value) as JsonText<T>;

/** Answers that already carry every header the middleware would add. */
const complete = new WeakSet<Response>();

/** An incoming request id worth keeping (the rule of hono/request-id). */
const REQUEST_ID = /^[\w\-=]{1,255}$/;

/**
 * The policy of an API answer (JSON, the live stream): no content of any kind, in no frame, as the
 * OWASP REST Security Cheat Sheet has it. Nothing in one is ever a document a browser renders, so the
 * page's policy (its script hashes, the chart widget's origin) has nothing to allow there, and half
 * the header bytes of a small answer go (ADR 0059).
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Headers that govern a document — its window's opener and agent cluster, the features it may use,
 * DNS prefetching of its links, and old Internet Explorer's and Flash's handling of it — which an API
 * answer does not carry (OWASP REST Security Cheat Sheet; ADR 0059). Kept on it: nosniff,
 * X-Frame-Options, Cross-Origin-Resource-Policy, Referrer-Policy and HSTS.
 */
const DOCUMENT_ONLY = new Set([
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

/** The headers secureHeaders sets, computed once by running it (ADR 0024: hot reads). */
async function fixedHeaders(
  publicUrl: string,
  inlineScripts: readonly string[],
): Promise<Record<string, string>> {
  const probe = { res: new Response(null) } as Context;
  await securityHeaders(publicUrl, inlineScripts)(probe, async () => undefined);
  return Object.fromEntries(probe.res.headers);
}

/**
 * Per request: an id (X-Request-Id, kept from the caller when well formed), a child logger carrying
 * it, the security headers on the answer (on a page the CSP allowing `inlineScripts`, index.html's
 * own; on an API answer the API's policy), and
 * one log line when it completes. Answers made by `sendJson` arrive with those headers already in
 * place and are not touched again: setting a dozen headers on a web Response costs more than the
 * rest of a cached read (bench/health.bench.ts).
 */
export function requestContext(
  logger: Logger,
  publicUrl: string,
  inlineScripts: readonly string[] = [],
): MiddlewareHandler<AppEnv> {
  let pageEntries: [string, string][] = [];
  let apiEntries: [string, string][] = [];
  let jsonHeaders: Record<string, string> | undefined;
  return async (c, next) => {
    if (!jsonHeaders) {
      const fixed = await fixedHeaders(publicUrl, inlineScripts);
      const api = Object.fromEntries([
        ...Object.entries(fixed).filter(([name]) => !DOCUMENT_ONLY.has(name)),
        ['content-security-policy', API_CONTENT_SECURITY_POLICY],
      ]);
      pageEntries = Object.entries(fixed);
      apiEntries = Object.entries(api);
      // Every name present from the start: copying it and then assigning values stays on V8's fast path.
      jsonHeaders = { ...api, 'content-type': 'application/json', 'cache-control': '', 'x-request-id': '' };
    }
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    c.set('requestId', requestId);
    c.set('jsonHeaders', jsonHeaders);
    const log = logger.child({ reqId: requestId });
    c.set('logger', log);
    const started = performance.now();
    await next();
    const res = c.res;
    if (!complete.has(res)) {
      const headers = res.headers;
      // Under /api/ the API's policy; /api itself is a page of the site (a footer link).
      const entries = c.req.path.startsWith('/api/') ? apiEntries : pageEntries;
      for (const [name, value] of entries) headers.set(name, value);
      headers.set('x-request-id', requestId);
    }
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    const status = res.status;
    const line = { method: c.req.method, path: loggablePath(c.req.path), status, durationMs };
    // A 503 with Retry-After is a refusal the server chose (busy), not a failure: a warning, so an
    // overload does not read as thousands of errors.
    if (status === 503 && res.headers.has('retry-after')) log.warn(line, 'request refused: busy');
    else if (status >= 500) log.error(line, 'request failed');
    else log.info(line, 'request');
  };
}

/**
 * The path as the request log writes it: a secret carried in the path (the password-reset link's
 * token) is replaced, so the log holds no working link. Query strings are never logged.
 */
export function loggablePath(path: string): string {
  return path.replace(/^(\/api\/auth\/reset-password\/)[^/]+/, '$1[token]');
}

/**
 * 200 with JSON text made earlier (a cached read), every header written out in one plain object so
 * that nothing converts them on the way to the socket. Typed as `c.json(value, 200)` would be.
 */
/** What a member's own or a paid answer carries: no shared cache may store it. */
export const PRIVATE = 'private, no-store';

export function sendJson<T>(
  c: Context<AppEnv>,
  text: JsonText<T>,
  cacheControl = 'no-cache',
): Response & TypedResponse<JSONParsed<T>, 200, 'json'> {
  const headers = { ...c.get('jsonHeaders') };
  headers['x-request-id'] = c.get('requestId');
  headers['cache-control'] = cacheControl;
  const response = new Response(text, { status: 200, headers });
  complete.add(response);
  return response as Response & TypedResponse<JSONParsed<T>, 200, 'json'>;
}
