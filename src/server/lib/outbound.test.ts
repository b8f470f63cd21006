import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { json, startFixtureServer, type FixtureServer } from '../../../tests/support/fixture-server';
import { assertPublicUrl, fetchDocument, fetchJson, fetchText, isPublicAddress } from './outbound';

let upstream: FixtureServer;
beforeAll(async () => {
  upstream = await startFixtureServer();
});
afterAll(async () => upstream?.close());

const allowed = { allowHosts: ['127.0.0.1'], backoffMs: 10, timeoutMs: 1000 };
const shape = z.object({ ok: z.literal(true) });

describe('outbound HTTP', () => {
  it('fetches and validates JSON', async () => {
    upstream.route('/ok', json({ ok: true }));
    expect(await fetchJson(`${upstream.url}/ok`, shape, allowed)).toEqual({ ok: true });
  });

  it('refuses loopback, private and link-local targets unless allow-listed', async () => {
    await expect(fetchText(`${upstream.url}/ok`, { allowHosts: [] })).rejects.toThrow(/not a public address/);
    await expect(fetchText('http://169.254.169.254/latest/meta-data', { allowHosts: [] })).rejects.toThrow(
      /not a public address/,
    );
    await expect(fetchText('http://localhost:1/', { allowHosts: [] })).rejects.toThrow(/Refusing/);
    await expect(fetchText('file:///etc/passwd', { allowHosts: [] })).rejects.toThrow(/Refusing file:/);
    expect(isPublicAddress('10.1.2.3')).toBe(false);
    expect(isPublicAddress('::1')).toBe(false);
    expect(isPublicAddress('::ffff:127.0.0.1')).toBe(false);
    expect(isPublicAddress('8.8.8.8')).toBe(true);
  });

  it.each([
    'http://127.0.0.1/',
    'http://127.1.2.3/',
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/',
    'http://[fc00::1]/',
    'http://[fd12:3456::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f.0.0.1/',
    'http://0/',
    'http://localhost/',
    'http://api.localhost/',
    'ftp://example.com/feed',
    'javascript:alert(1)',
  ])('refuses %s when a URL is saved and when it is fetched', async (url) => {
    await expect(assertPublicUrl(url, { allowHosts: [] })).rejects.toThrow(/Refusing|not a public address/);
    await expect(fetchText(url, { allowHosts: [], retries: 0 })).rejects.toThrow(
      /Refusing|not a public address/,
    );
  });

  it('accepts a public literal address when a URL is saved', async () => {
    await expect(assertPublicUrl('https://8.8.8.8/feed', { allowHosts: [] })).resolves.toBeUndefined();
  });

  it('refuses a redirect from an allowed host to a loopback address', async () => {
    // "localhost" stands in for a public host here: allowed by name, it redirects to 127.0.0.1, which is not.
    upstream.route('/to-loopback', (_request, response) => {
      response.writeHead(301, { location: `${upstream.url}/ok` });
      response.end();
    });
    const viaName = upstream.url.replace('127.0.0.1', 'localhost');
    await expect(
      fetchText(`${viaName}/to-loopback`, { allowHosts: ['localhost'], retries: 0 }),
    ).rejects.toThrow(/Refusing to connect to 127\.0\.0\.1/);
  });

  it('with onlyAllowHosts, refuses every host that is not allow-listed before any lookup', async () => {
    await expect(
      fetchText('https://example.com/', { allowHosts: ['127.0.0.1'], onlyAllowHosts: true, retries: 0 }),
    ).rejects.toThrow(
      'Refusing to connect to example.com: outbound access is limited to OUTBOUND_ALLOW_HOSTS',
    );
  });

  it('sends ETag and Last-Modified back and reports a 304 as not modified', async () => {
    upstream.route('/conditional', (request, response) => {
      if (
        request.headers['if-none-match'] === '"v1"' &&
        request.headers['if-modified-since'] === 'Mon, 01 Dec 2025 00:00:00 GMT'
      ) {
        response.writeHead(304);
        response.end();
        return;
      }
      response.writeHead(200, {
        etag: '"v1"',
        'last-modified': 'Mon, 01 Dec 2025 00:00:00 GMT',
        'content-type': 'text/xml',
      });
      response.end('<rss/>');
    });
    const first = await fetchDocument(`${upstream.url}/conditional`, allowed);
    expect(first).toMatchObject({
      notModified: false,
      etag: '"v1"',
      lastModified: 'Mon, 01 Dec 2025 00:00:00 GMT',
    });
    expect(first.body.toString()).toBe('<rss/>');
    const second = await fetchDocument(`${upstream.url}/conditional`, {
      ...allowed,
      etag: first.etag,
      lastModified: first.lastModified,
    });
    expect(second).toMatchObject({ notModified: true });
    expect(second.body.length).toBe(0);
  });

  it('checks every redirect hop', async () => {
    upstream.route('/to-metadata', (_request, response) => {
      response.writeHead(302, { location: 'http://169.254.169.254/' });
      response.end();
    });
    await expect(fetchText(`${upstream.url}/to-metadata`, allowed)).rejects.toThrow(/not a public address/);
  });

  it('retries a 500 and succeeds when the upstream recovers', async () => {
    let calls = 0;
    upstream.route('/flaky', (request, response) => {
      calls += 1;
      if (calls < 3) json({ error: 'down' }, 500)(request, response);
      else json({ ok: true })(request, response);
    });
    expect(await fetchJson(`${upstream.url}/flaky`, shape, allowed)).toEqual({ ok: true });
    expect(calls).toBe(3);
  });

  it('waits for Retry-After on 429, and gives up at once when the wait is too long', async () => {
    let calls = 0;
    upstream.route('/throttled', (request, response) => {
      calls += 1;
      if (calls === 1) json({ error: 'slow down' }, 429, { 'retry-after': '1' })(request, response);
      else json({ ok: true })(request, response);
    });
    const started = Date.now();
    expect(await fetchJson(`${upstream.url}/throttled`, shape, allowed)).toEqual({ ok: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);

    upstream.route('/throttled-long', json({ error: 'later' }, 429, { 'retry-after': '3600' }));
    await expect(fetchText(`${upstream.url}/throttled-long`, allowed)).rejects.toThrow(
      /Rate limited by .*\(429, retry after 3600 s\)/,
    );
    expect(upstream.hits('/throttled-long')).toBe(1);
  });

  it('does not retry other 4xx answers', async () => {
    upstream.route('/gone', json({ error: 'nope' }, 404));
    await expect(fetchText(`${upstream.url}/gone`, allowed)).rejects.toThrow(/answered 404/);
    expect(upstream.hits('/gone')).toBe(1);
  });

  it('times out a hanging upstream', async () => {
    upstream.route('/hang', () => undefined);
    await expect(
      fetchText(`${upstream.url}/hang`, { ...allowed, timeoutMs: 200, retries: 0 }),
    ).rejects.toThrow(/Timed out after 200 ms/);
  });

  it('caps the response size', async () => {
    upstream.route('/huge', json({ ok: true, padding: 'x'.repeat(20_000) }));
    await expect(fetchText(`${upstream.url}/huge`, { ...allowed, maxBytes: 1000 })).rejects.toThrow(
      /too large/,
    );
  });

  it('names garbage and unexpected shapes', async () => {
    upstream.route('/garbage', json('<html>oops</html>'));
    await expect(fetchJson(`${upstream.url}/garbage`, shape, allowed)).rejects.toThrow(/not JSON/);
    upstream.route('/wrong', json({ ok: 'yes' }));
    await expect(fetchJson(`${upstream.url}/wrong`, shape, allowed)).rejects.toThrow(
      /unexpected response: ok/,
    );
  });
});
