import { expect, test } from './fixtures';

test.describe('home page', () => {
  test('the Market Updates ticker shows real items only, advances every 4 s and its dots pick an item', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    const item = page.getByTestId('ticker-item');
    const dots = page.getByRole('group', { name: 'Choose an update' }).getByRole('button');
    // The synced price (with its real 24h change and age) and Fear & Greed reading come first; no
    // sample item with an invented price or whale move is ever shown.
    await expect(item).toContainText(/XRP [+-]?\d+\.\d{2}% in 24h\s*\$\d+\.\d{4} · /);
    await expect(item).toContainText(/(under a minute|\d+ min) ago/);
    await expect(page.getByText('$0.6542')).toHaveCount(0);
    // The dots show once a second item has loaded (the Fear & Greed reading may come after the price).
    await expect(dots.nth(1)).toBeVisible();
    const count = await dots.count();
    expect(count).toBeGreaterThanOrEqual(2);
    await expect(dots.nth(0)).toHaveAttribute('aria-pressed', 'true');
    const first = await item.textContent();
    await page.clock.fastForward(4000);
    await expect(dots.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await expect(item).toContainText('Fear & Greed Index 38: Fear');
    await expect(item).not.toHaveText(first ?? '');
    await dots.nth(count - 1).click();
    await expect(dots.nth(count - 1)).toHaveAttribute('aria-pressed', 'true');
    await page.clock.fastForward(4000);
    await expect(dots.nth(0)).toHaveAttribute('aria-pressed', 'true');
  });

  test('on a phone the ticker keeps its height whichever item it shows, so the page below stays put', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Market Updates' });
    const dots = page.getByRole('group', { name: 'Choose an update' }).getByRole('button');
    await expect(dots.nth(1)).toBeVisible();
    const heights = new Set<number>();
    for (let index = 0; index < (await dots.count()); index += 1) {
      await dots.nth(index).click();
      await expect(dots.nth(index)).toHaveAttribute('aria-pressed', 'true');
      heights.add(Math.round((await card.boundingBox())?.height ?? 0));
    }
    expect(heights.size).toBe(1);
  });

  test('visitors get sign-up buttons in the plans section', async ({ page }) => {
    await page.goto('/');
    const plans = page.getByTestId('plans-section');
    await expect(plans.getByText('Most Popular')).toBeVisible();
    await expect(plans.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth');
    await expect(plans.getByRole('link', { name: 'Sign Up for Premium' })).toHaveAttribute('href', '/auth');
  });

  test('a free member sees Current Plan and Upgrade to Premium; a premium member no plans at all', async ({
    page,
    forgetSession,
    signInAs,
  }) => {
    await signInAs('free');
    await page.goto('/');
    const plans = page.getByTestId('plans-section');
    await expect(plans.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    await expect(plans.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      '/membership',
    );
    await expect(page.getByRole('link', { name: 'View Latest News' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade for Analytics' })).toHaveAttribute(
      'href',
      '/membership',
    );

    await forgetSession();
    await signInAs('premium');
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'View Analytics Dashboard' })).toBeVisible();
    await expect(page.getByTestId('plans-section')).toHaveCount(0);
  });
});
