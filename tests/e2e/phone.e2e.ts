import { AxeBuilder } from './axe';
import type { Locator, Page } from '@playwright/test';
import { expect, expectPath, test } from './fixtures';

/** The site as a new visitor meets it on a 390 px phone, and installed as an app. */

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/** The page never scrolls sideways: nothing makes it wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const { width, wide } = await page.evaluate((screen) => {
    // What sticks out, for the failure message: the innermost elements past the screen's edge.
    const out = [...document.body.querySelectorAll('*')]
      .filter(
        (element) =>
          element.getBoundingClientRect().right > screen + 1 &&
          ![...element.children].some((child) => child.getBoundingClientRect().right > screen + 1),
      )
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 160));
    return { width: document.documentElement.scrollWidth, wide: out };
  }, PHONE.width);
  expect(width, wide.join('\n')).toBeLessThanOrEqual(PHONE.width);
}

async function axeViolations(page: Page, label: string) {
  return (await new AxeBuilder({ page }).analyze()).violations.map(
    (violation) => `${label}: ${violation.id}: ${violation.nodes[0]?.target}`,
  );
}

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not rendered');
  return found;
};

/** Signs a free member in: the light theme the shared account keeps, or a fresh account in dark. */
async function useTheme(
  page: Page,
  theme: 'light' | 'dark',
  freshUser: (name?: string) => Promise<unknown>,
  signInAs: (user: 'free') => Promise<void>,
): Promise<void> {
  if (theme === 'light') return signInAs('free');
  await freshUser('Phone Dark');
  await page.request.patch('/api/preferences', { data: { themePreference: 'dark' } });
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`at 390 px, ${theme}`, () => {
    test('analytics: metric cards two a row, price to Fear & Greed on the first screen, tabs inside', async ({
      page,
      freshUser,
      signInAs,
    }) => {
      await useTheme(page, theme, freshUser, signInAs);
      await page.goto('/analytics');
      const cards = page.getByTestId('metric-card');
      await expect(cards).toHaveCount(6);
      const [first, second, third] = [
        await box(cards.nth(0)),
        await box(cards.nth(1)),
        await box(cards.nth(2)),
      ];
      expect(Math.abs(first.y - second.y)).toBeLessThan(1);
      expect(second.x).toBeGreaterThan(first.x + first.width);
      expect(third.y).toBeGreaterThan(first.y + first.height);
      // The page opens at its top: these four start on the first screen, with no scroll.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      for (const card of [
        cards.filter({ has: page.getByRole('heading', { name: 'Current Price', exact: true }) }),
        cards.filter({ has: page.getByRole('heading', { name: 'Market Cap', exact: true }) }),
        cards.filter({ has: page.getByRole('heading', { name: '24h Volume', exact: true }) }),
        page.getByTestId('fear-greed-card'),
      ])
        expect((await box(card)).y).toBeLessThan(PHONE.height);
      await expect(page.getByTestId('fear-greed-value')).toBeVisible();
      await expectNoSidewaysScroll(page);
      expect(await axeViolations(page, `analytics ${theme}`)).toEqual([]);
    });

    test('analytics for a Premium member: the chart tab row stays inside its card', async ({
      page,
      freshUser,
      upgradeInTestMode,
    }) => {
      await freshUser('Phone Premium');
      await upgradeInTestMode();
      await page.request.patch('/api/preferences', { data: { themePreference: theme } });
      await page.goto('/analytics');
      const charts = page.getByTestId('charts-card');
      const tabs = charts.getByRole('tablist');
      await tabs.scrollIntoViewIfNeeded();
      await expect(tabs.getByRole('tab')).toHaveCount(5);
      // Every tab lies inside the card: none cut off at its edge, none pushing the page wider.
      const chartsBox = await box(charts);
      for (const tab of await tabs.getByRole('tab').all()) {
        const tabBox = await box(tab);
        expect(tabBox.x).toBeGreaterThanOrEqual(chartsBox.x);
        expect(tabBox.x + tabBox.width, (await tab.textContent()) ?? '').toBeLessThanOrEqual(
          chartsBox.x + chartsBox.width,
        );
        expect(await tab.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      }
      await tabs.getByRole('tab', { name: 'Marketcap Dominance' }).click();
      await expect(tabs.getByRole('tab', { name: 'Marketcap Dominance' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expectNoSidewaysScroll(page);
      expect(await axeViolations(page, `analytics premium ${theme}`)).toEqual([]);
    });

    test('home: the Market Updates ticker shows the whole price line', async ({
      page,
      freshUser,
      signInAs,
    }) => {
      await useTheme(page, theme, freshUser, signInAs);
      await page.clock.install();
      await page.goto('/');
      const item = page.getByTestId('ticker-item');
      await expect(item).toContainText(/XRP [+-]?\d+\.\d{2}% in 24h/);
      const title = item.getByTestId('ticker-title');
      const price = item.getByTestId('ticker-price');
      await expect(price).toHaveText(/^\$\d+\.\d{4}$/);
      // Not cut short: every line of the item fits its box, and the price is on the screen.
      for (const line of [title, item.getByTestId('ticker-meta')])
        expect(
          await line.evaluate((element) => element.scrollWidth <= element.clientWidth),
          (await line.textContent()) ?? '',
        ).toBe(true);
      const priceBox = await box(price);
      expect(priceBox.x).toBeGreaterThanOrEqual(0);
      expect(priceBox.x + priceBox.width).toBeLessThanOrEqual(PHONE.width);
      await expectNoSidewaysScroll(page);
      expect(await axeViolations(page, `home ${theme}`)).toEqual([]);
    });

    test('footer: Platform, Resources and Company are closed disclosures that open by keyboard', async ({
      page,
      freshUser,
      signInAs,
    }) => {
      await useTheme(page, theme, freshUser, signInAs);
      await page.goto('/about');
      const footer = page.getByRole('contentinfo');
      for (const group of ['Platform', 'Resources', 'Company']) {
        const nav = footer.getByRole('navigation', { name: group });
        const button = nav.getByRole('button', { name: group });
        await expect(button).toHaveAttribute('aria-expanded', 'false');
        await expect(nav.getByRole('link')).toHaveCount(await nav.getByRole('link').count());
        await expect(nav.getByRole('listitem').first()).toBeHidden();
        await button.focus();
        await page.keyboard.press('Enter');
        await expect(button).toHaveAttribute('aria-expanded', 'true');
        await expect(nav.getByRole('link').first()).toBeVisible();
        if (group === 'Company') {
          expect(await axeViolations(page, `footer ${theme}`)).toEqual([]);
        }
        await page.keyboard.press('Space');
        await expect(button).toHaveAttribute('aria-expanded', 'false');
        await expect(nav.getByRole('link').first()).toBeHidden();
      }
      // Opened, a group's links work: Company → Privacy.
      const company = footer.getByRole('navigation', { name: 'Company' });
      await company.getByRole('button', { name: 'Company' }).click();
      await company.getByRole('link', { name: 'Privacy' }).click();
      await expectPath(page, '/privacy');
      await expectNoSidewaysScroll(page);
    });
  });
}

test('a visitor signs in from the header on a phone, with no menu to open', async ({ page }) => {
  await page.goto('/');
  const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign In' });
  await expect(signIn).toBeVisible();
  const signInBox = await box(signIn);
  expect(signInBox.x + signInBox.width).toBeLessThanOrEqual(PHONE.width);
  await expectNoSidewaysScroll(page);
  await signIn.click();
  await expectPath(page, '/auth');
});

test('on a wide screen the footer groups are open headings and Fear & Greed sits beside the cards', async ({
  page,
  signInAs,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs('free');
  await page.goto('/analytics');
  const cards = page.getByTestId('metric-card');
  await expect(cards).toHaveCount(6);
  // Three cards a row, Fear & Greed in its own column to their right, from the first row down.
  const [first, third, fourth, sentiment] = [
    await box(cards.nth(0)),
    await box(cards.nth(2)),
    await box(cards.nth(3)),
    await box(page.getByTestId('fear-greed-card')),
  ];
  expect(Math.abs(third.y - first.y)).toBeLessThan(1);
  expect(fourth.y).toBeGreaterThan(first.y + first.height);
  expect(Math.abs(sentiment.y - first.y)).toBeLessThan(1);
  expect(sentiment.x).toBeGreaterThan(third.x + third.width);

  const footer = page.getByRole('contentinfo');
  for (const group of ['Platform', 'Resources', 'Company']) {
    const nav = footer.getByRole('navigation', { name: group });
    await expect(nav.getByRole('heading', { name: group })).toBeVisible();
    await expect(nav.getByRole('button')).toHaveCount(0);
    await expect(nav.getByRole('link').first()).toBeVisible();
  }
});

test('every admin tab keeps its tables inside the screen at 390 px', async ({ page, signInAs }) => {
  test.setTimeout(60_000);
  await signInAs('admin');
  const checkedTables: string[] = [];
  /** The page's width, and each table scrolling inside its own box within the screen. */
  const check = async (label: string, panel: Locator) => {
    await expect(panel).toBeVisible();
    await expect(panel).not.toContainText('Loading...');
    await expectNoSidewaysScroll(page);
    for (const table of await panel.locator('table').all()) {
      checkedTables.push(label);
      const scroller = table.locator('xpath=..');
      const scrollerBox = await box(scroller);
      expect(scrollerBox.x, label).toBeGreaterThanOrEqual(0);
      expect(scrollerBox.x + scrollerBox.width, label).toBeLessThanOrEqual(PHONE.width);
      expect(await scroller.evaluate((element) => getComputedStyle(element).overflowX), label).toBe('auto');
      // Wider than the box, it scrolls (by keyboard too: the box takes focus).
      if (await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)) {
        await scroller.focus();
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => scroller.evaluate((element) => element.scrollLeft), label).toBeGreaterThan(0);
      }
    }
  };
  for (const tab of ['overview', 'users', 'comments', 'inbox', 'feeds', 'api', 'domino', 'accounts']) {
    await page.goto(`/admin?tab=${tab}`);
    const panel = page.getByRole('tabpanel').first();
    if (tab !== 'api') {
      await check(tab, panel);
      continue;
    }
    // API Management holds its own tabs: sources, the sync logs table and the background tasks table.
    for (const inner of ['API Sources', 'Sync Logs', 'Background Tasks']) {
      await panel.getByRole('tab', { name: inner }).click();
      await check(inner, panel.getByRole('tabpanel', { name: inner }));
    }
  }
  // The tables this checked, so a renamed tab cannot make it pass on no table at all.
  expect(checkedTables).toEqual(
    expect.arrayContaining(['users', 'Sync Logs', 'Background Tasks', 'accounts']),
  );
});

test('the site installs as an app: linked manifest, fetchable icons, a registered worker', async ({
  page,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await page.request.get(href ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'XRP Research', start_url: '/', display: 'standalone' });
  const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  for (const src of [...manifest.icons.map((icon) => icon.src), appleIcon ?? '']) {
    const icon = await page.request.get(src);
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()['content-type'], src).toBe('image/png');
    // A real PNG, not the app's page answered for a missing file.
    expect((await icon.body()).subarray(1, 4).toString('latin1'), src).toBe('PNG');
  }
  // The service worker is registered on load and controls the page.
  await expect
    .poll(() =>
      page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.state),
    )
    .toBe('activated');
  // Chromium's own installability check (the one Lighthouse's removed installable-manifest audit read).
  const cdp = await page.context().newCDPSession(page);
  await expect
    .poll(async () => {
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      // A test's browser context is incognito, where Chromium never offers to install: not the site's doing.
      return installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito');
    })
    .toEqual([]);
});
