import { AxeBuilder } from './axe';
import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { E2E_LEDGER, RLUSD } from '../support/ledger-accounts';
import { adminContext, syncAsAdmin } from './admin-api';
import { expect, expectPath, test } from './fixtures';
import { ledger } from './ledger';

/**
 * Portfolio tracking (Premium). The fake XRP Ledger lives in the global setup's process:
 * the tests stand accounts up, pay and price tokens through its HTTP controls (tests/support/
 * fake-upstreams.ts, /control/ledger/*). Every figure expected below is worked out here from what the
 * test put on the ledger and in the holdings, and from the synced XRP price read from /api/market.
 */

const DROPS = 1_000_000;

/** The XRP/RLUSD AMM pool both tests price RLUSD with (4M XRP against 8.8M RLUSD). */
const POOL = { xrpDrops: 4_000_000 * DROPS, tokenValue: '8800000' };
const xrpPerRlusd = POOL.xrpDrops / DROPS / Number(POOL.tokenValue);

const fund = (address: string, xrp: number, lines: { balance: string }[] = []) =>
  ledger('account', {
    address,
    balanceDrops: String(xrp * DROPS),
    ownerCount: lines.length,
    lines: lines.map((line) => ({ token: RLUSD, balance: line.balance, limit: '1000000' })),
  });

const pay = async (from: string, to: string, xrp: number) =>
  (await ledger('pay', { from, to, drops: String(xrp * DROPS) })).hash!;

const priceRlusd = () => ledger('pool', { token: RLUSD, ...POOL, xrpDrops: String(POOL.xrpDrops) });

// The page's number formats, written out independently of the app's own helpers.
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const signedUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  signDisplay: 'exceptZero',
});
const xrp = (amount: number) => `${amount.toLocaleString('en-US', { maximumFractionDigits: 6 })} XRP`;
const xrp2 = (amount: number) => `${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })} XRP`;
const signedPercent = (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(2)}%`;
/** An address as the page shortens it, and as alert messages do (whale alerts). */
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-6)}`;
const alertShort = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** The latest synced XRP price, as the public market API gives it. */
async function syncedPrice(page: Page): Promise<number> {
  const view = (await (await page.request.get('/api/market/metrics?symbol=XRP')).json()) as {
    latest: { price: string } | null;
  };
  expect(view.latest, 'a synced XRP price (global setup syncs the fake CoinGecko)').not.toBeNull();
  return Number(view.latest!.price);
}

const figure = (page: Page, id: string) => page.getByTestId(`figure-${id}`);

interface Holding {
  xrp: number;
  cost: number | null;
}

/**
 * The insights for `accountsXrp` on the ledger and `lots`, at the synced price. Other tests sync the
 * market meanwhile (each sync moves the price): a figure that does not match is read again with the
 * then latest price, after a reload.
 */
