import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Preferences } from '@/domain/preferences/preferences.schema';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

const patch = (cookie: string | undefined, body: Record<string, unknown>) =>
  app.client(cookie).preferences.$patch({ json: body });
const get = (cookie?: string) => app.client(cookie).preferences.$get();

describe('/api/preferences', () => {
  it('refuses visitors with 401', async () => {
    expect((await get()).status).toBe(401);
    const response = await patch(undefined, { themePreference: 'dark' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { code: 'unauthorized', message: 'Please sign in to continue.' },
    });
  });

  it('returns the defaults for a new user', async () => {
    const { cookie } = await app.signedInUser();
    const body = await (await get(cookie)).json();
    expect(body).toMatchObject({
      themePreference: 'light',
      timezone: 'UTC',
      dateFormat: 'US',
      alertFrequency: 'instant',
      quietHoursEnabled: false,
      quietHoursStart: '22:00',
      quietHoursEnd: '08:00',
    });
  });

  it('updates one field and keeps it', async () => {
    const { cookie } = await app.signedInUser();
    const response = await patch(cookie, { themePreference: 'dark' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as Preferences).themePreference).toBe('dark');
    expect(((await (await get(cookie)).json()) as Preferences).themePreference).toBe('dark');
  });

  it("answers 422 'Cannot update this field' for a field that is not a preference", async () => {
    const { cookie } = await app.signedInUser();
    const response = await patch(cookie, { subscriptionPlan: 'premium' });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: { code: 'validation_error', message: 'Cannot update this field' },
    });
  });

  it('answers 422 for two fields at once or a bad value, and changes nothing', async () => {
    const { cookie } = await app.signedInUser();
    expect((await patch(cookie, { themePreference: 'dark', timezone: 'UTC' })).status).toBe(422);
    expect((await patch(cookie, { themePreference: 'neon' })).status).toBe(422);
    expect(((await (await get(cookie)).json()) as Preferences).themePreference).toBe('light');
  });

  it("refuses premium-only fields for a free user with 'Cannot update this field' and allows them for premium", async () => {
    const free = await app.signedInUser();
    const refused = await patch(free.cookie, { notificationPushEnabled: true });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: { code: 'forbidden', message: 'Cannot update this field' },
    });
    expect((await patch(free.cookie, { notificationEmailWeeklySummary: false })).status).toBe(200);

    const premium = await app.signedInUser({ plan: 'premium' });
    const allowed = await patch(premium.cookie, { alertFrequency: 'daily' });
    expect(allowed.status).toBe(200);
    expect(((await allowed.json()) as Preferences).alertFrequency).toBe('daily');
  });
});
