import { AxeBuilder } from './axe';
import { expect, test } from './fixtures';

test.describe('accessibility', () => {
  test('the home page has no axe violations in the light theme', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  test('the home page has no axe violations in the dark theme', async ({ page, freshUser }) => {
    await freshUser('Axe Dark');
    await page.request.patch('/api/preferences', { data: { themePreference: 'dark' } });
    await page.goto('/');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
});

test.describe('accessibility of the account screens', () => {
  test('the auth screen (both tabs) has no axe violations', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Password', { exact: true }).fill('abc');
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  });

  test('every settings tab has no axe violations in the dark theme', async ({ page, freshUser }) => {
    // Five pages, each loaded and scanned: more than the default 30 s on a loaded machine.
    test.setTimeout(60_000);
    await freshUser('Axe Settings');
    await page.request.patch('/api/preferences', { data: { themePreference: 'dark' } });
    for (const tab of ['general', 'security', 'notifications', 'privacy', 'account']) {
      await page.goto(`/settings?tab=${tab}`);
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expect(page.getByText('Loading preferences...')).toHaveCount(0);
      const violations = (await new AxeBuilder({ page }).analyze()).violations.map(
        (v) => `${tab}: ${v.id}: ${v.nodes[0]?.target}`,
      );
      expect(violations).toEqual([]);
    }
  });
});
