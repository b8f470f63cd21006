import crypto from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { encodeAccountID } from 'ripple-address-codec';
import type { ExchangeFlows } from '../../src/domain/whales/flows.schema';
import { adminContext, syncAsAdmin } from './admin-api';
import { AxeBuilder } from './axe';
import { expect, test } from './fixtures';
import { ledger } from './ledger';

const DROPS = 1_000_000;
/** Accounts the shipped registry names (src/domain/known-accounts/curated.ts). */
const BINANCE = 'rs8ZPbYqgecRcDzQpJYAMhSxSi5htsjnza';
const BINANCE_9 = 'rBtttd61FExHC68vsZ8dqmS3DfjFEceA1A';
const BINANCE_10 = 'rNU4eAowPuixS5ZCWaRL72UUeKgxcKExpK';
const KRAKEN = 'rEvuKRoEbZSbM5k5Qe5eTD9BixZXsfkxHf';
/** Two wallets no registry names, new in each run. */
const wallet = () => encodeAccountID(crypto.randomBytes(20));

const pay = (from: string, to: string, xrp: number, destinationTag?: number) =>
  ledger('pay', { from, to, drops: String(xrp * DROPS), ...(destinationTag ? { destinationTag } : {}) });

async function flows(page: Page): Promise<ExchangeFlows> {
  const response = await page.request.get('/api/flows/exchanges?range=7d&tz=Asia/Tokyo');
  expect(response.status()).toBe(200);
  return (await response.json()) as ExchangeFlows;
}

/** An exchange's 24-hour net in XRP, 0 when it has none. */
const net24h = (view: ExchangeFlows, entity: string) =>
  Number(view.exchanges.find((row) => row.entity === entity)?.net24hXrp ?? 0);

/** A table's row of one exchange, by its row heading ("Binance", not "Binance US"). */
const rowOf = (table: Locator, entity: string) =>
  table.locator('tr', { has: table.page().getByRole('rowheader', { name: entity, exact: true }) });

/** As the table writes it: "+30.0M". */
const signedM = (xrp: number) => `${xrp > 0 ? '+' : ''}${(xrp / 1e6).toFixed(1)}M`;

test.describe('exchange flows', () => {
  test('a member sees XRP onto and off named exchanges from the ledger, at 1280 and 390 px in both themes', async ({
    page,
    freshUser,
    upgradeInTestMode,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    await freshUser();
    await page.request.patch('/api/preferences', { data: { timezone: 'Asia/Tokyo' } });
    await upgradeInTestMode();

    // What was recorded before (a retry of this test adds to its first try's flows).
    const before = await flows(page);
    const [alice, bob] = [wallet(), wallet()];
    for (const address of [alice, KRAKEN, BINANCE_9])
      await ledger('account', { address, balanceDrops: String(100_000_000 * DROPS) });
    // A tagged deposit, a withdrawal, a move inside Binance (never a flow) and one between wallets.
    await pay(alice, BINANCE, 30_000_000, 104_729);
    await pay(KRAKEN, bob, 12_000_000);
    await pay(BINANCE_9, BINANCE_10, 5_000_000);
    await pay(alice, bob, 2_000_000);
    const binance = net24h(before, 'Binance') + 30_000_000;
    const kraken = net24h(before, 'Kraken') - 12_000_000;
    // The catch-up reads the new ledgers (the browser tests' server runs no sync on its own).
    const admin = await adminContext(playwright, baseURL ?? '');
    await syncAsAdmin(admin, baseURL ?? '', 'xrpl_whales');
    // And the reserves: every named exchange account's balance at the validated ledger.
    await syncAsAdmin(admin, baseURL ?? '', 'xrpl_reserves');
    await expect
      .poll(async () => {
        const now = await flows(page);
        return [net24h(now, 'Binance'), net24h(now, 'Kraken')];
      })
      .toEqual([binance, kraken]);

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const theme of ['light', 'dark'] as const) {
        await page.request.patch('/api/preferences', { data: { themePreference: theme } });
        await page.goto('/whales');
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
        const card = page.getByTestId('exchange-flows-card');
        await expect(card.getByRole('heading', { name: 'Exchange flows' })).toBeVisible();
        const table = card.getByTestId('exchange-flows-table');
        await expect(rowOf(table, 'Binance')).toContainText(signedM(binance));
        await expect(rowOf(table, 'Kraken')).toContainText(signedM(kraken));
        await expect(card.getByTestId('chart-canvas')).toBeVisible();
        await expect(card.getByTestId('chart-legend').first()).toContainText(/Net [+-]?[\d.]+[KMB]? XRP/);
        await expect(card.getByTestId('history-since')).toContainText('History since');
        // Binance's named accounts on the fake ledger hold about 130M XRP (less fees) after the payments.
        const reserves = card.getByTestId('exchange-reserves-table');
        await expect(rowOf(reserves, 'Binance')).toContainText(/\d+\.\dM/);
        await expect(card.getByTestId('reserves-as-of')).toContainText('XRP held at ledger');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${theme} at ${width}`).toBeLessThanOrEqual(0);
        const violations = (
          await new AxeBuilder({ page }).include('[data-testid="exchange-flows-card"]').analyze()
        ).violations.map((violation) => `${theme} ${width}: ${violation.id}: ${violation.nodes[0]?.target}`);
        expect(violations).toEqual([]);
      }
    }

    // The member's own days on 30D: the legend names a day, without a time.
    const card = page.getByTestId('exchange-flows-card');
    await card.getByRole('button', { name: '30D' }).click();
    await expect(card.getByRole('button', { name: '30D' })).toHaveAttribute('aria-pressed', 'true');
    await expect(card.getByTestId('legend-time').first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}$/);

    // The dashboard's chart card has the same flows on a tab of its own.
    await page.goto('/analytics');
    const charts = page.getByTestId('charts-card');
    await charts.scrollIntoViewIfNeeded();
    await charts.getByRole('tab', { name: 'Exchange Flows' }).click();
    const panel = charts.getByRole('tabpanel', { name: 'Exchange Flows' });
    await expect(rowOf(panel.getByTestId('exchange-flows-table'), 'Binance')).toContainText(signedM(binance));
  });

  test('a free member gets no flows: the server refuses them and the chart card offers Premium', async ({
    page,
    signInAs,
  }) => {
    await signInAs('free');
    expect((await page.request.get('/api/flows/exchanges')).status()).toBe(403);
    await page.goto('/analytics');
    await expect(page.getByTestId('charts-teaser')).toContainText('flowing onto and off named exchanges');
  });
});
