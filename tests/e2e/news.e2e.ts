import { AxeBuilder } from './axe';
import { adminContext } from './admin-api';
import { inTokyoEu } from './dates';
import { expect, expectPath, test } from './fixtures';

/**
 * The news page. Serial: the first test sees no articles; later ones read what the refresh stored.
 * A retry runs the group again on the same server, after a refresh stored the articles: the empty
 * page cannot be seen again then, and the feeds exist already.
 */
test.describe.configure({ mode: 'serial' });

test.describe('news page', () => {
  test('a visitor is sent to sign in', async ({ page }) => {
    await page.goto('/news');
    await expectPath(page, '/auth');
  });

  test('with no articles yet, the page says so', async ({ page, signInAs }) => {
    test.skip(test.info().retry > 0, 'a retry: the first run stored the articles');
    await signInAs('free');
    await page.goto('/news');
    await expect(page.getByText('No news articles available at the moment')).toBeVisible();
    await expect(page.getByTestId('news-overview')).toContainText('Total Articles0');
  });

  test('refresh fetches the feeds, and cards open the article in a new tab', async ({
    page,
    signInAs,
    playwright,
    baseURL,
  }) => {
    const admin = await adminContext(playwright, baseURL ?? '');
    // Only local feeds: the default public ones are switched off for the browser tests (on a retry
    // the local ones exist already).
    const fixtures = [
      ['Fixture Telegraph', 'telegraph.xml'],
      ['Ledger Blog', 'atom.xml'],
      ['Policy Wire', 'policy.xml'],
    ];
    const feeds = (await (await admin.get(`${baseURL}/api/admin/feeds`)).json()) as {
      id: string;
      name: string;
    }[];
    const ours = (feed: { name: string }) => fixtures.some(([name]) => name === feed.name);
    for (const feed of feeds.filter((feed) => !ours(feed)))
      await admin.patch(`${baseURL}/api/admin/feeds/${feed.id}`, { data: { enabled: false } });
    for (const [name, file] of fixtures.filter(([name]) => !feeds.some((feed) => feed.name === name)))
      expect(
        (
          await admin.post(`${baseURL}/api/admin/feeds`, {
            data: {
              name,
              url: `${process.env.E2E_UPSTREAM_URL}/feeds/${file}`,
              feedType: 'rss',
              category: 'XRP',
            },
          })
        ).status(),
      ).toBe(201);
    await admin.dispose();

    await signInAs('free');
    await page.goto('/news');
    if (test.info().retry === 0)
      await expect(page.getByText('No news articles available at the moment')).toBeVisible();
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect(page.getByText('News articles refreshed successfully')).toBeVisible();
    const cards = page.getByTestId('news-card');
    await expect(cards).toHaveCount(8);
    await expect(page.getByTestId('news-overview')).toContainText('Total Articles8');
    await expect(page.getByTestId('recent-sources')).toContainText('Fixture Telegraph');

    const card = cards.filter({ hasText: 'Spot XRP funds log a third week' });
    await expect(card.getByText('XRP', { exact: true })).toBeVisible();
    await expect(card.locator('.rounded-full')).toHaveCount(2);
    await expect(card).toContainText('Fixture Telegraph');
    const title = card.getByRole('link', {
      name: 'Fixture: Spot XRP funds log a third week of net inflows',
      exact: true,
    });
    await expect(title).toHaveAttribute('href', 'https://cointelegraph.com/news/fixture-xrp-etf-flows');
    await expect(title).toHaveAttribute('target', '_blank');
    await expect(title).toHaveAttribute('rel', 'noopener noreferrer');
    const readMore = card.getByRole('link', { name: /^Read More/ });
    await expect(readMore).toHaveAttribute('target', '_blank');
    await expect(readMore).toHaveAttribute('rel', 'noopener noreferrer');
    // The hostile item arrives as text only.
    const hostile = cards.filter({ hasText: 'Unsafe markup' });
    await expect(hostile).toContainText('Synthetic paragraph that should survive sanitizing.');
  });

  test('the home ticker shows the newest headlines once there are articles', async ({ page }) => {
    const item = page.getByTestId('ticker-item');
    const dots = page.getByRole('group', { name: 'Choose an update' }).getByRole('button');
    // The refresh stores each feed as it arrives: on a busy machine the last feed's items may land
    // after the previous test saw the first, so the home page is opened again until they are in.
    await expect(async () => {
      await page.goto('/');
      await dots.nth(2).click();
      // Undated on the feed, so dated when first seen: the newest article.
      await expect(item).toContainText('Fixture: item without a pubDate element', { timeout: 3000 });
    }).toPass({ timeout: 30_000 });
    await dots.nth(3).click();
    await expect(item).toContainText('Fixture: Spot XRP funds log a third week of net inflows');
    await dots.nth(1).click();
    // Whale data is premium: a visitor gets the Fear & Greed reading there, and no invented whale move.
    await expect(item).toContainText('Fear & Greed Index');
    await expect(page.getByText('moved between exchange wallets')).toHaveCount(0);
  });

  test.describe('for a member in Tokyo with EU dates, on a browser in Los Angeles', () => {
    test.use({ timezoneId: 'America/Los_Angeles' });

    test('each card is dated in Tokyo, EU order; an undated article says when it was first seen', async ({
      page,
      freshUser,
    }) => {
      await freshUser('Tomo Tokyo');
      await page.request.patch('/api/preferences', { data: { timezone: 'Asia/Tokyo' } });
      await page.request.patch('/api/preferences', { data: { dateFormat: 'EU' } });
      const { articles } = (await (await page.request.get('/api/news?limit=20')).json()) as {
        articles: { title: string; publishedAt: string; dated: boolean }[];
      };
      await page.goto('/news');
      const cards = page.getByTestId('news-card');
      const dated = articles.find((article) => article.title.startsWith('Fixture: Spot XRP funds'));
      expect(dated?.dated).toBe(true);
      await expect(cards.filter({ hasText: dated!.title }).locator('time')).toHaveAttribute(
        'title',
        inTokyoEu(dated!.publishedAt),
      );
      const undated = cards.filter({ hasText: 'Fixture: item without a pubDate element' });
      await expect(undated.getByTestId('news-undated')).toHaveText(
        /^Undated · first seen (\d+ min ago|under a minute ago)$/,
      );
      await expect(undated.getByText('Just now')).toHaveCount(0);
    });
  });

  test('/regulatory shows the REGULATION news to visitors', async ({ page }) => {
    await page.goto('/regulatory');
    await expect(page.getByRole('heading', { name: 'Regulatory Updates' })).toBeVisible();
    const cards = page.getByTestId('news-card');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(
      'Fixture: Court approves settlement between the SEC and Ripple',
    );
    await expect(cards.first()).toContainText('REGULATION');
  });

  test('search and category live in the URL; back returns to the earlier list; empty filter state', async ({
    page,
    signInAs,
  }) => {
    await signInAs('free');
    await page.goto('/news');
    const cards = page.getByTestId('news-card');
    await expect(cards).toHaveCount(8);
    await page.getByLabel('Search news').fill('INFLOWS');
    await expect(page).toHaveURL(/[?&]q=INFLOWS/);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Spot XRP funds');

    await page.goBack();
    await expect(cards).toHaveCount(8);
    await expect(page.getByLabel('Search news')).toHaveValue('');

    await page.getByLabel('Category').selectOption('TECHNOLOGY');
    await expect(page).toHaveURL(/category=TECHNOLOGY/);
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    expect(count).toBeLessThan(8);

    await page.getByLabel('Search news').fill('nothing-matches-this');
    await expect(page.getByText('No articles found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search or filter criteria')).toBeVisible();

    await page.goto('/news?q=amendment&category=TECHNOLOGY');
    await expect(page.getByLabel('Search news')).toHaveValue('amendment');
    await expect(page.getByLabel('Category')).toHaveValue('TECHNOLOGY');
    await expect(cards).toHaveCount(1);
  });

  test.describe('when the server fails', () => {
    // The browser logs the 5xx answers these tests provoke.
    test.use({ expectedConsoleErrors: [/status of 50[02]/] });

    test('failures show their error toasts and keep the list', async ({ page, signInAs }) => {
      await signInAs('free');
      await page.goto('/news');
      await expect(page.getByTestId('news-card')).toHaveCount(8);
      await page.route('**/api/news/refresh', (route) =>
        route.fulfill({
          status: 502,
          json: { error: { code: 'upstream_error', message: 'Every feed failed' } },
        }),
      );
      await page.getByRole('button', { name: 'Refresh News' }).click();
      await expect(page.getByText(/Failed to refresh news/)).toBeVisible();
      await expect(page.getByTestId('news-card')).toHaveCount(8);

      await page.route('**/api/news?*', (route) =>
        route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Boom' } } }),
      );
      await page.getByLabel('Search news').fill('ledger');
      await expect(page.getByText('Failed to fetch news articles').first()).toBeVisible();
    });
  });

  test('shows its heading before any script has run, where the app then draws it (ADR 0060)', async ({
    page,
    signInAs,
  }) => {
    await signInAs('free');
    // The scripts never arrive: what shows is the document alone.
    await page.route('**/assets/*.js', () => undefined);
    await page.goto('/news', { waitUntil: 'domcontentloaded' });
    const heading = page.getByRole('heading', { level: 1, name: 'News & Insights' });
    const line = page.getByText('The latest XRP news, gathered from many sources.');
    await expect(heading).toBeVisible();
    await expect(line).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
    await expect(page).toHaveTitle('News & Insights | XRP Research');
    const before = [await heading.boundingBox(), await line.boundingBox()];

    await page.unroute('**/assets/*.js');
    await page.goto('/news');
    await expect(page.getByRole('searchbox', { name: 'Search news' })).toBeVisible();
    // The app's heading replaced the document's: one heading, in the same place and size.
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    expect([await heading.boundingBox(), await line.boundingBox()]).toEqual(before);
  });

  test('opened directly, the page asks for its own scripts once its heading has painted (ADR 0057, ADR 0060)', async ({
    page,
    signInAs,
  }) => {
    await signInAs('free');
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const preloads = () =>
      page
        .locator('head link[rel="modulepreload"]')
        .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));

    await page.goto('/news');
    await expect(page.getByRole('heading', { level: 1, name: 'News & Insights' })).toBeVisible();
    // The page's chunk and its route guard's, named before the app's entry has run. The heading is
    // the document's own, so the loader may add the links a moment after it shows.
    const newsChunk = (href: string) => /^\/assets\/news-[\w-]{8}\.js$/.test(href);
    await expect.poll(async () => (await preloads()).filter(newsChunk)).toHaveLength(1);
    const onNews = await preloads();
    expect(onNews.filter((href) => href.startsWith('/assets/route-guard-'))).toHaveLength(1);
    // With them, ICU's data loads on a worker (ADR 0061): its script is asked for once.
    await expect.poll(() => scripts.filter((script) => script === '/intl-warmup.js')).toHaveLength(1);
    // Each is fetched once: the app's own loader sees the links and asks for none of them again.
    for (const href of onNews)
      await expect.poll(() => scripts.filter((script) => script === href), { message: href }).toHaveLength(1);

    // The home page is in the entry: nothing else is asked for ahead of it.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect((await preloads()).filter((href) => href.startsWith('/assets/route-guard-'))).toEqual([]);
  });

  test('has no axe violations at 390 px in both themes', async ({ page, signInAs }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs('free');
    for (const theme of ['light', 'dark']) {
      await page.addInitScript((value) => localStorage.setItem('xrp-research-theme', value), theme);
      await page.goto('/news');
      await expect(page.getByTestId('news-card').first()).toBeVisible();
      const violations = (await new AxeBuilder({ page }).analyze()).violations.map(
        (v) => `${v.id}: ${v.nodes[0]?.target}`,
      );
      expect(violations, theme).toEqual([]);
    }
  });
});
