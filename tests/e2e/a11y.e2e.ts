import AxeBuilder from '@axe-core/playwright';
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