async function expectInsights(
  page: Page,
  { accountsXrp, lots, tokensXrp }: { accountsXrp: number; lots: Holding[]; tokensXrp: number },
) {
  let attempt = 0;
  await expect(async () => {
    if (attempt++ > 0) await page.reload();
    const price = await syncedPrice(page);
    const lotsXrp = lots.reduce((sum, lot) => sum + lot.xrp, 0);
    const totalXrp = accountsXrp + lotsXrp;
    const quick = { timeout: 3_000 };

    const total = figure(page, 'total-xrp');
    await expect(total.getByTestId('value')).toHaveText(xrp(totalXrp), quick);
    await expect(total).toContainText(`Watched accounts: ${xrp(accountsXrp)} (1 account)`, quick);
    await expect(total).toContainText(
      `Manual holdings: ${xrp(lotsXrp)} (${lots.length} ${lots.length === 1 ? 'holding' : 'holdings'})`,
      quick,
    );

    const value = figure(page, 'value-usd');
    await expect(value.getByTestId('value')).toHaveText(usd.format(totalXrp * price), quick);
    await expect(value.getByTestId('price')).toContainText(
      `Total XRP at $${price.toFixed(4)} per XRP, the price synced`,
      quick,
    );
    await expect(value.getByTestId('tokens-value')).toHaveText(
      `Tokens, not included: ${xrp2(tokensXrp)} at the ledger’s own prices; with them ${usd.format((totalXrp + tokensXrp) * price)}`,
      quick,
    );

    // Average cost over the holdings with a cost; those without one are valued but left out.
    const covered = lots.filter((lot) => lot.cost !== null);
    const coveredXrp = covered.reduce((sum, lot) => sum + lot.xrp, 0);
    const basis = covered.reduce((sum, lot) => sum + lot.xrp * lot.cost!, 0);
    const worth = coveredXrp * price;
    const pnl = figure(page, 'pnl');
    await expect(pnl.getByTestId('value')).toHaveText(
      `${signedUsd.format(worth - basis)} (${signedPercent(((worth - basis) / basis) * 100)})`,
      quick,
    );
    await expect(pnl.getByTestId('cost-basis')).toHaveText(
      `Cost basis ${usd.format(basis)}, average cost $${(basis / coveredXrp).toFixed(4)} per XRP; worth ${usd.format(worth)} now`,
      quick,
    );
    const uncovered = lotsXrp - coveredXrp;
    if (uncovered > 0)
      await expect(pnl.getByTestId('uncovered-xrp')).toHaveText(
        `${xrp(uncovered)} without a cost, and the watched accounts, are left out`,
        quick,
      );
    else await expect(pnl.getByTestId('uncovered-xrp')).toHaveCount(0, quick);
  }).toPass({ timeout: 25_000 });
}

/** One watched account's readings (a `dl` of "XRP balance", "Reserve locked", …). */
const reading = (account: Locator, label: string) =>
  account.locator('dl > div').filter({ has: account.page().getByText(label, { exact: true }) });

const section = (account: Locator, title: RegExp) =>
  account.locator('details').filter({
    has: account.page().locator('summary', { hasText: title }),
  });

async function openSection(account: Locator, title: RegExp): Promise<Locator> {
  const details = section(account, title);
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  await expect(details).toHaveAttribute('open', '');
  return details;
}

/** A row of Recent payments: its direction, XRP amount and counterparty, each as its own piece. */
async function expectPayment(row: Locator, direction: 'In' | 'Out', amount: number, counterparty: string) {
  const pieces = row.locator(':scope > span');
  await expect(pieces.nth(0)).toHaveText(direction);
  await expect(pieces.nth(1)).toHaveText(xrp(amount));
  await expect(pieces.nth(2)).toHaveText(counterparty);
}

