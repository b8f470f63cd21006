import { AxeBuilder } from './axe';
import type { Page } from '@playwright/test';
import type { FlowKind } from '../../src/domain/known-accounts/flow-kind';
import type { WhalePage, WhaleParty, WhaleTransaction } from '../../src/domain/whales/whales.schema';
import { expect, expectPath, test } from './fixtures';

const HOUR = 3_600_000;

const binance: WhaleParty = {
  label: 'Binance 12',
  entity: 'Binance',
  category: 'exchange',
  sourceName: 'XRPScan account names',
  sourceUrl: 'https://xrpscan.com/account/rPJ5GFpyDLv7gqeB1uZVUBwDwi41kaXN5A',
  checkedAt: null,
};
const kraken: WhaleParty = { ...binance, label: 'Kraken 1', entity: 'Kraken' };

/**
 * A year of whale payments as the server answers them (names from the registry, values at the
 * payment's hour): 130 of them, a few without a stored price. The server's own filtering and paging
 * have integration tests; here the page is what is tried.
 */
function history(now = Date.now()): WhaleTransaction[] {
  const kinds: [FlowKind, WhaleParty | null, WhaleParty | null][] = [
    ['exchange_inflow', null, binance],
    ['exchange_outflow', kraken, null],
    ['wallet_to_wallet', null, null],
    ['exchange_to_exchange', binance, kraken],
  ];
  return Array.from({ length: 130 }, (_, index) => {
    const [kind, from, to] = kinds[index % kinds.length]!;
    const amount = 1_000_000 + ((index * 7_919) % 90) * 1_000_000;
    const priced = index % 9 !== 4;
    return {
      id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      transactionHash: index.toString(16).toUpperCase().padStart(64, '0'),
      amountXrp: `${amount}.000000`,
      transactionTimestamp: new Date(now - index * 67 * HOUR).toISOString(),
      fromAddress: from ? 'rPJ5GFpyDLv7gqeB1uZVUBwDwi41kaXN5A' : 'rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH',
      toAddress: to ? 'rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh' : 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY',
      destinationTag: to ? 100_000 + index : null,
      fromEvidence: null,
      toEvidence: null,
      from,
      to,
      kind,
      amountUsd: priced ? (amount * 2.25).toFixed(2) : null,
      priceUsd: priced ? '2.25' : null,
      priceAt: priced ? new Date(now - index * 67 * HOUR + 60_000).toISOString() : null,
    };
  });
}

/** Serves the history a page of 50 at a time, by kind and entity, and records what the page asked. */
async function serveHistory(page: Page) {
  const all = history();
  const asked: URLSearchParams[] = [];
  await page.route(/\/api\/whales\/history(?:\?|$)/, async (route) => {
    const query = new URL(route.request().url()).searchParams;
    asked.push(query);
    const kind = query.get('kind');
    const entity = query.get('entity');
    const matching = all.filter(
      (whale) =>
        (!kind || whale.kind === kind) &&
        (!entity || whale.from?.entity === entity || whale.to?.entity === entity),
    );
    const start = Number(query.get('before') || 0);
    const body: WhalePage = {
      items: matching.slice(start, start + 50),
      nextCursor: start + 50 < matching.length ? String(start + 50) : null,
    };
    await route.fulfill({ json: body });
  });
  await page.route(/\/api\/whales\/entities$/, (route) =>
    route.fulfill({
      json: [
        { entity: 'Binance', category: 'exchange', accounts: 13 },
        { entity: 'Kraken', category: 'exchange', accounts: 3 },
      ],
    }),
  );
  return asked;
}

