import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

describe('system routes', () => {
  it('GET /api/health reports the database, version and uptime', async () => {
    const response = await app.client().health.$get();
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ status: 'ok', database: 'ok', version: expect.any(String) });
    expect(body.databaseKind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });

  it("GET /api/health tells administrators the event loop's delay and the process, and no one else", async () => {
    const admin = await app.signedInUser({ role: 'admin' });
    const member = await app.signedInUser({ plan: 'premium' });
    const forAdmin = await (await app.client(admin.cookie).health.$get()).json();
    expect(forAdmin.eventLoop).toMatchObject({
      p99Ms: expect.any(Number),
      maxMs: expect.any(Number),
      windowSeconds: expect.any(Number),
    });
    expect(forAdmin.process).toEqual({ pid: process.pid, liveConnections: 0 });
    for (const other of [app.client(member.cookie), app.client()]) {
      const body = await (await other.health.$get()).json();
      expect([body.eventLoop, body.process]).toEqual([undefined, undefined]);
    }
  });

  it('GET /api/health answers 503 when the database is gone', async () => {
    const broken = await (await import('../../../../tests/support/test-app')).createTestApp();
    await broken.handle.close();
    const response = await broken.client().health.$get();
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'degraded', database: 'unreachable' });
  });

  it('GET /api/openapi.json describes the API as OpenAPI 3.1', async () => {
    const response = await app.request('/api/openapi.json');
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/health', '/session', '/preferences', '/newsletter']),
    );
    expect(doc.paths['/preferences'].patch.responses).toHaveProperty('422');
    expect(doc.components.schemas).toHaveProperty('Error');
  });

  it('answers unknown API paths with 404 in the one error shape', async () => {
    const response = await app.request('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: 'No API route for GET /api/does-not-exist' },
    });
  });

  it('sets secure headers with a CSP that allows an API answer nothing', async () => {
    const response = await app.client().health.$get();
    // JSON is never a document: no script, style, frame or connection of any origin (ADR 0059).
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
