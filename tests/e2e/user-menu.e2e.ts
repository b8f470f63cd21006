import { expect, expectPath, test } from './fixtures';

test.describe('signed-in header', () => {
  test('a free user sees their name, the menu without Admin Dashboard, and Get Premium', async ({
    page,
    signInAs,
  }) => {
    await signInAs('free');
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Get Premium' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await header.getByRole('button', { name: 'Account menu for Frida Free' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Membership' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);
    await menu.getByRole('menuitem', { name: 'Settings' }).click();
    await expectPath(page, '/settings');
  });

  test('premium shows a crown and no Get Premium; admin shows a shield and Admin Dashboard', async ({
    page,
    forgetSession,
    signInAs,
  }) => {
    await signInAs('premium');
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('img', { name: 'Premium member' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Get Premium' })).toHaveCount(0);

    await forgetSession();
    await signInAs('admin');
    await page.goto('/');
    await expect(header.getByRole('img', { name: 'Administrator' })).toBeVisible();
    await header.getByRole('button', { name: 'Account menu for Ada Admin' }).click();
    await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
    await expectPath(page, '/admin');
  });

  test("a user without a name is shown as 'User'", async ({ page, signInAs }) => {
    await signInAs('noName');
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Account menu for User' })).toBeVisible();
  });

  test('sign out asks first, then signs out with a toast', async ({ page, freshUser }) => {
    await freshUser('Sam Signout');
    await page.goto('/news');
    await page.getByRole('button', { name: 'Account menu for Sam Signout' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByText('Sign out?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Account menu for Sam Signout' })).toBeVisible();

    await page.getByRole('button', { name: 'Account menu for Sam Signout' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByText('Signed out successfully')).toBeVisible();
    await expect(page.getByText('You have been signed out of your account.')).toBeVisible();
    await expectPath(page, '/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect((await page.request.get('/api/preferences')).status()).toBe(401);
  });
});
