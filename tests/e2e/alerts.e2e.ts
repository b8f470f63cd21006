import AxeBuilder from '@axe-core/playwright';
import { adminContext, syncAsAdmin } from './admin-api';
import { inTokyoEu } from './dates';
import { expect, expectPath, test } from './fixtures';
import { e2eUsers } from './users';

/** SPEC §2 Alerts. Serial: the named premium account's rules and alerts are shared state. */
test.describe.configure({ mode: 'serial' });

const setMarketBase = async (base: number) => {
  const response = await fetch(`${process.env.E2E_UPSTREAM_URL}/control/market-base?base=${base}`, {
    method: 'POST',
  });
  expect(response.status).toBe(204);
};

test.describe('alerts (SPEC §2 Alerts)', () => {
  test('a premium member sets a price alert; a synced price crosses it; the bell, Recent Alerts and email show it', async ({
    page,
    signInAs,
    forgetSession,
    playwright,
    baseURL,
    mailbox,
  }) => {
    await signInAs('premium');
    // A clean start: no rules of earlier runs, alerts read, price emails on.
    const rules = (await (await page.request.get('/api/alerts/rules')).json()) as { rules: { id: string }[] };
    for (const rule of rules.rules) await page.request.delete(`/api/alerts/rules/${rule.id}`);
    await page.request.post('/api/notifications/read', { data: { all: true } });
    await page.request.patch('/api/preferences', { data: { notificationEmailPriceAlerts: true } });
    await page.request.patch('/api/preferences', { data: { alertsPriceEnabled: true } });
    const admin = await adminContext(playwright, baseURL ?? '');
    // XRP at about $2.01 in the fixture: below the target the member is about to set.
    await setMarketBase(2.0134);
    await syncAsAdmin(admin, baseURL ?? '', 'coingecko');

    await page.goto('/alerts');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('XRP Price & Market Alerts');
    await expect(page.getByText('No alerts set yet. Set a price target above.')).toBeVisible();
    const target = page.getByLabel('Price Target (USD)');
    await expect(target).toHaveValue('0.70');
    await expect(target).toHaveAttribute('step', '0.01');
    await target.fill('2.50');
    await page.getByLabel('Note (optional)').fill('take profit');
    await page.getByRole('button', { name: 'Set Alert' }).click();
    await expect(page.getByText('Alert set')).toBeVisible();
    const rule = page.getByTestId('alert-rule');
    await expect(rule).toContainText('XRP goes above $2.50');
    await expect(rule).toContainText('take profit');
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName('Alerts');

    // The fixture price jumps to $2.50: the sync crosses the target and the alert arrives live.
    await setMarketBase(2.5);
    await syncAsAdmin(admin, baseURL ?? '', 'coingecko');
    await admin.dispose();
    await expect(bell).toHaveAccessibleName('Alerts, 1 unread');
    const recent = page.getByRole('list', { name: 'Recent alerts' });
    await expect(recent.getByTestId('notification')).toHaveCount(1);
    await expect(recent).toContainText('XRP rose above $2.50');
    await expect(recent).toContainText('Note: take profit');
    await expect(rule).toContainText('Last fired');

    const mail = await mailbox.waitFor(e2eUsers.premium.email, /XRP rose above \$2\.50/);
    expect(mail.text).toContain('take profit');

    await bell.click();
    const menu = page.getByRole('dialog', { name: 'Alerts' });
    await expect(menu).toContainText('XRP rose above $2.50');
    await menu.getByRole('button', { name: 'Mark all read' }).click();
    await expect(menu.getByRole('button', { name: 'Mark all read' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(bell).toHaveAccessibleName('Alerts');

    // Pause, then delete the rule.
    await page.getByRole('button', { name: 'Pause XRP goes above $2.50' }).click();
    await expect(rule).toContainText('(Paused)');
    await page.getByRole('button', { name: 'Delete XRP goes above $2.50' }).click();
    await expect(page.getByText('No alerts set yet. Set a price target above.')).toBeVisible();

    // The email's unsubscribe link works without signing in.
    const link = /http\S+\/unsubscribe\?token=\S+/.exec(mail.text)?.[0] ?? '';
    await forgetSession();
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByRole('heading', { name: 'Unsubscribe from price alert emails?' })).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByText('You are unsubscribed')).toBeVisible();
  });

  test('premium alert types save to the account; a free user cannot switch them on, and the API refuses too', async ({
    page,
    signInAs,
    forgetSession,
  }) => {
    await signInAs('premium');
    await page.request.patch('/api/preferences', { data: { alertsWhaleEnabled: false } });
    await page.goto('/alerts');
    const whale = page.getByRole('switch', { name: 'Whale Movements' });
    await expect(whale).toBeEnabled();
    await expect(whale).not.toBeChecked();
    await whale.click();
    await expect(page.getByText('Preference updated')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Whale Movements' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Price Alerts' })).toBeChecked();

    await forgetSession();
    await signInAs('free');
    await page.goto('/alerts');
    await expectPath(page, '/membership');
    const refused = await page.request.patch('/api/preferences', { data: { alertsWhaleEnabled: true } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { message: 'Cannot update this field' } });
    const rule = await page.request.post('/api/alerts/rules', {
      data: { kind: 'percent', percent: 5, window: '1h' },
    });
    expect(rule.status()).toBe(403);
    await page.goto('/settings?tab=notifications');
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await expect(page.getByRole('switch', { name: /This browser/ })).toBeDisabled();
    await expect(page.getByRole('switch', { name: /Whale alerts/ }).first()).toBeDisabled();
  });

  test('the push service worker is served and registers under the site CSP', async ({ page }) => {
    const worker = await page.request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    await page.goto('/');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.register('/sw.js')).scope);
    expect(scope).toBe(`${new URL(page.url()).origin}/`);
  });

  test('/alerts and the bell have no axe violations, dark and light, at 390 px', async ({
    page,
    freshUser,
    upgradeInTestMode,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // A member of its own (the shared accounts' themes matter to other tests), Premium through the
    // test-mode checkout.
    await freshUser('Axe Alerts');
    await upgradeInTestMode();
    for (const theme of ['dark', 'light'] as const) {
      await page.request.patch('/api/preferences', { data: { themePreference: theme } });
      await page.goto('/alerts');
      await expect(page.getByRole('heading', { name: 'Recent Alerts' })).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
        .toBe(theme === 'dark');
      const violations = (await new AxeBuilder({ page }).analyze()).violations.map(
        (violation) => `${theme}: ${violation.id}: ${violation.nodes[0]?.target}`,
      );
      expect(violations).toEqual([]);
      await page.getByTestId('notification-bell').click();
      await expect(page.getByRole('dialog', { name: 'Alerts' })).toBeVisible();
      const menuViolations = (
        await new AxeBuilder({ page }).include('[role="dialog"]').analyze()
      ).violations.map((violation) => `${theme} bell: ${violation.id}: ${violation.nodes[0]?.target}`);
      expect(menuViolations).toEqual([]);
      await page.keyboard.press('Escape');
    }
  });
});

