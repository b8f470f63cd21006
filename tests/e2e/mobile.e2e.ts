import { expect, expectPath, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

test.describe('mobile navigation at 390 px', () => {
  test('the side panel holds the same links and the user name, and closes on navigation', async ({
    page,
    signInAs,
  }) => {
    await signInAs('premium');
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await expect(panel.getByTestId('mobile-user-name')).toHaveText('Pat Premium');
    const nav = panel.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['Home', 'News & Insights', 'Analytics', 'Alerts', 'Membership']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(panel.getByRole('link', { name: 'Settings' })).toBeVisible();
    await nav.getByRole('link', { name: 'Alerts' }).click();
    await expectPath(page, '/alerts');
    await expect(panel).toBeHidden();
  });

  test('a visitor gets Sign In and Get Premium in the panel; Escape closes it and focus returns', async ({
    page,
  }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Open menu' });
    await button.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await expect(panel.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Get Premium' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    // Opens again at once (its code is loaded by now).
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
  });
});
