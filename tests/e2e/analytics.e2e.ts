import AxeBuilder from '@axe-core/playwright';
import { E2E_PASSWORD, e2eUsers } from './users';
import { adminContext, syncAsAdmin } from './admin-api';
import { expect, expectPath, test } from './fixtures';

test.describe('analytics dashboard (SPEC §2 Analytics)', () => {
  test('a visitor is sent to sign in', async ({ page }) => {
    await page.goto('/analytics');
    await expectPath(page, '/auth');
  });

  test('a premium member sees the six metric cards, fear & greed and whale activity, and live updates', async ({
    page,
    signInAs,
    playwright,
    baseURL,
  }) => {
    await signInAs('premium');
    await page.goto('/analytics');
    await expect(page.getByRole('heading', { name: 'XRP Analytics Dashboard' })).toBeVisible();
    const cards = page.getByTestId('metric-card');
    const card = (title: string) =>
      cards.filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await expect(cards).toHaveCount(6);
    for (const title of [
      'Current Price',
      'Market Cap',
      '24h Volume',
      'Circulating Supply',
      'XRP Dominance',
      'Velocity',
    ]) {
      await expect(card(title)).toBeVisible();
    }
    await expect(card('Market Cap')).toContainText('$121.1B');
    await expect(card('Circulating Supply')).toContainText('of 100.0B total (60.15%)');
    await expect(page.getByTestId('fear-greed-value')).toHaveText('38');
    await expect(page.getByTestId('fear-greed-card')).toContainText('Fear');
    await expect(page.getByTestId('upgrade-banner')).toHaveCount(0);
    // Syncs are off here until the test asks: the ledger has never been read, so the whale figures
    // are unknown — said so, and "—", never "0.00 XRP" or "No whale activity".
    await expect(page.getByTestId('whales-unavailable')).toHaveText(
      'Not available yet — the XRP Ledger has not been read yet',
    );
    await expect(page.getByTestId('whale-stats')).toContainText('Whale Transactions—');

    const priceCard = card('Current Price');
    const before = await priceCard.locator('p').first().textContent();
    const admin = await adminContext(playwright, baseURL ?? '');
    await syncAsAdmin(admin, baseURL ?? '', 'coingecko');
    await expect(priceCard.locator('p').first()).not.toHaveText(before ?? '');

    // Whale payments read from the XRP Ledger appear live, each linking to a public explorer.
    await syncAsAdmin(admin, baseURL ?? '', 'xrpl_whales');
    await admin.dispose();
    const whales = page.getByTestId('whale-list');
    await expect(whales.getByRole('listitem')).toHaveCount(2);
    await expect(whales).toContainText('2.5M XRP');
    const link = whales.getByRole('link').first();
    await expect(link).toHaveAttribute('href', /^https:\/\/livenet\.xrpl\.org\/transactions\/[0-9A-F]{64}$/);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(page.getByTestId('whale-stats')).toContainText('3.5M XRP');
  });

  test('a free user sees the upgrade banner and overlays, and the browser never receives whale data', async ({
    page,
    signInAs,
  }) => {
    const whaleRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/(whales|market\/history)/.test(request.url())) whaleRequests.push(request.url());
    });
    await signInAs('free');
    await page.goto('/analytics');
    await expect(page.getByTestId('upgrade-banner')).toBeVisible();
    await expect(page.getByTestId('metric-card')).toHaveCount(6);
    await expect(page.getByTestId('premium-overlay')).toBeVisible();
    await expect(page.getByTestId('whale-stats')).toHaveCount(0);
    const teaser = page.getByTestId('charts-teaser');
    await expect(teaser.getByRole('link', { name: 'Unlock Charts' })).toHaveAttribute('href', '/membership');
    await expect(page.getByRole('tab', { name: 'Market Cap' })).toHaveCount(0);
    expect(whaleRequests).toEqual([]);
  });

  test('an admin without premium sees the dashboard with the premium parts locked', async ({
    page,
    signInAs,
  }) => {
    await signInAs('admin');
    await page.goto('/analytics');
    await expect(page.getByRole('heading', { name: 'XRP Analytics Dashboard' })).toBeVisible();
    await expect(page.getByTestId('metric-card')).toHaveCount(6);
    await expect(page.getByTestId('upgrade-banner')).toBeVisible();
    await expect(page.getByTestId('charts-teaser')).toBeVisible();
    await expect(page.getByTestId('premium-overlay')).toBeVisible();
  });

  test('premium charts: each tab draws its own chart from stored history, with range buttons', async ({
    page,
    signInAs,
  }) => {
    const historyRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/market/history')) historyRequests.push(new URL(request.url()).search);
    });
    await signInAs('premium');
    await page.goto('/analytics');
    const charts = page.getByTestId('charts-card');
    // The widget's origin is unreachable here (every request off 127.0.0.1 is aborted): our own chart.
    await expect(charts.getByTestId('price-chart-fallback')).toBeVisible();
    await expect(charts.getByTestId('chart-canvas').locator('canvas').first()).toBeVisible();

    await charts.getByRole('tab', { name: 'Market Cap' }).click();
    const canvas = charts.getByRole('tabpanel').getByTestId('chart-canvas');
    await expect(canvas.locator('canvas').first()).toBeVisible();
    await expect(canvas).toHaveAttribute(
      'aria-label',
      /market capitalisation in US dollars, [1-9]\d* points/,
    );
    await charts.getByRole('tabpanel').getByRole('button', { name: '7D' }).click();
    await expect(charts.getByRole('tabpanel').getByRole('button', { name: '7D' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect.poll(() => historyRequests).toContain('?series=market_cap&range=7d');

    await charts.getByRole('tab', { name: 'Marketcap Dominance' }).click();
    await expect(
      charts.getByRole('tabpanel').getByTestId('chart-canvas').locator('canvas').first(),
    ).toBeVisible();
    expect(historyRequests).toContain('?series=dominance&range=30d');
  });

  test('premium charts: every range of every series draws without a page error', async ({
    page,
    signInAs,
  }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signInAs('premium');
    await page.goto('/analytics');
    const charts = page.getByTestId('charts-card');
    for (const tab of ['Market Cap', 'Marketcap Dominance']) {
      await charts.getByRole('tab', { name: tab }).click();
      const panel = charts.getByRole('tabpanel');
      for (const range of ['24H', '7D', '30D', '90D', '1Y', 'All']) {
        await panel.getByRole('button', { name: range, exact: true }).click();
        await expect(panel.getByRole('button', { name: range, exact: true })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
        // Drawn (a canvas with points), or said plainly that this range has no data yet.
        await expect(
          panel.getByTestId('chart-canvas').or(panel.getByText('No chart data for this range yet')),
        ).toBeVisible();
      }
    }
    expect(pageErrors).toEqual([]);
  });

  test('the price chart embeds the COINBASE:XRPUSD daily widget when it loads, following the theme', async ({
    page,
    signInAs,
  }) => {
    await page.route('https://s.tradingview.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>chart</title><p>chart</p>' }),
    );
    await signInAs('complimentary');
    await page.goto('/analytics');
    const widget = page.getByTestId('price-widget');
    await expect(widget).toHaveAttribute('src', /symbol=COINBASE%3AXRPUSD/);
    await expect(widget).toHaveAttribute('src', /interval=D&theme=light/);
    await expect(page.getByTestId('price-chart-fallback')).toHaveCount(0);

    // By keyboard: the "Preference updated" toast lies over the header's corner for a few seconds.
    const chooseTheme = async (name: 'Dark' | 'Light') => {
      await page.getByRole('button', { name: /^Theme:/ }).press('Enter');
      await page.getByRole('menuitemradio', { name }).press('Enter');
    };
    await chooseTheme('Dark');
    await expect(widget).toHaveAttribute('src', /theme=dark/);
    // Put the shared account back as it was.
    await chooseTheme('Light');
    await expect(widget).toHaveAttribute('src', /theme=light/);
  });

  test('the Domino tracker shows free users the first 2 events and premium members all of them', async ({
    page,
    forgetSession,
    signInAs,
    playwright,
    baseURL,
  }) => {
    const admin = await playwright.request.newContext({ extraHTTPHeaders: { origin: baseURL ?? '' } });
    await admin.post(`${baseURL}/api/auth/sign-in/email`, {
      data: { email: e2eUsers.admin.email, password: E2E_PASSWORD },
    });
    const created: string[] = [];
    for (const [institution, priceImpact, impact] of [
      ['Bank of Tokyo', '+8.5%', 'High'],
      ['Santander', '-2.1%', 'Low'],
      ['SBI Holdings', null, undefined],
    ] as const) {
      const response = await admin.post(`${baseURL}/api/admin/domino-events`, {
        data: { date: '2026-03-14', institution, event: 'Settlement on the XRP Ledger', priceImpact, impact },
      });
      expect(response.status(), await response.text()).toBe(201);
      created.push(((await response.json()) as { id: string }).id);
    }
    try {
      await signInAs('free');
      await page.goto('/analytics');
      const tracker = page.getByTestId('domino-events');
      await expect(tracker.getByRole('listitem')).toHaveCount(2);
      await expect(tracker).toContainText('March 14, 2026');
      await expect(tracker).toContainText('Bank of Tokyo');
      await expect(tracker).not.toContainText('SBI Holdings');
      await expect(page.getByText('View 1 more institutional events with Premium')).toBeVisible();

      await forgetSession();
      await signInAs('premium');
      await page.goto('/analytics');
      await expect(tracker.getByRole('listitem')).toHaveCount(3);
      await expect(tracker).toContainText('SBI Holdings');
      await expect(page.getByText(/more institutional events with Premium/)).toHaveCount(0);
    } finally {
      for (const id of created) await admin.delete(`${baseURL}/api/admin/domino-events/${id}`);
      await admin.dispose();
    }
  });

  test('has no axe violations at 390 px in the dark theme', async ({ page, freshUser }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await freshUser('Axe Analytics');
    await page.request.patch('/api/preferences', { data: { themePreference: 'dark' } });
    await page.goto('/analytics');
    await expect(page.getByTestId('metric-card')).toHaveCount(6);
    const violations = (await new AxeBuilder({ page }).analyze()).violations.map(
      (v) => `${v.id}: ${v.nodes[0]?.target}`,
    );
    expect(violations).toEqual([]);
  });
});
