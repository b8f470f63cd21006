import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from './fixtures';

const root = path.resolve(import.meta.dirname, '../..');

test.describe('session', () => {
  test('the subscription check every 60 s picks up a plan change without a reload', async ({
    page,
    freshUser,
  }) => {
    await page.clock.install();
    const { email } = await freshUser('Sub Checker');
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Get Premium' })).toBeVisible();

    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', 'user:plan', '--email', email, '--plan', 'premium'],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
        encoding: 'utf8',
      },
    );
    expect(result.stderr).toBe('');
    await page.clock.fastForward(61_000);
    await expect(header.getByRole('img', { name: 'Premium member' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Get Premium' })).toHaveCount(0);
  });

  test('signing out in one tab signs out the others', async ({ page, context, freshUser }) => {
    await freshUser('Tab Two');
    await page.goto('/');
    const other = await context.newPage();
    await other.goto('/news');
    await expect(other.getByRole('button', { name: 'Account menu for Tab Two' })).toBeVisible();

    await page.getByRole('button', { name: 'Account menu for Tab Two' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByText('Signed out successfully')).toBeVisible();
    await expect(other.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  });
});
