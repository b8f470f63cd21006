import { expect, expectPath, test } from './fixtures';

test.describe('header and footer', () => {
  test('a visitor sees the header links, Sign In and Get Premium', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const links: [string, string][] = [
      ['Home', '/'],
      ['News & Insights', '/news'],
      ['Analytics', '/analytics'],
      ['Alerts', '/alerts'],
      ['Membership', '/membership'],
    ];
    for (const [name, href] of links) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    await expect(header.getByRole('link', { name: 'Get Premium' })).toHaveAttribute('href', '/membership');
    await nav.getByRole('link', { name: 'Membership' }).click();
    await expectPath(page, '/membership');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose Your Membership Plan');
  });

  test('the footer has its three groups, social links, newsletter, disclaimer and © 2024', async ({
    page,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const groups = {
      Platform: ['/analytics', '/whales', '/supply', '/news', '/alerts', '/ask', '/api'],
      Resources: ['/learn', '/analysis', '/regulatory', '/research'],
      Company: ['/about', '/settings', '/contact', '/privacy', '/terms'],
    };
    for (const [group, hrefs] of Object.entries(groups)) {
      const links = footer.getByRole('navigation', { name: group }).getByRole('link');
      await expect(links).toHaveCount(hrefs.length);
      for (const [index, href] of hrefs.entries())
        await expect(links.nth(index)).toHaveAttribute('href', href);
    }
    await expect(footer.getByRole('link', { name: 'XRP on X' })).toHaveAttribute('target', '_blank');
    await expect(footer.getByTestId('disclaimer')).toContainText('not financial advice');
    await expect(footer).toContainText('© 2024');
    await footer.getByRole('link', { name: 'Research', exact: true }).click();
    await expectPath(page, '/research');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Research');
  });

  test('the newsletter box asks to confirm by mail and explains a bad address', async ({ page }) => {
    await page.goto('/');
    const box = page.getByLabel('Newsletter');
    await box.fill('not-an-email');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await box.fill(`reader-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(
      page.getByText('Check your inbox: we sent you a link to confirm your subscription.'),
    ).toBeVisible();
    await expect(box).toHaveValue('');
  });

  test('a page loaded afresh opens at the top, and Back returns to where the last one was', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(200);
    await page.goto('/membership');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Learn' }).click();
    await expectPath(page, '/learn');
    await page.goBack();
    await expectPath(page, '/membership');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  });

  test('a reload keeps its place; a link opens its page at the top; Forward returns to where it was', async ({
    page,
  }) => {
    const scrollY = () => page.evaluate(() => window.scrollY);
    // The footer, once the page above it has rendered (its plans come from the API).
    const scrollToFooter = async () => {
      await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
      return scrollY();
    };
    await page.goto('/membership');
    await expect.poll(scrollToFooter).toBeGreaterThan(200);
    const left = await scrollY();
    await page.reload();
    await expect.poll(scrollY).toBe(left);

    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
    await expectPath(page, '/about');
    await expect.poll(scrollY).toBe(0);
    await expect.poll(scrollToFooter).toBeGreaterThan(100);
    const aboutLeft = await scrollY();
    await page.goBack();
    await expectPath(page, '/membership');
    await expect.poll(scrollY).toBe(left);
    await page.goForward();
    await expectPath(page, '/about');
    await expect.poll(scrollY).toBe(aboutLeft);
  });

  test('an address whose #fragment is not valid escaping still opens its page', async ({ page }) => {
    await page.goto('/membership#%E0%A4%A');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("a page opened by its address takes the place of index.html's spinner with none of its own between", async ({
    page,
  }) => {
    // index.html's spinner is plain markup; the app's is lucide's icon. A page begun before its
    // chunk had arrived showed the app's for 300 ms or more (React's fallback throttle, ADR 0028).
    await page.addInitScript(() => {
      const seen = { spinners: 0 };
      Object.assign(window, { seen });
      new MutationObserver(() => {
        // Before the page's heading: a page may show its own spinner for its data after it.
        if (!document.querySelector('h1') && document.querySelector('#root [role="status"] svg.lucide'))
          seen.spinners += 1;
      }).observe(document, { childList: true, subtree: true });
    });
    const pages: [string, string][] = [
      ['/terms', 'Terms of Service'],
      ['/research', 'Research'],
    ];
    for (const [path, title] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      expect(await page.evaluate(() => (window as unknown as { seen: { spinners: number } }).seen)).toEqual({
        spinners: 0,
      });
    }
  });

  test('/api is a page of the site while /api/… is the API', async ({ page }) => {
    await page.goto('/api');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Developer API');
    const health = await page.request.get('/api/health');
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });
});

test.describe('404 page', () => {
  test.use({ expectedConsoleErrors: [/status of 404/] });

  test('an unknown path shows the 404 page with a way home, with status 404', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expectPath(page, '/');
  });
});