test.describe('portfolio', () => {
  test.describe('the journey', () => {
    // The refused address and the refused file answer 422, which the browser logs.
    test.use({ expectedConsoleErrors: [/status of 422/] });

    test('a premium member watches an account, adds, imports and exports holdings, and is alerted when the account moves', async ({
      page,
      signInAs,
      playwright,
      baseURL,
    }) => {
      test.slow();
      await signInAs('portfolio');
      // A clean start (a retry finds the first attempt's data): no accounts, holdings or rules, alerts read.
      const api = page.request;
      for (const { id } of (
        (await (await api.get('/api/portfolio/accounts')).json()) as { accounts: { id: string }[] }
      ).accounts)
        expect((await api.delete(`/api/portfolio/accounts/${id}`)).status()).toBe(204);
      for (const { id } of (
        (await (await api.get('/api/portfolio/lots')).json()) as { lots: { id: string }[] }
      ).lots)
        expect((await api.delete(`/api/portfolio/lots/${id}`)).status()).toBe(204);
      for (const { id } of (
        (await (await api.get('/api/alerts/rules')).json()) as { rules: { id: string }[] }
      ).rules)
        await api.delete(`/api/alerts/rules/${id}`);
      await api.post('/api/notifications/read', { data: { all: true } });
      // Only the account alert this test sets may ring the bell (whale alerts are off by default).
      await api.patch('/api/preferences', { data: { alertsWhaleEnabled: false } });

      // The ledger: the cold wallet holds 12,500 XRP and 1,500 RLUSD (one trust line: one object in its
      // reserve), priced by the XRP/RLUSD pool; it has received one payment of 250 XRP before.
      const opening = 12_500;
      const rlusd = 1_500;
      const history = 250;
      await priceRlusd();
      await fund(E2E_LEDGER.cold, opening, [{ balance: String(rlusd) }]);
      await fund(E2E_LEDGER.payer, 5_000_000);
      const historyHash = await pay(E2E_LEDGER.payer, E2E_LEDGER.cold, history);
      let balance = opening + history;
      const tokensXrp = rlusd * xrpPerRlusd;

      // 1. From the header to /portfolio: the read-only note, nothing asked for but an address, the
      //    empty states.
      await page.goto('/');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Portfolio' }).click();
      await expectPath(page, '/portfolio');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Portfolio');
      const note = page.getByTestId('read-only-note');
      await expect(note).toContainText('Read-only.');
      await expect(note).toContainText('No secret key, seed or password is ever asked for');
      await expect(page.getByLabel(/secret|seed|password|private key/i)).toHaveCount(0);
      await expect(page.locator('main input[type="password"]')).toHaveCount(0);
      await expect(page.getByTestId('empty')).toContainText('Nothing to add up yet');
      await expect(page.getByTestId('series-empty')).toContainText('No values for this range yet');
      await expect(page.getByTestId('accounts-empty')).toHaveText(
        'No accounts watched yet. Add an address above to follow its balance.',
      );
      await expect(page.getByTestId('lots-empty')).toHaveText(
        'No manual holdings yet. Add one above, or import a CSV file below.',
      );
      await expect(figure(page, 'pnl').getByTestId('value')).toHaveText('—');
      await expect(figure(page, 'pnl').getByTestId('unknown-reason')).toHaveText(
        'Profit and loss covers manual holdings with a cost per XRP: add a holding with its cost to see it',
      );
      await expect(figure(page, 'change-24h').getByTestId('unknown-reason')).toHaveText('Nothing held yet');

      // 2. Watching an account: a typo (checksum) is caught in the form, an unfunded address by the
      //    ledger; then the real one, read at once.
      const watchRequests: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/portfolio/accounts')
          watchRequests.push(request.postData() ?? '');
      });
      const watch = page.getByRole('form', { name: 'Watch an account' });
      const address = watch.getByLabel('XRP Ledger address');
      await address.fill(E2E_LEDGER.badChecksum);
      await watch.getByLabel('Name').fill('Cold wallet');
      await watch.getByRole('button', { name: 'Watch Account' }).click();
      await expect(address).toHaveAttribute('aria-invalid', 'true');
      await expect(address).toHaveAccessibleDescription(/checksum does not match: check it for a typo/);
      expect(watchRequests, 'a typo is caught before anything is sent').toEqual([]);
      await expect(page.getByTestId('watched-account')).toHaveCount(0);

      await address.fill(E2E_LEDGER.neverFunded);
      await watch.getByRole('button', { name: 'Watch Account' }).click();
      await expect(page.getByText('Failed to add the account')).toBeVisible();
      await expect(address).toHaveAttribute('aria-invalid', 'true');
      await expect(address).toHaveAccessibleDescription(
        /No account exists at this address on the XRP Ledger: it has never been funded \(actNotFound\)/,
      );
      await expect(address).toBeFocused();
      await expect(page.getByTestId('watched-account')).toHaveCount(0);

      await address.fill(E2E_LEDGER.cold);
      await watch.getByRole('button', { name: 'Watch Account' }).click();
      await expect(page.getByText('Now watching Cold wallet')).toBeVisible();
      await expect(address).toHaveValue('');
      await expect(address).not.toHaveAttribute('aria-invalid');
      const account = page.getByTestId('watched-account');
      await expect(account).toHaveCount(1);
      await expect(account.getByRole('heading', { name: 'Cold wallet' })).toBeVisible();
      await expect(account.getByRole('link', { name: new RegExp(E2E_LEDGER.cold) })).toHaveAttribute(
        'href',
        `https://livenet.xrpl.org/accounts/${E2E_LEDGER.cold}`,
      );
      // The voted reserves of the fake ledger: 1 XRP base and 0.2 XRP per object (the trust line).
      const reserve = 1 + 0.2 * 1;
      await expect(reading(account, 'XRP balance').locator('dd')).toHaveText(xrp(balance));
      await expect(reading(account, 'Reserve locked').locator('dd')).toHaveText(xrp(reserve));
      await expect(reading(account, 'Spendable XRP').locator('dd')).toHaveText(xrp(balance - reserve));
      await expect(reading(account, 'As of').locator('dd')).toHaveText(/\d{1,2}:\d{2}/);
      await expect(account.getByTestId('unknown-reason')).toHaveCount(0);

      const tokens = section(account, /^Tokens \(1\)$/);
      await expect(tokens).toHaveAttribute('open', '');
      const token = tokens.getByTestId('token');
      await expect(token).toContainText('RLUSD');
      await expect(token).toContainText(`issued by ${short(RLUSD.issuer)}`);
      await expect(token).toContainText(`${rlusd.toLocaleString('en-US')} ≈ ${xrp2(tokensXrp)} (AMM pool)`);

      const payments = await openSection(account, /^Recent payments \(1\)$/);
      const first = payments.getByTestId('payment');
      await expect(first).toHaveCount(1);
      await expectPayment(first, 'In', history, `from ${short(E2E_LEDGER.payer)}`);
      const explorer = first.getByRole('link', {
        name: /payment on the XRP Ledger explorer, opens in a new tab/,
      });
      await expect(explorer).toHaveAttribute('href', `https://livenet.xrpl.org/transactions/${historyHash}`);
      await expect(explorer).toHaveAttribute('target', '_blank');
      await expect(explorer).toHaveAttribute('rel', 'noopener noreferrer');

      await expect(page.getByTestId('empty')).toHaveCount(0);
      await expect(page.getByTestId('as-of')).toContainText(
        /^As of .+: the oldest of your accounts’ latest readings/,
      );
      await expect(figure(page, 'total-xrp').getByTestId('value')).toHaveText(xrp(balance));
      await expect(figure(page, 'total-xrp').getByTestId('locked-xrp')).toHaveText(
        `Locked as reserve: ${xrp(reserve)}`,
      );

      // 3. A manual holding with its day and cost: totals, value and P&L at the synced price.
      const lots: Holding[] = [{ xrp: 1_000, cost: 0.52 }];
      const addLot = page.getByRole('form', { name: 'Add a holding' });
      await addLot.getByLabel('Amount (XRP)').fill('1000');
      await addLot.getByLabel('Day acquired (optional)').fill('2024-01-15');
      await addLot.getByLabel('Cost per XRP in USD (optional)').fill('0.52');
      await addLot.getByRole('button', { name: 'Add Holding' }).click();
      await expect(page.getByText('Holding added')).toBeVisible();
      await expect(addLot.getByLabel('Amount (XRP)')).toHaveValue('');
      const lotRows = page.getByTestId('lot');
      await expect(lotRows).toHaveCount(1);
      await expect(lotRows.first()).toContainText('1,000 XRP');
      await expect(lotRows.first()).toContainText('$0.52');
      await expectInsights(page, { accountsXrp: balance, lots, tokensXrp });

      // 4. Import: a file with a bad line is refused whole, with the line; a good one adds its lots.
      const importer = page.getByRole('form', { name: 'Import holdings' });
      const file = importer.getByLabel('CSV file');
      await file.setInputFiles({
        name: 'lots-bad.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          'amount_xrp,acquired_on,cost_usd_per_xrp,note\n500,2024-03-01,0.60,Exchange\nlots,2024-04-01,0.70,Typo\n',
        ),
      });
      await importer.getByRole('button', { name: 'Import CSV' }).click();
      const refusal = importer.getByRole('alert');
      await expect(refusal).toContainText('Nothing was imported: a line needs fixing');
      await expect(
        refusal.getByRole('list', { name: 'Problems in the file' }).getByRole('listitem'),
      ).toHaveText(['Line 3: amount_xrp: Enter an XRP amount above 0, with at most 6 decimals']);
      await expect(page.getByText('Nothing was imported', { exact: true })).toBeVisible();
      await expect(lotRows).toHaveCount(1);
      await expect(figure(page, 'total-xrp').getByTestId('value')).toHaveText(xrp(balance + 1_000));

      await file.setInputFiles({
        name: 'lots.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          'amount_xrp,acquired_on,cost_usd_per_xrp,note\n500,2024-03-01,0.60,Exchange\n250.5,,,Gift\n',
        ),
      });
      await importer.getByRole('button', { name: 'Import CSV' }).click();
      await expect(page.getByText('Imported 2 holdings')).toBeVisible();
      await expect(importer.getByRole('alert')).toHaveCount(0);
      await expect(lotRows).toHaveCount(3);
      await expect(lotRows.nth(1)).toContainText('500 XRP');
      await expect(lotRows.nth(1)).toContainText('Exchange');
      await expect(lotRows.nth(2)).toContainText('250.5 XRP');
      await expect(lotRows.nth(2)).toContainText('— not given');
      lots.push({ xrp: 500, cost: 0.6 }, { xrp: 250.5, cost: null });
      await expectInsights(page, { accountsXrp: balance, lots, tokensXrp });

      // Export: the same lots as a file the import reads back.
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('xrp-portfolio-lots.csv');
      // UTF-8 with a byte-order mark, for spreadsheets.
      expect(fs.readFileSync(await download.path(), 'utf8')).toBe(
        '\uFEFFamount_xrp,acquired_on,cost_usd_per_xrp,note\n1000,2024-01-15,0.52,\n500,2024-03-01,0.6,Exchange\n250.5,,,Gift',
      );

      // 5. An alert on payments of at least 1,000 XRP into the account; the ledger pays it 5,000 XRP.
      const alerts = await openSection(account, /^Alerts \(0\)$/);
      const alertForm = alerts.getByRole('form', { name: 'Payment alert for Cold wallet' });
      await alertForm.getByLabel('Payments of at least (XRP)').fill('1000');
      await alertForm.getByLabel('Direction').selectOption({ label: 'Into the account' });
      await alertForm.getByRole('button', { name: 'Set Alert' }).click();
      await expect(page.getByText('Alert set', { exact: true })).toBeVisible();
      const rule = account.getByTestId('account-rule');
      await expect(rule).toContainText('Payments of at least 1,000 XRP into Cold wallet');
      await expect(rule).toContainText('Not fired yet');
      await expect(section(account, /^Alerts \(1\)$/)).toBeVisible();
      const bell = page.getByTestId('notification-bell');
      await expect(bell).toHaveAccessibleName('Alerts');

      const moved = 5_000;
      const moveHash = await pay(E2E_LEDGER.payer, E2E_LEDGER.cold, moved);
      balance += moved;
      // The catch-up scan reads the new ledger, marks the watched account touched, the portfolio job
      // reads it at once and the payment goes to the alert engine.
      const admin = await adminContext(playwright, baseURL ?? '');
      // Another test's run of the same sync answers 409 while it lasts: then this one runs after it.
      await expect(() => syncAsAdmin(admin, baseURL ?? '', 'xrpl_whales')).toPass({ timeout: 20_000 });
      await admin.dispose();

      await expect(bell).toHaveAccessibleName('Alerts, 1 unread', { timeout: 15_000 });
      await expect(rule).toContainText('Last fired');
      await bell.click();
      const menu = page.getByRole('dialog', { name: 'Alerts' });
      const alert = menu.getByTestId('notification');
      await expect(alert).toHaveCount(1);
      await expect(alert).toContainText(`${xrp(moved)} received by Cold wallet`);
      await expect(alert).toContainText(
        `${alertShort(E2E_LEDGER.payer)} sent ${xrp(moved)} to your watched account Cold wallet (${alertShort(E2E_LEDGER.cold)}).`,
      );
      await expect(
        alert.getByRole('link', { name: `${xrp(moved)} received by Cold wallet` }),
      ).toHaveAttribute('href', `https://livenet.xrpl.org/transactions/${moveHash}`);
      await page.keyboard.press('Escape');

      // The account shows the payment and its new balance, and the totals follow, live: the new
      // reading is an event to the member's open page.
      const recent = await openSection(account, /^Recent payments \(2\)$/);
      await expectPayment(
        recent.getByTestId('payment').first(),
        'In',
        moved,
        `from ${short(E2E_LEDGER.payer)}`,
      );
      await expect(
        recent
          .getByTestId('payment')
          .first()
          .getByRole('link', { name: /payment on the XRP Ledger explorer/ }),
      ).toHaveAttribute('href', `https://livenet.xrpl.org/transactions/${moveHash}`);
      await expect(reading(account, 'XRP balance').locator('dd')).toHaveText(xrp(balance));
      await expectInsights(page, { accountsXrp: balance, lots, tokensXrp });
      await expect(page.locator('main')).not.toContainText('NaN');
    });
  });

  test('a free member is sent from /portfolio to /membership, and the API refuses', async ({
    page,
    signInAs,
  }) => {
    await signInAs('free');
    await page.goto('/portfolio');
    await expectPath(page, '/membership');
    for (const path of ['/api/portfolio', '/api/portfolio/accounts', '/api/portfolio/lots'])
      expect((await page.request.get(path)).status(), path).toBe(403);
    const add = await page.request.post('/api/portfolio/accounts', {
      data: { address: E2E_LEDGER.axe, label: 'Not mine to watch' },
    });
    expect(add.status()).toBe(403);
  });

  test('/portfolio with data has no axe violations and no sideways scroll at 390 px, dark and light', async ({
    page,
    freshUser,
    upgradeInTestMode,
  }) => {
    // A sign-up, several pages, two themes and an axe run each: 26–30 s on a quiet CI machine.
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await freshUser('Axe Portfolio');
    await upgradeInTestMode();
    await priceRlusd();
    await fund(E2E_LEDGER.axe, 3_200, [{ balance: '420' }]);
    await fund(E2E_LEDGER.payer, 5_000_000);
    await pay(E2E_LEDGER.payer, E2E_LEDGER.axe, 75);
    const added = await page.request.post('/api/portfolio/accounts', {
      data: { address: E2E_LEDGER.axe, label: 'Hardware wallet' },
    });
    expect(added.status(), await added.text()).toBe(201);
    const { id } = (await added.json()) as { id: string };
    const imported = await page.request.post('/api/portfolio/lots/import', {
      data: {
        csv: 'amount_xrp,acquired_on,cost_usd_per_xrp,note\n1000,2024-01-15,0.52,Exchange\n250,,,Gift\n',
      },
    });
    expect(imported.status(), await imported.text()).toBe(200);
    const rule = await page.request.post('/api/alerts/rules', {
      data: { kind: 'account_move', watchedAccountId: id, direction: 'either', target: 500 },
    });
    expect(rule.status(), await rule.text()).toBe(201);

    for (const theme of ['dark', 'light'] as const) {
      await page.request.patch('/api/preferences', { data: { themePreference: theme } });
      await page.goto('/portfolio');
      await expect
        .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
        .toBe(theme === 'dark');
      const account = page.getByTestId('watched-account');
      await expect(account.getByRole('heading', { name: 'Hardware wallet' })).toBeVisible();
      await expect(account.getByTestId('account-rule')).toBeVisible();
      await expect(page.getByTestId('lot')).toHaveCount(2);
      await expect(figure(page, 'pnl').getByTestId('cost-basis')).toBeVisible();
      await openSection(account, /^Recent payments \(1\)$/);
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      const violations = (await new AxeBuilder({ page }).analyze()).violations.map(
        (violation) => `${theme}: ${violation.id}: ${violation.nodes.map((node) => node.target).join(' | ')}`,
      );
      expect(violations).toEqual([]);
      // Nothing pushes the page wider than the phone: wide tables scroll inside their card.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
  });
});
