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

  test('premium charts: our own price chart is the default, with line and candles, log scale and volume', async ({
    page,
    signInAs,
  }) => {
    const historyRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/market/'))
        historyRequests.push(new URL(request.url()).pathname + new URL(request.url()).search);
    });
    await signInAs('premium');
    await page.goto('/analytics');
    const charts = page.getByTestId('charts-card');
    const panel = charts.getByRole('tabpanel');
    const canvas = panel.getByTestId('chart-canvas');
    await expect(canvas.locator('canvas').first()).toBeVisible();
    await expect(canvas).toHaveAttribute(
      'aria-label',
      /^XRP price in US dollars, [1-9]\d* points over 30D, with 24h volume below/,
    );
    await expect(panel.getByRole('button', { name: 'Line', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(panel.getByTestId('chart-legend')).toContainText(/Price \$\d+\.\d{4}/);
    await expect(panel.getByTestId('chart-legend')).toContainText('24h volume $');
    // The widget's origin is unreachable here (every request off 127.0.0.1 is aborted): no option for it.
    await expect(panel.getByRole('button', { name: 'TradingView' })).toHaveCount(0);
    await expect(page.getByTestId('price-widget')).toHaveCount(0);
    expect(historyRequests).toEqual(
      expect.arrayContaining([
        '/api/market/history?series=price&range=30d',
        '/api/market/history?series=volume&range=30d',
      ]),
    );

    await panel.getByRole('button', { name: 'Candles', exact: true }).click();
    await expect(panel.getByRole('button', { name: 'Candles', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(panel.getByRole('button', { name: 'Line', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(canvas).toHaveAttribute('data-mode', 'candles');
    await expect(canvas).toHaveAttribute('aria-label', /[1-9]\d* candles over 30D/);
    await expect(panel.getByTestId('chart-legend')).toContainText(
      /O \$\d+\.\d{4}.*H \$.*L \$.*C \$\d+\.\d{4}/,
    );
    await expect(panel.getByTestId('chart-legend')).toContainText(/1d candle · \d+ records?/);

    const log = panel.getByRole('button', { name: 'Log scale' });
    await expect(log).toHaveAttribute('aria-pressed', 'false');
    await log.press('Enter');
    await expect(log).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas).toHaveAttribute('aria-label', /log scale/);

    await charts.getByRole('tab', { name: 'Market Cap' }).click();
    await expect(panel.getByTestId('chart-canvas').locator('canvas').first()).toBeVisible();
    await expect(panel.getByTestId('chart-canvas')).toHaveAttribute(
      'aria-label',
      /market capitalisation in US dollars, [1-9]\d* points/,
    );
    await panel.getByRole('button', { name: '7D' }).click();
    await expect(panel.getByRole('button', { name: '7D' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => historyRequests).toContain('/api/market/history?series=market_cap&range=7d');

    await charts.getByRole('tab', { name: 'Marketcap Dominance' }).click();
    await expect(panel.getByTestId('chart-canvas').locator('canvas').first()).toBeVisible();
    expect(historyRequests).toContain('/api/market/history?series=dominance&range=30d');

    await charts.getByRole('tab', { name: 'Fear & Greed' }).click();
    await expect(panel.getByTestId('chart-canvas')).toHaveAttribute(
      'aria-label',
      /Fear and Greed index, one reading a day, 3 days over 1Y/,
    );
    // The recorded readings (10–12 December 2025), the latest in the legend with its zone.
    await expect(panel.getByTestId('chart-legend')).toHaveText(/December 12, 2025\s*Index 38\s*Fear/);
    await expect(panel.getByRole('list', { name: 'Zones' })).toContainText(/Extreme Fear\s*0–24/);
    expect(historyRequests).toContain('/api/market/fear-greed/history?range=1y');
  });

  test('premium charts: every range of every tab draws without a page error', async ({ page, signInAs }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signInAs('premium');
    await page.goto('/analytics');
    const charts = page.getByTestId('charts-card');
    const panel = charts.getByRole('tabpanel');
    const everyRange = ['24H', '7D', '30D', '90D', '1Y', 'All'];
    for (const [tab, mode, ranges] of [
      ['Price Chart', 'Line', everyRange],
      ['Price Chart', 'Candles', everyRange],
      ['Market Cap', null, everyRange],
      ['Marketcap Dominance', null, everyRange],
      // A daily index: a week is its shortest range.
      ['Fear & Greed', null, ['7D', '30D', '90D', '1Y', 'All']],
    ] as const) {
      await charts.getByRole('tab', { name: tab }).click();
      if (mode) await panel.getByRole('button', { name: mode, exact: true }).click();
      for (const range of ranges) {
        const button = panel.getByRole('button', { name: range, exact: true });
        await button.click();
        await expect(button).toHaveAttribute('aria-pressed', 'true');
        // Drawn from this range's data (not the last range's, kept on screen while it loads), or
        // said plainly that this range has no data yet.
        await expect(
          panel
            .locator('[data-testid="chart-canvas"][aria-busy="false"]')
            .or(panel.getByText('No chart data for this range yet')),
        ).toBeVisible();
        await expect(
          panel.getByTestId('chart-canvas').or(panel.getByText('No chart data for this range yet')),
        ).toHaveCount(1);
        if (mode === 'Candles' && (await panel.getByTestId('chart-canvas').count()))
          await expect(panel.getByTestId('chart-canvas')).toHaveAttribute('data-mode', 'candles');
      }
    }
    expect(pageErrors).toEqual([]);
  });

  test('the chart legend writes the time in the member’s zone and date format, hovered or latest', async ({
    page,
    freshUser,
    upgradeInTestMode,
  }) => {
    // A member of its own: the shared premium account's settings matter to other tests.
    await freshUser('Tokyo Charts');
    await upgradeInTestMode();
    for (const data of [{ timezone: 'Asia/Tokyo' }, { dateFormat: 'EU' }])
      expect((await page.request.patch('/api/preferences', { data })).status()).toBe(200);
    const history = (await (await page.request.get('/api/market/history?series=price&range=30d')).json()) as {
      points: [number, number][];
    };
    // The latest stored point's bucket, written in Tokyo independently of the app's formatter.
    const tokyo = (ms: number) => {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-US', {
          timeZone: 'Asia/Tokyo',
          day: 'numeric',
          month: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        })
          .formatToParts(ms)
          .map((part) => [part.type, part.value]),
      );
      const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][
        Number(parts.month) - 1
      ];
      return { day: `${parts.day} ${month}`, time: `${parts.hour}:${parts.minute}` };
    };
    const latest = tokyo(history.points.at(-1)![0]);

    await page.goto('/analytics');
    const panel = page.getByTestId('charts-card').getByRole('tabpanel');
    const legendTime = panel.getByTestId('legend-time');
    await expect(legendTime).toHaveText(/\d{1,2} [A-Z][a-z]{2}.*\d{2}:\d{2}/);
    await expect(legendTime).toContainText(latest.day);
    await expect(legendTime).toContainText(latest.time);
    await expect(legendTime).toContainText(/GMT\+9|JST/);

    // Hovering an earlier point names that point's time, in Tokyo too.
    const canvas = panel.getByTestId('chart-canvas');
    const box = (await canvas.boundingBox())!;
    await canvas.hover({ position: { x: box.width * 0.15, y: box.height * 0.4 } });
    await expect(legendTime).not.toContainText(latest.day);
    const hoveredText = await legendTime.textContent();
    const hovered = history.points
      .map(([time]) => tokyo(time))
      .find((candidate) => hoveredText?.includes(candidate.day) && hoveredText.includes(candidate.time));
    expect(hovered, hoveredText ?? '').toBeDefined();
    await page.getByRole('heading', { name: 'XRP Charts' }).hover();
    await expect(legendTime).toContainText(latest.day);
  });

  test('the TradingView widget is an option when it loads, never the default, and follows the theme', async ({
    page,
    signInAs,
  }) => {
    await page.route('https://s.tradingview.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>chart</title><p>chart</p>' }),
    );
    await signInAs('complimentary');
    await page.goto('/analytics');
    const panel = page.getByTestId('charts-card').getByRole('tabpanel');
    const option = panel.getByRole('button', { name: 'TradingView' });
    await expect(option).toHaveAttribute('aria-pressed', 'false');
    await expect(panel.getByTestId('chart-canvas').locator('canvas').first()).toBeVisible();
    await expect(page.getByTestId('price-widget')).toHaveCount(0);

    await option.click();
    await expect(option).toHaveAttribute('aria-pressed', 'true');
    const widget = page.getByTestId('price-widget');
    await expect(widget).toHaveAttribute('src', /symbol=COINBASE%3AXRPUSD/);
    await expect(widget).toHaveAttribute('src', /interval=D&theme=light/);
    await expect(panel.getByTestId('chart-canvas')).toHaveCount(0);

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

    // And back to our own chart.
    await option.click();
    await expect(panel.getByTestId('chart-canvas').locator('canvas').first()).toBeVisible();
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

  test('the premium charts fit 390 px and have no axe violations, in the dark theme', async ({
    page,
    freshUser,
    upgradeInTestMode,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await freshUser('Axe Charts');
    await upgradeInTestMode();
    await page.request.patch('/api/preferences', { data: { themePreference: 'dark' } });
    await page.goto('/analytics');
    const charts = page.getByTestId('charts-card');
    for (const tab of ['Price Chart', 'Fear & Greed']) {
      await charts.getByRole('tab', { name: tab }).click();
      await expect(
        charts.getByRole('tabpanel').getByTestId('chart-canvas').locator('canvas').first(),
      ).toBeVisible();
      // The buttons wrap: nothing is wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const violations = (
        await new AxeBuilder({ page }).include('[data-testid="charts-card"]').analyze()
      ).violations.map((v) => `${tab}: ${v.id}: ${v.nodes[0]?.target}`);
      expect(violations).toEqual([]);
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
