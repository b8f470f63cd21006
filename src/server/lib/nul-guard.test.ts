import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

describe('NUL characters (PostgreSQL text cannot hold them)', () => {
  it('are refused with 422 in a query string or a JSON body, and nothing is stored', async () => {
    const search = await app.request('/api/news?q=%00');
    expect(search.status).toBe(422);
    expect((await search.json()).error.message).toBe('Text may not contain NUL characters');
    const contact = await app.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Nul\u0000Name',
        email: 'nul@example.com',
        message: 'A message with a NUL.',
      }),
    });
    expect(contact.status).toBe(422);
    expect(await app.handle.db.selectFrom('contact_messages').select('id').execute()).toEqual([]);
  });

  it('let an escaped backslash before "u0000" through, and leave bodies readable by the handlers', async () => {
    const contact = await app.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Back Slash',
        email: 'bs@example.com',
        message: 'Literally \\u0000, not a NUL.',
      }),
    });
    expect(contact.status).toBe(201);
    const signIn = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'Wrong-Password-1' }),
    });
    expect(signIn.status).toBe(401);
  });
});
