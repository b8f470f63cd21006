import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import { isKnownClientPath } from '@/domain/routing/routes';
import type { AppEnv } from './context';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const NEVER = 'no-store, max-age=0';

/** Sets Cache-Control on a file the static handler found (its onFound hook runs too late for headers). */
function withCacheControl(value: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const served = c.res.status === 200 || c.res.status === 206 || c.res.status === 304;
    if (served && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', value);
  };
}

/** The built app's index.html; undefined when the app has not been built. */
export function readIndexHtml(distDir: string): string | undefined {
  const indexFile = path.join(distDir, 'index.html');
  return fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
}

/** The text of each inline script of a page, as the CSP hashes it: between the tags, untouched. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (match) => match[1] ?? '',
  );
}

/**
 * Serves the built React app: hashed files under /assets forever, other public files revalidated,
 * index.html (`readIndexHtml`, read once by the caller, which also takes its CSP from it) never
 * cached. Unknown paths get index.html (the app draws its 404 page) with status 404.
 */
export function createWebAppRoutes(distDir: string, indexHtml: string | undefined) {
  const app = new Hono<AppEnv>();
  if (indexHtml === undefined) {
    app.get('*', (c) =>
      c.text(
        'The web app is not built. Run `npm run build` (or `npm start`, which builds when needed).',
        503,
      ),
    );
    return app;
  }

  // Source maps stay in dist for reading error reports; served, they would publish the sources.
  app.use('*', async (c, next) =>
    c.req.path.toLowerCase().endsWith('.map') ? c.text('Not found', 404) : next(),
  );
  // The build wrote .br and .gz beside each asset (scripts/build-stamp.ts): sent as they are.
  app.use('/assets/*', withCacheControl(IMMUTABLE), serveStatic({ root: distDir, precompressed: true }));
  app.get('/assets/*', (c) => c.text('Not found', 404));
  app.use(
    '*',
    withCacheControl(REVALIDATE),
    serveStatic({
      root: distDir,
      // index.html is only ever sent by the fallback below, so it always carries the no-store header.
      rewriteRequestPath: (requestPath) =>
        requestPath === '/' || requestPath.endsWith('.html') ? '/__none__' : requestPath,
    }),
  );
  app.get('*', (c) => {
    c.header('Cache-Control', NEVER);
    return c.html(indexHtml, isKnownClientPath(c.req.path) ? 200 : 404);
  });
  return app;
}
