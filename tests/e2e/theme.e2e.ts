import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const htmlIsDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const logoTheme = (page: Page) =>
  page.getByRole('banner').locator('img[data-theme-logo]').getAttribute('data-theme-logo');

async function chooseTheme(page: Page, label: 'Light' | 'Dark' | 'System') {
  await page.getByRole('button', { name: /^Theme:/ }).click();
  await page.getByRole('menuitemradio', { name: label }).click();
}

test.describe('theme', () => {
  test('a chosen theme is saved, survives a reload and changes the logo', async ({ page, freshUser }) => {
    await freshUser('Dana Dark');
    await page.goto('/');
    expect(await htmlIsDark(page)).toBe(false);
    expect(await logoTheme(page)).toBe('light');

    await chooseTheme(page, 'Dark');
    await expect.poll(() => htmlIsDark(page)).toBe(true);
    expect(await logoTheme(page)).toBe('dark');
    await expect
      .poll(async () => (await (await page.request.get('/api/preferences')).json()).themePreference)
      .toBe('dark');

    await page.reload();
    await expect.poll(() => htmlIsDark(page)).toBe(true);
    expect(await logoTheme(page)).toBe('dark');
  });

  test('the saved preference wins over a stale local value on another device', async ({
    page,
    freshUser,
  }) => {
    await freshUser();
    await page.request.patch('/api/preferences', { data: { themePreference: 'dark' } });
    await page.addInitScript(() => localStorage.setItem('xrp-research-theme', 'light'));
    await page.goto('/');
    await expect.poll(() => htmlIsDark(page)).toBe(true);
  });

  test('system follows the device setting live', async ({ page, freshUser }) => {
    await freshUser();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await chooseTheme(page, 'System');
    await expect.poll(() => htmlIsDark(page)).toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => htmlIsDark(page)).toBe(true);
  });

  test('with no user the theme resets to light and the stored value is removed', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('xrp-research-theme', 'dark');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto('/');
    await expect.poll(() => htmlIsDark(page)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('xrp-research-theme'))).toBeNull();
  });
});
