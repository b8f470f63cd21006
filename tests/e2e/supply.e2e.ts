import type { Page } from '@playwright/test';
import type { Supply } from '../../src/domain/supply/supply.schema';
import { adminContext, syncAsAdmin } from './admin-api';
import { AxeBuilder } from './axe';
import { expect, test } from './fixtures';
import { ledger } from './ledger';

/** The account the shipped registry names as Ripple's (src/domain/known-accounts/curated.ts). */
const RIPPLE = 'rMxCKbEDwqr76QuheSUMdEGf4B9xJ8m5De';
const XRP = 1_000_000n;

async function latest(page: Page): Promise<NonNullable<Supply['latest']>> {
  const response = await page.request.get('/api/supply');
  expect(response.status()).toBe(200);
  const { latest } = (await response.json()) as Supply;
  if (!latest) throw new Error('no supply reading');
  return latest;
}

/** As the page writes an exact amount: "99,912,345,678.901135", its decimals as they are. */
const grouped = (xrp: string) => {
  const [whole = '', fraction] = xrp.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
};

test.describe('the supply page', () => {
  test.beforeAll(async ({ playwright }) => {
    // Ripple's named account holds 2.5B XRP and funded three escrows on the fake ledger: two unlock
    // in 2031 (the first on 1 January at midnight UTC, already January 1 in Tokyo), one already has.
    await ledger('account', { address: RIPPLE, balanceDrops: String(2_500_000_000n * XRP) });
    await ledger('escrows', {
      owner: RIPPLE,
      escrows: [
        { amountDrops: String(1_000_000_000n * XRP), finishAfter: '2031-01-01T00:00:00Z' },
        { amountDrops: String(600_000_000n * XRP), finishAfter: '2031-03-01T00:00:00Z' },
        { amountDrops: String(50_000_000n * XRP), finishAfter: '2020-01-01T00:00:00Z' },
      ],
    });
    const baseURL = process.env.E2E_BASE_URL ?? '';
    const admin = await adminContext(playwright, baseURL);
    await syncAsAdmin(admin, baseURL, 'xrpl_supply');
    await admin.dispose();
  });

  test('a visitor reads the supply from the ledger and is offered the escrow calendar with Premium', async ({
    page,
  }) => {
    const reading = await latest(page);
    expect(reading.escrowedXrp).toBe('1650000000');
    await page.goto('/supply');
    await expect(page.getByRole('heading', { level: 1, name: 'XRP Supply' })).toBeVisible();
    await expect(page.getByTestId('supply-total')).toContainText(`${grouped(reading.totalXrp)} XRP`);
    await expect(page.getByTestId('supply-burned')).toContainText(grouped(reading.burnedXrp));
    await expect(page.getByTestId('supply-escrowed')).toContainText('1,650,000,000 XRP');
    await expect(page.getByTestId('supply-escrowed')).toContainText('3 escrows');
    await expect(page.getByTestId('supply-ripple-held')).toContainText('2,500,000,000 XRP');
    await expect(page.getByTestId('supply-as-of')).toContainText(
      `ledger ${reading.ledgerIndex.toLocaleString('en-US')}`,
    );
    await expect(page.getByTestId('premium-overlay')).toContainText('escrow calendar');
    expect((await page.request.get('/api/supply/escrows')).status()).toBe(401);
  });

  test('a Premium member reads Ripple’s escrows by month and the supply day by day, at 1280 and 390 px in both themes', async ({
    page,
    freshUser,
    upgradeInTestMode,
  }) => {
    test.setTimeout(120_000);
    await freshUser();
    await page.request.patch('/api/preferences', { data: { timezone: 'Asia/Tokyo' } });
    await upgradeInTestMode();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const theme of ['light', 'dark'] as const) {
        await page.request.patch('/api/preferences', { data: { themePreference: theme } });
        await page.goto('/supply');
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
        const calendar = page.getByTestId('escrow-calendar');
        await expect(calendar.getByTestId('escrow-releasable')).toContainText('50.0M XRP');
        const months = calendar.getByTestId('escrow-month');
        await expect(months.first()).toContainText('January 2031');
        await expect(months.first()).toContainText('1.0B XRP');
        await expect(months.nth(1)).toContainText('March 2031');
        await expect(calendar.getByTestId('escrow-as-of')).toContainText('Months are in the Asia/Tokyo zone');
        // The fake ledger's blocks carry no escrow transaction of Ripple's: none recorded, and it says so.
        await expect(calendar.getByTestId('escrow-activity')).toContainText('Released and re-locked');
        const history = page.getByTestId('supply-history');
        await expect(history.getByTestId('supply-day').first()).toBeVisible();
        await expect(history.getByTestId('supply-since')).toContainText('History since');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${theme} at ${width}`).toBeLessThanOrEqual(0);
        const violations = (await new AxeBuilder({ page }).analyze()).violations.map(
          (violation) => `${theme} ${width}: ${violation.id}: ${violation.nodes[0]?.target}`,
        );
        expect(violations).toEqual([]);
      }
    }
    await page.getByTestId('supply-history').getByRole('button', { name: '1Y' }).click();
    await expect(page.getByTestId('supply-history').getByRole('button', { name: '1Y' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // The dashboard's supply card links here.
    await page.goto('/analytics');
    await page.getByRole('link', { name: 'Supply, burn and Ripple’s escrow' }).click();
    await expect(page).toHaveURL(/\/supply$/);
  });
});