test.describe('the whale history', () => {
  test('a visitor is sent to sign in', async ({ page }) => {
    await page.goto('/whales');
    await expectPath(page, '/auth');
  });

  for (const width of [1280, 390])
    test(`a member upgrades, reads who moved what, filters and pages, at ${width} px in both themes`, async ({
      page,
      freshUser,
      upgradeInTestMode,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      const asked = await serveHistory(page);
      await freshUser();
      // Days are the member's own: Tokyo's 20 November begins at 15:00 UTC on the 19th.
      await page.request.patch('/api/preferences', { data: { timezone: 'Asia/Tokyo' } });
      // A free member is sent to the membership page; the server refuses the data too (integration tests).
      await page.goto('/whales');
      await expectPath(page, '/membership');
      await upgradeInTestMode();
      for (const theme of ['light', 'dark'] as const) {
        await page.request.patch('/api/preferences', { data: { themePreference: theme } });
        await page.goto('/whales');
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
        await expect(page.getByRole('heading', { name: 'Whale Transactions' })).toBeVisible();
        const list = page.getByTestId('whale-history');
        await expect(list.getByTestId('whale-row')).toHaveCount(50);
        const first = list.getByTestId('whale-row').first();
        await expect(first).toContainText('Into an exchange');
        await expect(first).toContainText('unknown wallet');
        await expect(first.getByRole('button', { name: /^To: Binance 12\./ })).toBeVisible();
        // No price that hour: "—" and why, never $0.
        await expect(list.getByTestId('whale-row').nth(4)).toContainText('Dollar value unknown');
        // Nothing spills out of the screen.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, theme).toBeLessThanOrEqual(0);
        const violations = (await new AxeBuilder({ page }).analyze()).violations.map(
          (violation) => `${theme}: ${violation.id}: ${violation.nodes[0]?.target}`,
        );
        expect(violations).toEqual([]);
      }

      // The full address and the name's source are one press away.
      const named = page
        .getByTestId('whale-row')
        .first()
        .getByRole('button', { name: /^To: Binance 12\./ });
      await named.press('Enter');
      await expect(named).toHaveAttribute('aria-expanded', 'true');
      await expect(
        page.getByRole('link', { name: 'rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh' }).first(),
      ).toHaveAttribute('href', 'https://livenet.xrpl.org/accounts/rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh');

      // Older pages follow the cursor until the last, which says how many there were.
      await page.getByRole('button', { name: 'Older transactions' }).click();
      await expect(page.getByTestId('whale-row')).toHaveCount(100);
      await page.getByRole('button', { name: 'Older transactions' }).click();
      await expect(page.getByTestId('whale-row')).toHaveCount(130);
      await expect(page.getByText('All 130 transactions.')).toBeVisible();

      // Filters go into the address, and the server is asked for them; the page stays where it is.
      await page.getByLabel('Kind').scrollIntoViewIfNeeded();
      const atFilters = await page.evaluate(() => window.scrollY);
      expect(atFilters).toBeGreaterThan(200);
      await page.getByLabel('Kind').selectOption({ label: 'Out of an exchange' });
      await expect(page).toHaveURL(/kind=exchange_outflow/);
      expect(await page.evaluate(() => window.scrollY)).toBe(atFilters);
      await expect(page.getByTestId('whale-row')).toHaveCount(33);
      await expect(page.getByTestId('whale-row').first()).toContainText('Out of an exchange');
      await page.getByLabel('Entity').selectOption('Binance');
      await expect(page.getByTestId('whales-empty')).toHaveText(
        'No whale transaction matches these filters.',
      );
      expect(asked.at(-1)?.get('entity')).toBe('Binance');
      // Clearing the filters goes back to the pages already read.
      await page.getByRole('button', { name: 'Clear' }).click();
      await expect(page).toHaveURL(/\/whales$/);
      await expect(page.getByTestId('whale-row')).toHaveCount(130);

      // A size as a member types it; what is not one says so.
      await page.getByLabel('At least (XRP)').fill('30,000,000');
      await page.getByLabel('At least (XRP)').press('Enter');
      await expect.poll(() => asked.at(-1)?.get('minXrp')).toBe('30000000');
      await page.getByLabel('At least (XRP)').fill('lots');
      await page.getByLabel('At least (XRP)').press('Enter');
      await expect(page.getByText('Enter an amount of XRP, such as 1000000 or 1M')).toBeVisible();
      await expect(page.getByLabel('At least (XRP)')).toHaveAttribute('aria-invalid', 'true');
      await page.getByRole('button', { name: 'Clear' }).click();

      // A day is the member's calendar day, the "to" day included.
      await expect(page.getByLabel(/^From \(/)).toHaveAccessibleName(/^From \((?:JST|GMT\+9)\)$/);
      await page.getByLabel(/^From \(/).fill('2026-11-20');
      await expect(page).toHaveURL(/from=2026-11-20/);
      await expect.poll(() => asked.at(-1)?.get('from')).toBe('2026-11-19T15:00:00.000Z');
      await page.getByLabel(/^To \(/).fill('2026-11-21');
      await expect.poll(() => asked.at(-1)?.get('to')).toBe('2026-11-21T15:00:00.000Z');
    });
});

test('the dashboard card names its whales and links to the history', async ({ page, signInAs }) => {
  const all = history();
  await page.route(/\/api\/whales$/, (route) => route.fulfill({ json: all.slice(0, 20) }));
  await signInAs('premium');
  await page.goto('/analytics');
  const card = page.getByTestId('whale-list');
  await expect(card.getByTestId('whale-row')).toHaveCount(8);
  await expect(card).toContainText('Binance 12');
  await page.getByRole('link', { name: 'The whole history, with filters →' }).click();
  await expectPath(page, '/whales');
});
