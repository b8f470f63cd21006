import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono, type Context } from 'hono';
import { pageHeadingAt, type PageHeadingText } from '@/domain/routing/page-headings';
import { isKnownClientPath } from '@/domain/routing/routes';
import type { AppEnv } from './context';
import { chooseEncoding, loadStaticFiles, matchesEtag, type Encoding, type StaticFile } from './static-files';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const NEVER = 'no-store, max-age=0';

/**
 * A file from memory in the encoding the browser takes best (Vary: Accept-Encoding when it has more
 * than one), with its ETag; 304 with no body when If-None-Match names it. Content-Encoding set here
 * also keeps app.ts's compression middleware from compressing it again.
 */
function sendFile(c: Context<AppEnv>, file: StaticFile, cacheControl: string): Response {
  const encoding = chooseEncoding(c.req.header('accept-encoding'), file.bodies);
  const headers: Record<string, string> = { 'cache-control': cacheControl, etag: file.etags[encoding]! };
  if (file.bodies.br || file.bodies.gzip) headers.vary = 'Accept-Encoding';
  if (matchesEtag(c.req.header('if-none-match'), file)) return new Response(null, { status: 304, headers });
  const body = file.bodies[encoding]!;
  headers['content-type'] = file.contentType;
  headers['content-length'] = String(body.length);
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  return new Response(body, { status: 200, headers });
}

/** A plain 404 with its length, which app.ts's compression leaves alone (it is under its threshold). */
const notFound = () =>
  new Response('Not found', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=UTF-8', 'content-length': '9' },
  });

/** index.html as sent: the text, and brotli and gzip made once (the page is on every first visit). */
function htmlPage(html: string): Pick<StaticFile, 'bodies'> {
  const identity = Buffer.from(html, 'utf8');
  const bodies: StaticFile['bodies'] = { identity };
  const br = zlib.brotliCompressSync(identity, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
    },
  });
  const gzip = zlib.gzipSync(identity, { level: 9 });
  if (br.length < identity.length) bodies.br = br;
  if (gzip.length < identity.length) bodies.gzip = gzip;
  return { bodies };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const SHELL = /<!--page-shell-->([\s\S]*?)<!--\/page-shell-->/;

/**
 * index.html for a page with a fixed heading (ADR 0060): its title, and in place of the full-screen
 * spinner the page's frame, heading and line under it, the spinner beneath, so the first paint shows
 * what the page is. React replaces it all with the same heading where it stood.
 */
export function pageDocument(html: string, heading: PageHeadingText): string {
  const shell = SHELL.exec(html);
  const spinner = shell && /<svg[\s\S]*?<\/svg>/.exec(shell[1]!)?.[0];
  if (!shell || !spinner || !html.includes('<title>XRP Research</title>'))
    throw new Error('index.html has no page-shell spinner or no <title>XRP Research</title>');
  const title = escapeHtml(heading.title);
  return html
    .replace('<title>XRP Research</title>', () => `<title>${title} | XRP Research</title>`)
    .replace(
      SHELL,
      () =>
        '<div class="flex min-h-screen flex-col"><div class="border-b"><div class="h-16"></div></div>' +
        '<main class="mx-auto w-full max-w-7xl flex-1 px-4 py-8"><div class="mb-8 flex flex-col gap-2">' +
        `<h1 class="text-3xl font-bold tracking-tight">${title}</h1>` +
        `<p class="text-muted-foreground">${escapeHtml(heading.description)}</p></div>` +
        `<div role="status" aria-live="polite" class="flex items-center gap-3">${spinner}` +
        '<span class="text-muted-foreground">Loading...</span></div></main></div>',
    );
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
 * Serves the built React app from memory, every file read and compressed once when the server starts
 * (dist does not change under a running server): hashed files under /assets forever, other public
 * files revalidated (ETag, 304), index.html (`readIndexHtml`, read once by the caller, which also
 * takes its CSP from it) never cached. Unknown paths get index.html (the app draws its 404 page)
 * with status 404.
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

  const files = loadStaticFiles(distDir);
  const page = htmlPage(indexHtml);
  pageDocument(indexHtml, { title: 'A page', description: 'Its line' }); // index.html has the shell's marks
  // A page with a fixed heading gets its own document, made and compressed on its first visit.
  const headed = new Map<PageHeadingText, Pick<StaticFile, 'bodies'>>();
  const documentFor = (pathname: string) => {
    const heading = pageHeadingAt(pathname);
    if (!heading) return page;
    let made = headed.get(heading);
    if (!made) headed.set(heading, (made = htmlPage(pageDocument(indexHtml, heading))));
    return made;
  };
  // Source maps stay in dist for reading error reports; served, they would publish the sources.
  app.use('*', async (c, next) => (c.req.path.toLowerCase().endsWith('.map') ? notFound() : next()));
  app.get('/assets/*', (c) => {
    const file = files.get(c.req.path);
    return file ? sendFile(c, file, IMMUTABLE) : notFound();
  });
  app.get('*', (c) => {
    const file = files.get(c.req.path);
    if (file) return sendFile(c, file, REVALIDATE);
    const document = documentFor(c.req.path);
    const encoding: Encoding = chooseEncoding(c.req.header('accept-encoding'), document.bodies);
    const body = document.bodies[encoding]!;
    const headers: Record<string, string> = {
      'content-type': 'text/html; charset=UTF-8',
      'content-length': String(body.length),
      'cache-control': NEVER,
      vary: 'Accept-Encoding',
    };
    if (encoding !== 'identity') headers['content-encoding'] = encoding;
    return new Response(body, { status: isKnownClientPath(c.req.path) ? 200 : 404, headers });
  });
  return app;
}
