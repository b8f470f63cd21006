import { E2E_PASSWORD, e2eUsers } from './users';
import { expect, expectPath, test } from './fixtures';

const guarded = ['/news', '/analytics', '/settings', '/alerts', '/admin'];

test.describe('route guard', () => {
  test('a visitor is sent to /auth from every guarded page', async ({ page }) => {
    for (const pathname of guarded) {
      await page.goto(pathname);
      await expectPath(page, '/auth');
    }
  });

  test("shows 'Loading...' while the session loads", async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/session', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/news');
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
    release();
    await expectPath(page, '/auth');
  });

  test('while the sign-in page loads, the footer stays below the screen (no layout shift)', async ({
    page,
  }) => {
    // On a phone, with the sign-in page's script held back: the page that redirects keeps a screen's
    // height, so the form does not push a footer the visitor is already looking at down.
    await page.setViewportSize({ width: 390, height: 844 });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/auth-(?!client-)[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/news');
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
    const footer = await page.locator('footer').boundingBox();
    expect(footer?.y).toBeGreaterThanOrEqual(844);
    release();
    await expectPath(page, '/auth');
    await expect(page.getByLabel('Email')).toBeVisible();
  });

  test('after signing in the visitor is taken back to where they were going', async ({ page }) => {
    await page.goto('/analytics');
    await expectPath(page, '/auth');
    await page.getByLabel('Email').fill(e2eUsers.free.email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectPath(page, '/analytics');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('XRP Analytics Dashboard');
    await expect(page.getByText('Welcome back!')).toBeVisible();
    // A signed-in user who opens /auth goes home, replacing the history entry.
    await page.goto('/auth');
    await expectPath(page, '/');
  });

  test('a free user is sent from premium pages to /membership and from admin pages to /', async ({
    page,
    signInAs,
  }) => {
    await signInAs('free');
    await page.goto('/news');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('News & Insights');
    // /alerts is open to free members: price targets are free, and the page says what Premium adds.
    await page.goto('/alerts');
    await expectPath(page, '/alerts');
    await expect(page.getByTestId('premium-alerts-explainer')).toBeVisible();
    await page.goto('/portfolio');
    await expectPath(page, '/membership');
    await page.goto('/admin');
    await expectPath(page, '/');
  });

  test('premium and complimentary users reach /alerts but not /admin', async ({
    page,
    forgetSession,
    signInAs,
  }) => {
    for (const user of ['premium', 'complimentary'] as const) {
      await forgetSession();
      await signInAs(user);
      await page.goto('/alerts');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('XRP Price & Market Alerts');
      await page.goto('/admin');
      await expectPath(page, '/');
    }
  });

  test('an admin reaches /admin; without premium, /alerts still upsells', async ({ page, signInAs }) => {
    await signInAs('admin');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');
    await page.goto('/alerts');
    await expect(page.getByTestId('premium-alerts-explainer')).toBeVisible();
    await page.goto('/portfolio');
    await expectPath(page, '/membership');
  });

  test('the API refuses what the guard hides', async ({ page, signInAs }) => {
    expect((await page.request.get('/api/preferences')).status()).toBe(401);
    await signInAs('free');
    expect((await page.request.get('/api/preferences')).status()).toBe(200);
  });
});
