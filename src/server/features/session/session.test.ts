import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

async function sessionFor(cookie?: string) {
  const response = await app.client(cookie).session.$get();
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return response.json();
}

describe('GET /api/session', () => {
  it('reports the signed-out state without a session', async () => {
    expect(await sessionFor()).toEqual({
      user: null,
      session: null,
      profile: null,
      role: null,
      isPremium: false,
      isAdmin: false,
      isAnalyst: false,
    });
  });

  it('reports a free user with profile and role', async () => {
    const { cookie, email } = await app.signedInUser({ name: 'Free Fran' });
    const state = await sessionFor(cookie);
    expect(state.user).toMatchObject({
      email,
      name: 'Free Fran',
      emailVerified: true,
      twoFactorEnabled: false,
    });
    expect(state.profile).toMatchObject({
      fullName: 'Free Fran',
      email,
      subscriptionPlan: 'free',
      blocked: false,
    });
    expect(state).toMatchObject({ role: 'user', isPremium: false, isAdmin: false, isAnalyst: false });
    expect(state.session?.expiresAt).toMatch(/^\d{4}-/);
  });

  it('counts premium and complimentary as premium', async () => {
    for (const plan of ['premium', 'complimentary'] as const) {
      const { cookie } = await app.signedInUser({ plan });
      expect(await sessionFor(cookie)).toMatchObject({
        isPremium: true,
        isAdmin: false,
        profile: { subscriptionPlan: plan },
      });
    }
  });

  it('reports an admin as admin without making them premium', async () => {
    const { cookie } = await app.signedInUser({ role: 'admin' });
    expect(await sessionFor(cookie)).toMatchObject({
      role: 'admin',
      isAdmin: true,
      isAnalyst: true,
      isPremium: false,
    });
  });

  it('reports an analyst as an analyst, not an admin, on their own plan', async () => {
    const { cookie } = await app.signedInUser({ role: 'analyst' });
    expect(await sessionFor(cookie)).toMatchObject({
      role: 'analyst',
      isAdmin: false,
      isAnalyst: true,
      isPremium: false,
    });
  });

  it('treats a blocked user as signed out', async () => {
    const { cookie, userId } = await app.signedInUser();
    await app.handle.db
      .updateTable('profiles')
      .set({ blocked: true })
      .where('user_id', '=', userId)
      .execute();
    expect(await sessionFor(cookie)).toMatchObject({ user: null, isPremium: false });
    const preferences = await app.client(cookie).preferences.$get();
    expect(preferences.status).toBe(403);
  });

  it('ignores a forged session cookie', async () => {
    expect(await sessionFor('better-auth.session_token=forged.value')).toMatchObject({ user: null });
  });
});
