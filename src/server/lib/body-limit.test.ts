import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

let app: TestApp;
let server: ServerType;
let port: number;

beforeAll(async () => {
  app = await createTestApp();
  server = await new Promise<ServerType>((resolve) => {
    const instance = serve({ fetch: app.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(instance));
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await app?.close();
});

const MB = 1024 * 1024;
/** A valid JSON object of about `bytes` bytes: what a handler would parse if it were let through. */
const jsonOf = (bytes: number) =>
  Buffer.from(JSON.stringify({ email: 'a@example.com', password: 'x', pad: 'p'.repeat(bytes) }));
const big = jsonOf(2 * MB);

/**
 * POSTs `body` over a real socket: with Content-Length, or chunked (no Content-Length, the body sent
 * in 64 kB pieces). Resolves with the status and the answer, which comes before the server has read
 * the whole body when it refuses it.
 */
function post(pathname: string, body: Buffer, chunked = false): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      // A connection each: one the server stops reading from is closed after the answer, not reused.
      agent: false,
      host: '127.0.0.1',
      port,
      path: pathname,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: app.env.PUBLIC_URL,
        ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(body.length) }),
      },
    });
    request.on('response', (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(parts).toString() }),
      );
    });
    request.on('error', reject);
    if (!chunked) return request.end(body);
    let offset = 0;
    const writeNext = () => {
      while (offset < body.length) {
        const piece = body.subarray(offset, offset + 64 * 1024);
        offset += piece.length;
        if (!request.write(piece)) return void request.once('drain', writeNext);
      }
      request.end();
    };
    writeNext();
  });
}

describe('the request body limit (MAX_BODY_BYTES, 1 MB by default)', () => {
  it('refuses a 2 MB JSON body by its Content-Length with 413 and the error shape', async () => {
    for (const pathname of ['/api/contact', '/api/auth/sign-in/email', '/api/webhooks/stripe']) {
      const answer = await post(pathname, big);
      expect(answer.status, pathname).toBe(413);
      expect(JSON.parse(answer.text), pathname).toEqual({
        error: {
          code: 'payload_too_large',
          message: 'The request body is too large: at most 1 MB is accepted.',
        },
      });
    }
  });

  it('refuses a chunked 2 MB body (no Content-Length) with 413 too', async () => {
    for (const pathname of ['/api/contact', '/api/auth/sign-in/email']) {
      const answer = await post(pathname, big, true);
      expect(answer.status, pathname).toBe(413);
      expect(JSON.parse(answer.text).error.code).toBe('payload_too_large');
    }
    // In-process, a streamed body has no length either.
    const streamed = await app.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('lets a normal request through, with Content-Length or chunked', async () => {
    const user = await app.signedInUser();
    const signIn = Buffer.from(JSON.stringify({ email: user.email, password: 'Correct-Horse-9' }));
    expect((await post('/api/auth/sign-in/email', signIn)).status).toBe(200);
    expect((await post('/api/auth/sign-in/email', signIn, true)).status).toBe(200);
    // Just under the limit is still read and validated (422: the contact form's fields are missing).
    const underLimit = await post('/api/contact', jsonOf(1024 * 1024 - 200), true);
    expect(underLimit.status).toBe(422);
  });

  it('takes a different limit from MAX_BODY_BYTES', async () => {
    const small = await createTestApp({ env: { MAX_BODY_BYTES: '2048' } });
    try {
      const refused = await small.request('/api/contact', {
        method: 'POST',
        json: { pad: 'p'.repeat(3000) },
      });
      expect(refused.status).toBe(413);
      expect((await refused.json()).error.message).toBe(
        'The request body is too large: at most 2 kB is accepted.',
      );
    } finally {
      await small.close();
    }
  });

  it('holds no refused body in memory: 20 bodies of 2 MB leave the resident size nearly unchanged', async () => {
    const send = (count: number) =>
      Promise.all(Array.from({ length: count }, () => post('/api/auth/sign-in/email', big)));
    await send(4); // warm-up: first-use allocations are not what is measured
    const before = process.memoryUsage().rss;
    let peak = before;
    const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
    const sampler = setInterval(sample, 5);
    const answers = await send(20);
    clearInterval(sampler);
    sample();
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(413));
    // Read into memory (by the NUL check, the sign-in limits and better-auth) they took over 100 MB here.
    expect(peak - before).toBeLessThan(20 * MB);
  });
});
