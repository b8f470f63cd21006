import { AxeBuilder } from './axe';
import type { Page } from '@playwright/test';
import { adminContext } from './admin-api';
import { expect, test } from './fixtures';

/** /membership and the test-mode payment provider (the e2e server has no Stripe keys). */

/** Clicks a button that opens its URL in a new tab and returns that tab once it loaded. */
async function clickToNewTab(page: Page, name: string) {
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name }).click(),
  ]);
  await tab.waitForLoadState();
  return tab;
}

test.describe('membership', () => {
  test('a free member upgrades in test mode, uses Premium, cancels, keeps Premium to the period end, then is free', async ({
    page,
    freshUser,
  }) => {
    // A whole subscription's life across three tabs: more than the default 30 s on a loaded machine.
    test.setTimeout(60_000);
    await freshUser('Una Upgrade');
    await page.goto('/membership');
    await expect(page.getByRole('heading', { name: 'Choose Your Membership Plan' })).toBeVisible();
    await expect(page.getByTestId('test-mode-notice')).toContainText(
      'Payments are in test mode: no card is charged',
    );
    await expect(page.getByRole('button', { name: 'Current Plan' })).toBeDisabled();

    // Checkout opens in a new tab: the local test-mode checkout, clearly labelled.
    const checkout = await clickToNewTab(page, 'Upgrade to Premium');
    await expect(checkout).toHaveURL(/\/billing\/test\/checkout\/cs_test_[0-9a-f]+$/);
    // The checkout's own notice (every page also carries the site-wide test-mode bar).
    await expect(checkout.getByTestId('test-mode-notice')).toContainText(
      'Payments are in test mode: no card is charged',
    );
    await expect(checkout.getByText('$9.00').first()).toBeVisible();
    await checkout.getByRole('button', { name: 'Pay $9.00' }).click();

    // Back on /membership with the activation toast; the URL is reset.
    await expect(checkout.getByText('Subscription Activated!')).toBeVisible();
    await expect(checkout.getByText('Welcome to Premium! Your subscription is now active.')).toBeVisible();
    await expect(checkout).toHaveURL(/\/membership$/);
    await expect(checkout.getByRole('heading', { name: 'Manage Your Premium Access' })).toBeVisible();
    await expect(checkout.getByTestId('membership-badge')).toHaveText('Premium Member');
    await expect(checkout.getByTestId('next-billing-date')).toContainText('Next Billing Date');
    await expect(checkout.getByTestId('account-status')).toContainText('Monthly');

    // The tab that opened checkout follows without a reload.
    await expect(page.getByRole('heading', { name: 'Manage Your Premium Access' })).toBeVisible();

    // Premium features are unlocked: the alerts page and the charts.
    await page.goto('/alerts');
    await expect(page).toHaveURL(/\/alerts$/);
    await expect(page.getByRole('heading', { name: 'XRP Price & Market Alerts' })).toBeVisible();
    await page.goto('/analytics');
    await expect(page.getByRole('tab', { name: 'Market Cap' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Unlock Charts' })).toHaveCount(0);

    // Cancel in the billing page: Premium stays until the period ends.
    await page.goto('/membership');
    const billing = await clickToNewTab(page, 'Manage Subscription');
    await expect(billing).toHaveURL(/\/billing\/test\/portal$/);
    await expect(billing.getByTestId('invoices')).toContainText('Paid');
    await billing.getByRole('button', { name: 'Cancel subscription' }).click();
    await billing.getByRole('alertdialog').getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(billing.getByTestId('portal-period')).toContainText('Cancels on');

    await expect(page.getByTestId('ends-notice')).toContainText('ends on');
    await expect(page.getByTestId('membership-badge')).toHaveText('Premium Member');
    await page.goto('/alerts');
    await expect(page).toHaveURL(/\/alerts$/);

    // The period ends (test clock): the subscription ends and the member is on Free. The open
    // membership page follows without a reload. (Not left on a Premium page: a live whale event
    // landing before the session refresh would draw a refused read, which the page recovers from.)
    await page.goto('/membership');
    await expect(page.getByTestId('membership-badge')).toHaveText('Premium Member');
    await billing.getByRole('button', { name: 'Advance to the end of the period' }).click();
    await expect(billing.getByTestId('portal-period')).toHaveText('This subscription has ended.');
    await expect(page.getByRole('heading', { name: 'Choose Your Membership Plan' })).toBeVisible();
    // Back on Free: /alerts stays open for price targets and says what Premium adds (ADR 0047).
    await page.goto('/alerts');
    await expect(page.getByTestId('premium-alerts-explainer')).toBeVisible();
  });

  test('complimentary access shows no billing controls', async ({ page, signInAs }) => {
    await signInAs('complimentary');
    await page.goto('/membership');
    await expect(page.getByRole('heading', { name: 'Manage Your Premium Access' })).toBeVisible();
    await expect(page.getByTestId('membership-badge')).toHaveText('Complimentary Access');
    await expect(page.getByRole('link', { name: 'Account Settings' })).toHaveAttribute('href', '/settings');
    await expect(page.getByRole('link', { name: 'Support Center' })).toHaveAttribute('href', '/contact');
    await expect(page.getByRole('button', { name: 'Manage Subscription' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'View Invoices' })).toHaveCount(0);
    await expect(page.getByTestId('nothing-to-bill')).toContainText(
      'Your complimentary access was granted by the site’s team; there is nothing to bill',
    );
    await expect(page.getByTestId('account-status')).not.toContainText('Billing Cycle');
    await expect(page.getByTestId('test-mode-notice')).toHaveCount(0);
  });

  test('at 390 px a member reads the test-mode notice, never operator settings nor card brands', async ({
    page,
    signInAs,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs('free');
    await page.goto('/membership');
    const notice = page.getByTestId('test-mode-notice');
    await expect(notice).toContainText('Payments are in test mode: no card is charged');
    await expect(notice).toContainText('subscribing gives you Premium without taking any money');
    await expect(page.getByTestId('card-payments')).toContainText('no card is charged');
    await expect(page.locator('main')).not.toContainText(/STRIPE_|Operators|environment variable/);
    await expect(page.locator('main')).not.toContainText(/Visa|Mastercard|American Express/);
    await page.locator('summary', { hasText: 'How do payments work?' }).click();
    await expect(
      page.getByText('checkout is simulated and no card is charged. Premium is $9 per month.'),
    ).toBeVisible();
  });

  test('at 390 px a member an admin made Premium is told why there is no billing portal; no axe violations in either theme', async ({
    page,
    freshUser,
    playwright,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { email } = await freshUser('Gwen Granted');
    // An administrator grants Premium in User Management: no subscription, nothing to bill.
    const admin = await adminContext(playwright, baseURL ?? '');
    const found = (await (
      await admin.get(`${baseURL}/api/admin/users`, { params: { search: email } })
    ).json()) as { users: { userId: string }[] };
    const granted = await admin.patch(`${baseURL}/api/admin/users/${found.users[0]?.userId}`, {
      data: { subscriptionPlan: 'premium' },
    });
    expect(granted.status(), await granted.text()).toBe(200);
    await admin.dispose();

    for (const theme of ['dark', 'light'] as const) {
      await page.request.patch('/api/preferences', { data: { themePreference: theme } });
      await page.goto('/membership');
      await expect(page.getByRole('heading', { name: 'Manage Your Premium Access' })).toBeVisible();
      const why = page.getByTestId('nothing-to-bill');
      await expect(why).toHaveText(
        'Your Premium access was granted by the site’s team; there is nothing to bill, so there is no subscription to manage. Questions: contact us.',
      );
      await expect(why.getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contact');
      await expect(page.getByRole('button', { name: 'Manage Subscription' })).toHaveCount(0);
      await expect(page.getByTestId('account-status')).toContainText('None (granted by our team)');
      await expect(page.getByTestId('test-mode-notice')).toHaveCount(0);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
        .toBe(theme === 'dark');
      const violations = (await new AxeBuilder({ page }).analyze()).violations.map(
        (violation) => `${theme}: ${violation.id}: ${violation.nodes[0]?.target}`,
      );
      expect(violations).toEqual([]);
    }
  });

  test('in test mode every page says so, to visitors and members alike', async ({ page, signInAs }) => {
    for (const path of ['/', '/news', '/membership', '/learn']) {
      await page.goto(path);
      await expect(page.getByRole('complementary', { name: 'Payments' })).toHaveText(
        'Payments are in test mode: no card is charged.',
      );
    }
    // A bar in the page's flow, not a fixed note over the footer's e-mail field on a phone (review).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const banner = page.getByRole('complementary', { name: 'Payments' });
    await expect(banner).toBeVisible();
    expect(await banner.evaluate((element) => getComputedStyle(element).position)).toBe('static');
    const email = page.locator('footer input[name="email"]');
    await email.scrollIntoViewIfNeeded();
    const [bar, field] = await Promise.all([banner.boundingBox(), email.boundingBox()]);
    expect(bar && field && (bar.y + bar.height <= field.y || field.y + field.height <= bar.y)).toBe(true);
    await signInAs('free');
    await page.goto('/settings');
    await expect(page.getByRole('complementary', { name: 'Payments' })).toBeVisible();
  });

  test('checkout returns: canceled and success toasts, then the URL is /membership', async ({
    page,
    signInAs,
  }) => {
    await signInAs('free');
    await page.goto('/membership?canceled=true');
    await expect(page.getByText('Checkout Canceled')).toBeVisible();
    await expect(page.getByText('You can upgrade to Premium anytime.')).toBeVisible();
    await expect(page).toHaveURL(/\/membership$/);

    await page.goto('/membership?success=true');
    await expect(page.getByText('Subscription Activated!')).toBeVisible();
    await expect(page).toHaveURL(/\/membership$/);
    // No subscription was actually made: the page still offers the plans.
    await expect(page.getByRole('heading', { name: 'Choose Your Membership Plan' })).toBeVisible();
  });

  test.describe('when checkout fails', () => {
    test.use({ expectedConsoleErrors: [/status of (401|502)/] });

    test('checkout failures say so and leave no tab open', async ({ page, signInAs }) => {
      await signInAs('free');
      await page.goto('/membership');

      await page.route('**/api/billing/checkout', (route) =>
        route.fulfill({ status: 502, json: { error: { code: 'upstream_error', message: 'down' } } }),
      );
      await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
      await expect(page.getByText('Checkout Error')).toBeVisible();
      await expect(page.getByText('Failed to create checkout session. Please try again.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Upgrade to Premium' })).toBeEnabled();

      await page.unroute('**/api/billing/checkout');
      await page.route('**/api/billing/checkout', (route) =>
        route.fulfill({
          status: 401,
          json: { error: { code: 'unauthorized', message: 'Please sign in to continue.' } },
        }),
      );
      await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
      await expect(page.getByText('Authentication Required')).toBeVisible();
      await expect(page.getByText('Please sign in to upgrade to Premium.')).toBeVisible();
      // Any tab opened for the checkout was closed again.
      await expect.poll(() => page.context().pages().length).toBe(1);
    });
  });

  test('visitors see both plans, payment options and an FAQ they can open with the keyboard', async ({
    page,
  }) => {
    await page.goto('/membership');
    await expect(page.getByRole('heading', { name: 'Choose Your Membership Plan' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth');
    await expect(page.getByRole('link', { name: 'Sign Up for Premium' })).toHaveAttribute('href', '/auth');
    await expect(page.getByText('Most Popular')).toBeVisible();
    await expect(page.getByText('Portfolio tracking insights')).toBeVisible();
    const payment = page.getByRole('region', { name: 'Payment Options' });
    // Test mode: no card brands are claimed while no card can be charged.
    await expect(payment.getByTestId('card-payments')).toHaveText(
      'Payments on this site are in test mode: checkout is simulated and no card is charged.',
    );
    await expect(payment).toContainText('Coming Soon');
    await expect(page.getByRole('region', { name: 'What Members Say' }).locator('blockquote')).toHaveCount(2);

    const answer = page.getByText('If Premium is not for you', { exact: false });
    await expect(answer).toBeHidden();
    await page.locator('summary', { hasText: 'Is there a money-back guarantee?' }).focus();
    await page.keyboard.press('Enter');
    await expect(answer).toBeVisible();
    await expect(page.getByTestId('test-mode-notice')).toHaveCount(0);
  });

  test('the membership, checkout and billing pages have no axe violations, dark and light, at 390 px', async ({
    page,
    freshUser,
  }) => {
    // A sign-up, several pages, two themes and an axe run each: 26–30 s on a quiet CI machine.
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await freshUser('Axe Billing');
    const axe = async (label: string) => {
      const violations = (await new AxeBuilder({ page }).analyze()).violations.map(
        (violation) => `${label}: ${violation.id}: ${violation.nodes[0]?.target}`,
      );
      expect(violations).toEqual([]);
    };
    for (const theme of ['dark', 'light'] as const) {
      await page.request.patch('/api/preferences', { data: { themePreference: theme } });
      await page.goto('/membership');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
        .toBe(theme === 'dark');
      await axe(`${theme} /membership`);
    }
    const { url } = (await (await page.request.post('/api/billing/checkout')).json()) as { url: string };
    await page.goto(url);
    await expect(page.getByRole('button', { name: 'Pay $9.00' })).toBeVisible();
    await axe('checkout');
    await page.getByRole('button', { name: 'Pay $9.00' }).click();
    await expect(page.getByRole('heading', { name: 'Manage Your Premium Access' })).toBeVisible();
    await expect(page.getByTestId('next-billing-date')).toBeVisible();
    // Let the activation toast finish fading in: axe measures colours mid-animation as too faint.
    const toast = page.locator('[data-sonner-toast]', { hasText: 'Subscription Activated!' });
    await expect.poll(() => toast.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    await axe('premium /membership');
    await page.goto('/billing/test/portal');
    await expect(page.getByTestId('invoices')).toBeVisible();
    await axe('billing page');
  });
});