/** Issue 23: a member's saved time zone and date format decide the dates they see, not the browser's. */
test.describe('a member in Tokyo with EU dates, on a browser in Los Angeles', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('sees Tokyo times in EU order on the alerts and the dashboard', async ({
    page,
    freshUser,
    upgradeInTestMode,
    playwright,
    baseURL,
  }) => {
    await freshUser('Tomo Tokyo');
    await upgradeInTestMode();
    await page.request.patch('/api/preferences', { data: { timezone: 'Asia/Tokyo' } });
    await page.request.patch('/api/preferences', { data: { dateFormat: 'EU' } });

    // Alerts: a price alert that the next sync crosses.
    const admin = await adminContext(playwright, baseURL ?? '');
    await setMarketBase(2.5);
    await syncAsAdmin(admin, baseURL ?? '', 'coingecko');
    const rule = await page.request.post('/api/alerts/rules', {
      data: { kind: 'price', direction: 'above', target: 2.6 },
    });
    expect(rule.status(), await rule.text()).toBe(201);
    await setMarketBase(2.7);
    await syncAsAdmin(admin, baseURL ?? '', 'coingecko');
    await setMarketBase(2.5);
    await syncAsAdmin(admin, baseURL ?? '', 'coingecko');
    await admin.dispose();
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/notifications')).json()) as { items: unknown[] }).items
            .length,
      )
      .toBe(1);
    const { items } = (await (await page.request.get('/api/notifications')).json()) as {
      items: { createdAt: string }[];
    };
    const firedAt = inTokyoEu(items[0]!.createdAt);
    await page.goto('/alerts');
    await expect(page.getByRole('list', { name: 'Recent alerts' }).getByTestId('notification')).toContainText(
      firedAt,
    );
    await expect(page.getByTestId('alert-rule')).toContainText(`Last fired ${firedAt}`);

    // Dashboard: the metrics' "As of" time is the latest sync's, in Tokyo, on the 24-hour clock.
    const metrics = (await (await page.request.get('/api/market/metrics?symbol=XRP')).json()) as {
      latest: { createdAt: string };
    };
    await page.goto('/analytics');
    const asOf = inTokyoEu(metrics.latest.createdAt).split(', ').pop() ?? '';
    await expect(page.getByText(`As of ${asOf}`, { exact: false }).first()).toBeVisible();
    await expect(page.getByText(/As of \d{1,2}:\d{2} (AM|PM)/)).toHaveCount(0);
  });
});
