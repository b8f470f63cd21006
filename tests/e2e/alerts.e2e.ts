import type { Page } from '@playwright/test';
import { AxeBuilder } from './axe';
import { adminContext, syncAsAdmin } from './admin-api';
import { inTokyoEu } from './dates';
import { expect, expectPath, test } from './fixtures';
import { e2eUsers } from './users';

/** The alerts page. Serial: the named premium account's rules and alerts are shared state. */
test.describe.configure({ mode: 'serial' });

const setMarketBase = async (base: number) => {
  const response = await fetch(`${process.env.E2E_UPSTREAM_URL}/control/market-base?base=${base}`, {
    method: 'POST',
  });
  expect(response.status).toBe(204);
};

test.describe('alerts page', () => {
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
    await expect(page.getByTestId('premium-alerts-explainer')).toBeVisible();
    await expect(page.getByRole('switch', { name: /Whale Movements/ })).toBeDisabled();
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

/** At 390 px: a free member's alerts page, editing a rule, the history note, and axe. */
test.describe('alerts for a free member, edits and history', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  const axeClean = async (page: Page, label: string) => {
    const violations = (await new AxeBuilder({ page }).analyze()).violations.map(
      (violation) => `${label}: ${violation.id}: ${violation.nodes[0]?.target}`,
    );
    expect(violations).toEqual([]);
  };
  const inTheme = async (page: Page, theme: 'dark' | 'light') => {
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(theme === 'dark');
  };

  test('a free member who clicks Alerts reads what Premium adds, sets a target beside the price and edits it', async ({
    page,
    freshUser,
    playwright,
    baseURL,
  }) => {
    const admin = await adminContext(playwright, baseURL ?? '');
    await setMarketBase(2.0134);
    await syncAsAdmin(admin, baseURL ?? '', 'coingecko');
    await admin.dispose();
    await freshUser('Fay Free');

    // The header's Alerts link, in the mobile panel: the page itself explains, no silent bounce.
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('link', { name: 'Alerts', exact: true })
      .click();
    await expectPath(page, '/alerts');
    const explainer = page.getByTestId('premium-alerts-explainer');
    await expect(explainer).toContainText('Percentage moves');
    await expect(explainer).toContainText('Whale movements');
    await expect(explainer).toContainText('push notifications');
    await expect(explainer.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      '/membership',
    );
    await expect(page.getByRole('button', { name: 'Set Move Alert' })).toBeDisabled();

    // The current price beside the form: the stored latest row's, with its time.
    const metrics = (await (await page.request.get('/api/market/metrics?symbol=XRP')).json()) as {
      latest: { price: string };
    };
    await expect(page.getByTestId('current-price')).toHaveText(`$${Number(metrics.latest.price).toFixed(4)}`);
    await expect(page.getByRole('region', { name: 'XRP now' })).toContainText('As of');

    // A free price target, then an edit of its value and direction.
    await page.getByLabel('Price Target (USD)').fill('2.50');
    await page.getByRole('button', { name: 'Set Alert' }).click();
    const rule = page.getByTestId('alert-rule');
    await expect(rule).toContainText('XRP goes above $2.50');
    await page.getByRole('button', { name: 'Edit XRP goes above $2.50' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit alert' });
    const target = dialog.getByLabel('Price Target (USD)');
    await expect(target).toHaveValue('2.50');
    await target.fill('-1');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('The price target must be above 0')).toBeVisible();
    await target.fill('3.10');
    await dialog.getByLabel('When XRP').selectOption('crosses');
    // Keyboard: Enter in the field submits the edit.
    await target.press('Enter');
    await expect(page.getByText('Alert updated')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rule).toContainText('XRP crosses $3.10');
    await expect(page.getByRole('button', { name: 'Edit XRP crosses $3.10' })).toBeFocused();

    for (const theme of ['dark', 'light'] as const) {
      await page.request.patch('/api/preferences', { data: { themePreference: theme } });
      await page.reload();
      await expect(page.getByTestId('premium-alerts-explainer')).toBeVisible();
      await inTheme(page, theme);
      await axeClean(page, `${theme} /alerts`);
      await page.getByRole('button', { name: 'Edit XRP crosses $3.10' }).click();
      await expect(page.getByRole('dialog', { name: 'Edit alert' })).toBeVisible();
      await axeClean(page, `${theme} edit dialog`);
      await page.keyboard.press('Escape');
    }
  });

  test("a free member's /learn and Settings → Notifications say what they get", async ({
    page,
    freshUser,
  }) => {
    await freshUser('Lee Learner');
    for (const theme of ['dark', 'light'] as const) {
      await page.request.patch('/api/preferences', { data: { themePreference: theme } });
      await page.goto('/learn');
      await expect(
        page.getByText(/Every signed-in member can set price targets on the Alerts page/),
      ).toBeVisible();
      await expect(page.getByText('Price targets are free.')).toHaveCount(0);
      await inTheme(page, theme);
      await axeClean(page, `${theme} /learn`);

      await page.goto('/settings?tab=notifications');
      const priceEmail = page.locator('#email-notificationEmailPriceAlerts');
      await expect(priceEmail).toBeEnabled();
      await expect(priceEmail).toBeChecked();
      for (const id of [
        '#email-notificationEmailWhaleAlerts',
        '#push-notificationPushPriceAlerts',
        '#custom-quietHoursEnabled',
      ]) {
        await expect(page.locator(id)).toBeDisabled();
        await expect(page.locator(id)).not.toBeChecked();
      }
      await expect(page.getByLabel(/Alert frequency/)).toHaveValue('instant');
      await axeClean(page, `${theme} /settings notifications`);
    }
  });

  test('a percentage rule says how much price history it needs, from the stored rows', async ({
    page,
    freshUser,
    upgradeInTestMode,
    playwright,
    baseURL,
  }) => {
    const admin = await adminContext(playwright, baseURL ?? '');
    await setMarketBase(2.0134);
    await syncAsAdmin(admin, baseURL ?? '', 'coingecko');
    await admin.dispose();
    await freshUser('Pia Percent');
    await upgradeInTestMode();
    for (const window of ['1h', '24h'] as const) {
      const created = await page.request.post('/api/alerts/rules', {
        data: { kind: 'percent', percent: 5, window },
      });
      expect(created.status(), await created.text()).toBe(201);
    }
    const { rules } = (await (await page.request.get('/api/alerts/rules')).json()) as {
      rules: { window: string; history: { ready: boolean; readyAt: string | null } }[];
    };
    await page.goto('/alerts');
    const rows = page.getByTestId('alert-rule');
    await expect(rows).toHaveCount(2);
    for (const rule of rules) {
      const row = rows.filter({ hasText: rule.window === '1h' ? 'within 1 hour' : 'within 24 hours' });
      const span = rule.window === '1h' ? '1 h' : '24 h';
      // What the page says is what the stored rows say (this run's first sync is under an hour old).
      await expect(row.getByTestId('history-note')).toHaveText(
        rule.history.ready
          ? `Ready: ${span} of price history stored`
          : new RegExp(
              `^Needs ${span} of price history; first possible alert after \\w{3} \\d{1,2}, \\d{1,2}:\\d{2} (AM|PM)`,
            ),
      );
    }
    // The hour rule of a fresh run cannot be ready: the first stored price is minutes old.
    expect(rules.find((rule) => rule.window === '1h')?.history.ready).toBe(false);
    await page.getByRole('button', { name: 'Edit XRP moves ±5% within 1 hour' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit alert' });
    await dialog.getByLabel('Move (%)').fill('7.5');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Alert updated')).toBeVisible();
    await expect(rows.filter({ hasText: 'XRP moves ±7.5% within 1 hour' })).toHaveCount(1);
  });
});

/** At 1280 px: the whale and exchange rules set from their forms, by mouse and keyboard, and edited. */
test.describe('whale and exchange alerts', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a premium member sets an entity move, a net flow and a reserve alert, then edits one', async ({
    page,
    freshUser,
    upgradeInTestMode,
  }) => {
    await freshUser('Wes Whale');
    await upgradeInTestMode();
    await page.goto('/alerts');
    await expect(page.getByText('Whale & Exchange Alerts')).toBeVisible();
    const rules = page.getByTestId('alert-rule');

    // A named entity's whale payments: under 1M XRP is refused at the field, with the reason.
    const entity = page.getByRole('form', { name: 'Entity move alert' });
    await entity.getByLabel('Entity', { exact: true }).selectOption('Binance');
    const amount = entity.getByLabel('Payments of at least (XRP)');
    await amount.fill('500000');
    await entity.getByRole('button', { name: 'Set Entity Alert' }).click();
    await expect(
      entity.getByText(
        'Use at least 1,000,000 XRP: only payments of 1M XRP or more are tracked for every entity',
      ),
    ).toBeVisible();
    await amount.fill('5000000');
    await amount.press('Enter');
    await expect(rules.filter({ hasText: 'Binance moves 5,000,000 XRP or more (in or out)' })).toHaveCount(1);

    // The exchanges' net flow over 24 hours.
    const netflow = page.getByRole('form', { name: 'Exchange net flow alert' });
    await netflow.getByLabel('Net flow over 24 hours of at least (XRP)').fill('10000000');
    // A label around a choice reads as its text and the chosen option's.
    await netflow.getByRole('combobox', { name: /^Net flow/ }).selectOption('in');
    await netflow.getByRole('button', { name: 'Set Net Flow Alert' }).click();
    await expect(
      rules.filter({ hasText: "Exchanges' net inflow reaches 10,000,000 XRP in 24 hours" }),
    ).toHaveCount(1);

    // An exchange's reserve, from the keyboard: the list offers exchanges only.
    const reserve = page.getByRole('form', { name: 'Exchange reserve alert' });
    const exchange = reserve.getByLabel('Exchange', { exact: true });
    await exchange.focus();
    await exchange.selectOption('Binance');
    await expect(exchange.locator('option', { hasText: 'Kraken' })).toHaveCount(1);
    await expect(exchange.locator('option', { hasText: 'Ceffu' })).toHaveCount(0);
    await page.keyboard.press('Tab');
    await expect(reserve.getByLabel('Reserve change in 24 hours (%)')).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(reserve.getByRole('button', { name: 'Set Reserve Alert' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(rules.filter({ hasText: "Binance's reserve moves ±5% in 24 hours" })).toHaveCount(1);
    await expect(rules).toHaveCount(3);

    await page.getByRole('button', { name: "Edit Binance's reserve moves ±5% in 24 hours" }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit alert' });
    await expect(dialog.getByLabel('Exchange', { exact: true })).toHaveValue('Binance');
    await dialog.getByLabel('Reserve change in 24 hours (%)').fill('2.5');
    await dialog.getByLabel('Reserve moves').selectOption('down');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Alert updated')).toBeVisible();
    await expect(rules.filter({ hasText: "Binance's reserve falls 2.5% in 24 hours" })).toHaveCount(1);
  });
});

/** A member's saved time zone and date format decide the dates they see, not the browser's. */
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
