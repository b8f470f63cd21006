import { Writable } from 'node:stream';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from './context';
import { createLogger } from './logger';
import { jsonText, requestContext, sendJson } from './request-context';

function appWithLog() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = new Hono<AppEnv>()
    .use(requestContext(createLogger('info', sink), 'https://xrp.example'))
    .get('/api/made', (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.json({ made: true });
    })
    .get('/api/kept', (c) => sendJson(c, jsonText({ kept: true })))
    // /api itself is a page of the site (a footer link), as is everything outside /api/.
    .get('/api', (c) => c.html('<p>API</p>'))
    .get('/news', (c) => c.html('<p>News</p>'));
  return { app, lines };
}

describe('request context', () => {
  it('gives answers sent as prepared JSON exactly the headers of every other answer', async () => {
    const { app } = appWithLog();
    const made = await app.request('/api/made');
    const kept = await app.request('/api/kept');
    const names = (response: Response) =>
      [...response.headers.keys()].filter((name) => name !== 'content-length').sort();
    expect(names(kept)).toEqual(names(made));
    for (const name of ['content-security-policy', 'strict-transport-security', 'x-content-type-options'])
      expect(kept.headers.get(name)).toBe(made.headers.get(name));
    expect(kept.headers.get('content-type')).toBe('application/json');
    expect(await kept.json()).toEqual({ kept: true });
  });

  it("gives API answers a policy that allows nothing, and pages the site's policy", async () => {
    const { app } = appWithLog();
    for (const path of ['/api/made', '/api/kept'])
      expect((await app.request(path)).headers.get('content-security-policy'), path).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    for (const path of ['/api', '/news']) {
      const csp = (await app.request(path)).headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
    }
  });

  it('leaves the headers that govern a document off API answers, and keeps the rest', async () => {
    const { app } = appWithLog();
    const page = await app.request('/news');
    const api = await app.request('/api/kept');
    const documentOnly = [
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'permissions-policy',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    for (const name of documentOnly) {
      expect(page.headers.has(name), name).toBe(true);
      expect(api.headers.has(name), name).toBe(false);
    }
    for (const name of [
      'x-content-type-options',
      'x-frame-options',
      'cross-origin-resource-policy',
      'referrer-policy',
      'strict-transport-security',
    ])
      expect(api.headers.get(name), name).toBe(page.headers.get(name));
  });

  it('keeps a well-formed request id from the caller, replaces anything else, and logs with it', async () => {
    const { app, lines } = appWithLog();
    const kept = await app.request('/api/kept', { headers: { 'x-request-id': 'trace-42' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-42');
    const forged = await app.request('/api/made', { headers: { 'x-request-id': 'a b\tc' } });
    const replaced = forged.headers.get('x-request-id');
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.map((line) => [line.reqId, line.path, line.status])).toEqual([
      ['trace-42', '/api/kept', 200],
      [replaced, '/api/made', 200],
    ]);
  });
});
