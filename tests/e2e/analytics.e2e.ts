import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { E2E_PASSWORD, e2eUsers } from './users';
import { expect, expectPath, test } from './fixtures';

/** Runs a source's sync through the admin API, as an admin in a separate request context. */
async function syncAsAdmin(request: APIRequestContext, baseURL: string, apiType: string) {
  await request.post(`${baseURL}/api/auth/sign-in/email`, {
    data: { email: e2eUsers.admin.email, password: E2E_PASSWORD },
    headers: { origin: baseURL },
  });
  const sources = (await (await request.get(`${baseURL}/api/admin/sources`)).json()) as {
    id: string;
    apiType: string;
  }[];
  const source = sources.find((candidate) => candidate.apiType === apiType);
  const response = await request.post(`${baseURL}/api/admin/sources/${source?.id}/sync`, {
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe('analytics dashboard (SPEC §2 Analytics)', () => {
  test('a visitor is sent to sign in', async ({ page }) => {
    await page.goto('/analytics');
    await expectPath(page, '/auth');
  });

  test('a premium member sees the six metric cards, fear & greed and whale activity, and live updates', async ({
    page,
    signInAs,
    playwright,
    baseURL,
  }) => {
    await signInAs('premium');
    await page.goto('/analytics');
    await expect(page.getByRole('heading', { name: 'XRP Analytics Dashboard' })).toBeVisible();
    const cards = page.getByTestId('metric-card');
    const card = (title: string) =>
      cards.filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await expect(cards).toHaveCount(6);
    for (const title of [
      'Current Price',
      'Market Cap',
      '24h Volume',
      'Circulating Supply',
      'XRP Dominance',
      'Velocity',
    ]) {
      await expect(card(title)).toBeVisible();
    }
    await expect(card('Market Cap')).toContainText('$121.1B');
    await expect(card('Circulating Supply')).toContainText('of 100.0B total (60.15%)');
    await expect(page.getByTestId('fear-greed-value')).toHaveText('38');
    await expect(page.getByTestId('fear-greed-card')).toContainText('Fear');
    await expect(page.getByTestId('upgrade-banner')).toHaveCount(0);
    await expect(page.getByText('No whale activity in the last 24 hours')).toBeVisible();
    await expect(page.getByTestId('whale-stats')).toContainText('Whale Transactions');

    const priceCard = card('Current Price');
    const before = await priceCard.locator('p').first().textContent();
    const admin = await playwright.request.newContext();
    await syncAsAdmin(admin, baseURL ?? '', 'coingecko');
    await admin.dispose();
    await expect(priceCard.locator('p').first()).not.toHaveText(before ?? '');
  });

  test('a free user sees the upgrade banner and overlays, and the browser never receives whale data', async ({
    page,
    signInAs,
  }) => {
    const whaleRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/whales')) whaleRequests.push(request.url());
    });
    await signInAs('free');
    await page.goto('/analytics');
    await expect(page.getByTestId('upgrade-banner')).toBeVisible();
    await expect(page.getByTestId('metric-card')).toHaveCount(6);
    await expect(page.getByTestId('premium-overlay')).toBeVisible();
    await expect(page.getByTestId('whale-stats')).toHaveCount(0);
    expect(whaleRequests).toEqual([]);
  });

  test('has no axe violations at 390 px in the dark theme', async ({ page, freshUser }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await freshUser('Axe Analytics');
    await page.request.patch('/api/preferences', { data: { themePreference: 'dark' } });
    await page.goto('/analytics');
    await expect(page.getByTestId('metric-card')).toHaveCount(6);
    const violations = (await new AxeBuilder({ page }).analyze()).violations.map(
      (v) => `${v.id}: ${v.nodes[0]?.target}`,
    );
    expect(violations).toEqual([]);
  });
});
