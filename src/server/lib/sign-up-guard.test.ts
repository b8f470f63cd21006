import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

let counter = 0;
const newEmail = () => `sign-up-${++counter}-${Date.now()}@example.com`;

const signUp = (body: Record<string, unknown>) =>
  app.request('/api/auth/sign-up/email', { method: 'POST', json: { password: 'New-Member-1', ...body } });

const storedUsers = (email: string) =>
  app.handle.db.selectFrom('user').select(['name', 'image']).where('email', '=', email).execute();

/** better-auth's error shape, which its client hands the form as the message to show. */
async function expectRefusal(response: Response, message: string) {
  expect(response.status).toBe(422);
  expect(await response.json()).toEqual({ code: 'VALIDATION_ERROR', message });
}

describe('sign-up is checked with the sign-up form’s schema', () => {
  it('refuses a name over 100 characters with the form’s message, and stores nothing', async () => {
    const email = newEmail();
    await expectRefusal(
      await signUp({ email, name: 'x'.repeat(100_000) }),
      'Keep the name under 100 characters',
    );
    await expectRefusal(await signUp({ email, name: 'x'.repeat(101) }), 'Keep the name under 100 characters');
    expect(await storedUsers(email)).toEqual([]);
  });

  it('refuses a name of spaces only, or none, as the form does', async () => {
    const email = newEmail();
    await expectRefusal(await signUp({ email, name: '     ' }), 'Full name is required');
    await expectRefusal(await signUp({ email }), 'Full name is required');
    expect(await storedUsers(email)).toEqual([]);
  });

  it('refuses fields the form does not send, such as an image', async () => {
    const email = newEmail();
    const response = await signUp({ email, name: 'Ima Ginary', image: 'javascript:alert(1)' });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { message: string }).message).toMatch(/image/);
    const huge = await signUp({
      email,
      name: 'Ima Ginary',
      image: `https://x.example/${'a'.repeat(200_000)}`,
    });
    expect(huge.status).toBe(422);
    expect(await storedUsers(email)).toEqual([]);
  });

  it('refuses an address or password the form refuses, with its message', async () => {
    const email = newEmail();
    await expectRefusal(await signUp({ email: 'jo@', name: 'Jo' }), 'Please enter a valid email address');
    await expectRefusal(
      await signUp({ email, name: 'Jo', password: 'alllowercase1' }),
      'Password must contain at least one uppercase letter',
    );
    expect(await storedUsers(email)).toEqual([]);
  });

  it('stores the name trimmed, at 100 characters too', async () => {
    const email = newEmail();
    const response = await signUp({ email, name: '  Ada Lovelace ', callbackURL: '/?verified=1' });
    expect(response.status).toBe(200);
    expect(await storedUsers(email)).toEqual([{ name: 'Ada Lovelace', image: null }]);
    const longest = newEmail();
    expect((await signUp({ email: longest, name: ` ${'y'.repeat(100)} ` })).status).toBe(200);
    expect(await storedUsers(longest)).toEqual([{ name: 'y'.repeat(100), image: null }]);
  });
});
