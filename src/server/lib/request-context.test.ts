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
    .get('/made', (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.json({ made: true });
    })
    .get('/kept', (c) => sendJson(c, jsonText({ kept: true })));
  return { app, lines };
}

describe('request context', () => {
  it('gives answers sent as prepared JSON exactly the headers of every other answer', async () => {
    const { app } = appWithLog();
    const made = await app.request('/made');
    const kept = await app.request('/kept');
    const names = (response: Response) =>
      [...response.headers.keys()].filter((name) => name !== 'content-length').sort();
    expect(names(kept)).toEqual(names(made));
    for (const name of ['content-security-policy', 'strict-transport-security', 'x-content-type-options'])
      expect(kept.headers.get(name)).toBe(made.headers.get(name));
    expect(kept.headers.get('content-type')).toBe('application/json');
    expect(await kept.json()).toEqual({ kept: true });
  });

  it('keeps a well-formed request id from the caller, replaces anything else, and logs with it', async () => {
    const { app, lines } = appWithLog();
    const kept = await app.request('/kept', { headers: { 'x-request-id': 'trace-42' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-42');
    const forged = await app.request('/made', { headers: { 'x-request-id': 'a b\tc' } });
    const replaced = forged.headers.get('x-request-id');
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.map((line) => [line.reqId, line.path, line.status])).toEqual([
      ['trace-42', '/kept', 200],
      [replaced, '/made', 200],
    ]);
  });
});
