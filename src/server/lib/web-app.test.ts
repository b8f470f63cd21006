import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressAssets } from '../../../scripts/build-stamp';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

let app: TestApp;
let distDir: string;
const themeScript = "\n  document.documentElement.classList.toggle('dark', true);\n";

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    `<!doctype html><head><script>${themeScript}</script>` +
      '<script type="module" crossorigin src="/assets/index-abc123.js"></script></head><div id="root"></div>',
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

  it("allows index.html's inline script by its hash, and no other inline script", async () => {
    const csp = (await app.request('/news')).headers.get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ');
    const hash = createHash('sha256').update(themeScript).digest('base64');
    expect(scriptSrc).toEqual(["'self'", `'sha256-${hash}'`]);
    // The API's answers carry the same policy.
    expect((await app.request('/api/health')).headers.get('content-security-policy')).toBe(csp);
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
