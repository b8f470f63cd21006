import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressAssets } from '../../../scripts/build-stamp';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { pageHeadings } from '@/domain/routing/page-headings';
import { pageDocument } from './web-app';

let app: TestApp;
let distDir: string;
const themeScript = "\n  document.documentElement.classList.toggle('dark', true);\n";

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    `<!doctype html><head><title>XRP Research</title><script>${themeScript}</script>` +
      '<script type="module" crossorigin src="/assets/index-abc123.js"></script></head><div id="root">' +
      '<!--page-shell--><div role="status"><svg class="spin"></svg>Loading...</div><!--/page-shell--></div>',
  );
  fs.writeFileSync(
    path.join(distDir, 'assets', 'index-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))});`,
  );
  fs.writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(
    path.join(distDir, 'assets', 'chunk-def456.js'),
    `export const x = ${JSON.stringify('y'.repeat(4000))};`,
  );
  // The build keeps source maps beside the scripts (vite.config.ts `sourcemap: 'hidden'`).
  fs.writeFileSync(
    path.join(distDir, 'assets', 'index-abc123.js.map'),
    '{"version":3,"sources":["src/web/main.tsx"]}',
  );
  fs.writeFileSync(path.join(distDir, 'root.js.map'), '{"version":3}');
  precompressAssets(path.join(distDir, 'assets'));
  app = await createTestApp({ webDistDir: distDir });
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('serves hashed assets with long-lived immutable caching and compression', async () => {
    const response = await app.request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('sends the files the build compressed as they are: brotli when the browser takes it', async () => {
    const file = path.join(distDir, 'assets', 'chunk-def456.js');
    const brotli = await app.request('/assets/chunk-def456.js', {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(brotli.headers.get('vary')).toContain('Accept-Encoding');
    const body = Buffer.from(await brotli.arrayBuffer());
    expect(body.length).toBe(fs.statSync(`${file}.br`).size);
    expect(zlib.brotliDecompressSync(body).toString()).toBe(fs.readFileSync(file, 'utf8'));
    const gzip = await app.request('/assets/chunk-def456.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(
      fs.readFileSync(file, 'utf8'),
    );
    const plain = await app.request('/assets/chunk-def456.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(fs.readFileSync(file, 'utf8'));
  });

  it('never caches index.html and answers client routes with it', async () => {
    for (const pathname of ['/', '/news', '/admin', '/api', '/terms']) {
      const response = await app.request(pathname);
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store, max-age=0');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it("writes a page's fixed heading and title into its document, and the spinner alone elsewhere", async () => {
    const news = await app.request('/news/', { headers: { 'accept-encoding': 'br' } });
    expect(news.headers.get('content-encoding')).toBe('br');
    const html = zlib.brotliDecompressSync(Buffer.from(await news.arrayBuffer())).toString();
    expect(html).toContain('<title>News &#38; Insights | XRP Research</title>');
    expect(html).toContain('<h1 class="text-3xl font-bold tracking-tight">News &#38; Insights</h1>');
    expect(html).toContain(
      '<p class="text-muted-foreground">The latest XRP news, gathered from many sources.</p>',
    );
    // The spinner stays under the heading until the app replaces both.
    expect(html).toContain('<svg class="spin"></svg><span class="text-muted-foreground">Loading...</span>');
    expect(html).not.toContain('page-shell');
    const api = await (await app.request('/api')).text();
    expect(api).toContain('<h1 class="text-3xl font-bold tracking-tight">Developer API</h1>');
    for (const pathname of ['/', '/settings', '/news/not-an-article']) {
      const other = await (await app.request(pathname)).text();
      expect(other, pathname).toContain('<title>XRP Research</title>');
      expect(other, pathname).toContain(
        '<!--page-shell--><div role="status"><svg class="spin"></svg>Loading...</div>',
      );
    }
  });

  it("allows index.html's inline script by its hash, and no other inline script", async () => {
    const csp = (await app.request('/news')).headers.get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ');
    const hash = createHash('sha256').update(themeScript).digest('base64');
    expect(scriptSrc).toEqual(["'self'", `'sha256-${hash}'`]);
    // Only the chart widget's origin may be framed or probed; scripts stay ours alone.
    expect(csp).toContain('frame-src https://s.tradingview.com');
    expect(csp).toContain("connect-src 'self' https://s.tradingview.com");
    // /api is a page too (a footer link); the API's answers allow nothing (ADR 0059).
    expect((await app.request('/api')).headers.get('content-security-policy')).toBe(csp);
    expect((await app.request('/api/health')).headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('answers an unknown path with the app (its 404 page) and status 404', async () => {
    const response = await app.request('/no-such-page');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<div id="root">');
  });

  it('revalidates un-hashed public files and 404s a missing asset', async () => {
    expect((await app.request('/favicon.svg')).headers.get('cache-control')).toBe('no-cache');
    expect((await app.request('/assets/missing-000.js')).status).toBe(404);
  });

  it('never serves a source map, though it is in the dist folder', async () => {
    for (const pathname of [
      '/assets/index-abc123.js.map',
      '/assets/index-abc123.js%2Emap',
      '/assets/index-abc123.js.MAP',
      '/root.js.map',
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const response = await app.request(pathname, { method, headers: { 'accept-encoding': 'br, gzip' } });
        expect(response.status, `${method} ${pathname}`).toBe(404);
        if (method === 'GET') expect(await response.text()).not.toContain('sources');
      }
    }
    expect((await app.request('/assets/index-abc123.js')).status).toBe(200);
  });

  it('keeps the API under /api/ working next to the /api page', async () => {
    expect((await app.request('/api/health')).status).toBe(200);
    expect((await app.request('/api/unknown')).status).toBe(404);
  });
});

describe('static files over HTTP, as a browser gets them', () => {
  let server: ServerType;
  let port: number;
  beforeAll(async () => {
    server = await new Promise<ServerType>((resolve) => {
      const instance = serve({ fetch: app.app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
        resolve(instance),
      );
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  /** The raw answer (no decoding, unlike fetch): status, headers and the bytes as sent. */
  function get(pathname: string, headers: Record<string, string> = {}, method = 'GET') {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        const request = http.request(
          { host: '127.0.0.1', port, path: pathname, method, headers },
          (response) => {
            const parts: Buffer[] = [];
            response.on('data', (part: Buffer) => parts.push(part));
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                headers: response.headers,
                body: Buffer.concat(parts),
              }),
            );
          },
        );
        request.on('error', reject);
        request.end();
      },
    );
  }
  const script = () => fs.readFileSync(path.join(distDir, 'assets', 'chunk-def456.js'), 'utf8');

  it('sends brotli, gzip or the plain file as Accept-Encoding asks, each with its length and tag', async () => {
    const br = await get('/assets/chunk-def456.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script());

    // A browser that refuses brotli (q=0) gets gzip.
    const gzip = await get('/assets/chunk-def456.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(script());

    const plain = await get('/assets/chunk-def456.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script());
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(script()));

    for (const answer of [br, gzip, plain]) {
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
      // The security headers are on files too.
      expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    }
    // Each encoding is its own representation, so each has its own strong tag.
    const tags = [br, gzip, plain].map((answer) => answer.headers.etag);
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[^"]+"$/);
  });

  it('answers a revalidation with 304 and no body, for hashed and public files', async () => {
    for (const [pathname, cacheControl] of [
      ['/assets/chunk-def456.js', 'public, max-age=31536000, immutable'],
      ['/favicon.svg', 'no-cache'],
    ] as const) {
      const first = await get(pathname, { 'accept-encoding': 'br' });
      expect(first.status, pathname).toBe(200);
      const again = await get(pathname, { 'accept-encoding': 'br', 'if-none-match': first.headers.etag! });
      expect(again.status, pathname).toBe(304);
      expect(again.body.length, pathname).toBe(0);
      expect(again.headers.etag, pathname).toBe(first.headers.etag);
      expect(again.headers['cache-control'], pathname).toBe(cacheControl);
      // A tag the server never gave is not a match: the file is sent.
      const other = await get(pathname, { 'accept-encoding': 'br', 'if-none-match': '"not-this-one"' });
      expect(other.status, pathname).toBe(200);
      expect(other.body.length, pathname).toBeGreaterThan(0);
    }
  });

  it('404s an asset that is not in the build, and answers HEAD with the length and no body', async () => {
    const missing = await get('/assets/index-000000.js', { 'accept-encoding': 'br, gzip' });
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toBe('Not found');

    const head = await get('/assets/chunk-def456.js', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(Number(head.headers['content-length'])).toBe(
      fs.statSync(path.join(distDir, 'assets', 'chunk-def456.js.gz')).size,
    );
  });

  it('sends the page itself compressed too, never cached, and the same bytes on every visit', async () => {
    const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
    const first = await get('/terms', { 'accept-encoding': 'gzip, br' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('no-store, max-age=0');
    expect(first.headers.vary).toBe('Accept-Encoding');
    expect(Number(first.headers['content-length'])).toBe(first.body.length);
    expect(zlib.brotliDecompressSync(first.body).toString()).toBe(html);
    const second = await get('/no-such-page', { 'accept-encoding': 'gzip' });
    expect(second.status).toBe(404);
    expect(zlib.gunzipSync(second.body).toString()).toBe(html);
    expect((await get('/terms')).body.toString()).toBe(html);
    // A page with a fixed heading: its own document, the same on every visit in every encoding.
    const news = pageDocument(html, pageHeadings.news);
    expect((await get('/news')).body.toString()).toBe(news);
    expect(zlib.brotliDecompressSync((await get('/news', { 'accept-encoding': 'br' })).body).toString()).toBe(
      news,
    );
    expect(zlib.gunzipSync((await get('/news', { 'accept-encoding': 'gzip' })).body).toString()).toBe(news);
  });

  it('serves from memory what it read at start: no file is opened per request', async () => {
    const before = await get('/assets/chunk-def456.js', { 'accept-encoding': 'br' });
    const moved = `${distDir}-moved`;
    fs.renameSync(distDir, moved);
    try {
      const after = await get('/assets/chunk-def456.js', { 'accept-encoding': 'br' });
      expect(after.status).toBe(200);
      expect(after.body.equals(before.body)).toBe(true);
      expect((await get('/favicon.svg')).status).toBe(200);
    } finally {
      fs.renameSync(moved, distDir);
    }
  });
});
