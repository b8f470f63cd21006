import { AxeBuilder } from './axe';
import { expect, test } from './fixtures';

/** Premium's API access for developers: keys in Settings, used from outside the browser. */
test.describe('developer API keys', () => {
  test('a Premium member creates a key, calls the API with it, sees the use, and revokes it', async ({
    page,
    freshUser,
    upgradeInTestMode,
  }) => {
    await freshUser('Devon Developer');
    await upgradeInTestMode();
    await page.goto('/settings?tab=account');
    await expect(page.getByText('No API keys yet.')).toBeVisible();
    await page.getByLabel('Key name').fill('E2E bot');
    await page.getByRole('button', { name: 'Create Key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your new API key' });
    const key = (await dialog.getByTestId('new-api-key').textContent()) ?? '';
    expect(key).toMatch(/^xrpr_/);
    await expect(dialog).toContainText(`curl -H "Authorization: Bearer ${key}"`);

    // The key works from any client, without the browser's session.
    const call = () =>
      fetch(`${new URL(page.url()).origin}/api/v1/whales/stats`, {
        headers: { authorization: `Bearer ${key}` },
      });
    const answer = await call();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('ratelimit-limit')).toBe('60');

    await page.keyboard.press('Escape');
    // The reference, read from our own OpenAPI description, fills the new key into its examples.
    await page.getByRole('link', { name: 'API reference' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Developer API');
    const example = page.getByTestId('curl-example').first();
    await expect(example).toHaveText(
      `curl -H "Authorization: Bearer ${key}" "${new URL(page.url()).origin}/api/v1/metrics"`,
    );
    await expect(page.getByRole('heading', { name: /GET\s*\/api\/v1\/whales\/stats/ })).toBeVisible();
    await page.goto('/settings?tab=account');
    const row = page.getByTestId('api-key').filter({ hasText: 'E2E bot' });
    await expect(row).toContainText('1 requests in 7 days');
    await expect(row).not.toContainText(key);
    await row.getByRole('button', { name: 'Revoke E2E bot' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('API key revoked')).toBeVisible();
    expect((await call()).status).toBe(401);
    // Axe measures colours mid-animation as too faint: let the toast finish fading in.
    const toast = page.locator('[data-sonner-toast]', { hasText: 'API key revoked' });
    await expect.poll(() => toast.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    const violations = (await new AxeBuilder({ page }).analyze()).violations.map(
      (violation) => `${violation.id}: ${violation.nodes[0]?.target}`,
    );
    expect(violations).toEqual([]);
  });

  test('a free member is offered Premium instead, and the API refuses a key for them', async ({
    page,
    signInAs,
  }) => {
    await signInAs('free');
    await page.goto('/settings?tab=account');
    await expect(page.getByText('API access comes with Premium.')).toBeVisible();
    // The reference is public; its examples wait for a key.
    await page.goto('/api');
    await expect(
      page.getByText('API access comes with Premium. Upgrade to Premium to create keys.'),
    ).toBeVisible();
    await expect(page.getByTestId('curl-example').first()).toContainText('Bearer YOUR_API_KEY');
    expect((await page.request.post('/api/developer/keys', { data: { name: 'x' } })).status()).toBe(403);
  });
});
