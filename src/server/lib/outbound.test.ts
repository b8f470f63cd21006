import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { json, startFixtureServer, type FixtureServer } from '../../../tests/support/fixture-server';
import { fetchJson, fetchText, isPublicAddress } from './outbound';

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
