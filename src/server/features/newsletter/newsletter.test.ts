import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

const subscribe = (email: unknown) =>
  app.request('/api/newsletter', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });

describe('POST /api/newsletter', () => {
  it('stores a normalised address once, however often it is sent', async () => {
    expect((await subscribe('  Reader@Example.COM ')).status).toBe(200);
    expect((await subscribe('reader@example.com')).status).toBe(200);
    const rows = await app.handle.db.selectFrom('newsletter_subscribers').select('email').execute();
    expect(rows).toEqual([{ email: 'reader@example.com' }]);
  });

  it('answers 422 with a clear message for a bad address', async () => {
    const response = await subscribe('not-an-email');
    expect(response.status).toBe(422);
    expect((await response.json()).error.message).toBe('email: Please enter a valid email address');
  });
});
