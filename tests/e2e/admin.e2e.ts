import { AxeBuilder } from './axe';
import { Wallet } from 'xrpl';
import type { Page } from '@playwright/test';
import { adminContext, syncAsAdmin } from './admin-api';
import { expect, test } from './fixtures';
import { e2eUsers } from './users';

/** The admin dashboard: each tab's main flow as the admin. */

const openTab = async (page: Page, name: string) => {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
};
/** Signs the admin in with the theme following the device, so each run's colour scheme applies. */
async function asAdmin(
  page: Page,
  signInAs: (user: 'admin') => Promise<void>,
  colorScheme: 'light' | 'dark',
) {
  await signInAs('admin');
  await page.request.patch('/api/preferences', { data: { themePreference: 'system' } });
  await page.goto('/admin');
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
    .toBe(colorScheme === 'dark');
}

const toast = (page: Page, text: string) =>
  expect(page.getByText(text, { exact: true }).last()).toBeVisible();

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`admin dashboard, ${colorScheme}`, () => {
    test.use({ colorScheme });
    test('Overview shows the stat cards', async ({ page, signInAs }) => {
      await asAdmin(page, signInAs, colorScheme);
      await page.goto('/admin');
      await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
      const stats = page.getByTestId('admin-stat');
      for (const title of [
        'Total Users',
        'Premium Users',
        'Active Users',
        'Monthly Revenue',
        'News Articles',
        'Recent Syncs',
      ])
        await expect(stats.filter({ hasText: title })).toBeVisible();
      await expect(stats.filter({ hasText: 'Premium Users' })).toContainText('complimentary');
    });

    test('at 390 px the revenue card estimates paying members at the test price, apart from granted ones', async ({
      page,
      signInAs,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await asAdmin(page, signInAs, colorScheme);
      const stats = page.getByTestId('admin-stat');
      const premium = stats.filter({ hasText: 'Premium Users' });
      const revenue = stats.filter({ hasText: 'Monthly Revenue' });
      const split = /^(\d+) paying · (\d+) granted by admins · (\d+) complimentary/;
      await expect(premium.locator('p').nth(1)).toHaveText(split);
      const [, paying, granted, complimentary] = split.exec(
        (await premium.locator('p').nth(1).textContent()) ?? '',
      ) ?? ['', '', '', ''];
      // The CLI made two accounts Premium and one complimentary: granted, paying nothing.
      expect(Number(granted)).toBeGreaterThanOrEqual(2);
      expect(Number(complimentary)).toBeGreaterThanOrEqual(1);
      // The estimate is the paying members at the test provider's $9 a month, from the same answer.
      await expect(revenue.locator('p').nth(1)).toContainText(`Estimated: ${paying} paying × $9 per month`);
      await expect(revenue.locator('p').first()).toHaveText(
        new Intl.NumberFormat('en-US', {
          style: 'currency',
          currency: 'USD',
          maximumFractionDigits: 0,
        }).format(Number(paying) * 9),
      );
    });

    test('User Management: edit, block with a reason, unblock, the audit trail; never your own account', async ({
      page,
      freshUser,
      forgetSession,
      signInAs,
    }) => {
      const { email } = await freshUser('Target Person');
      await forgetSession();
      await asAdmin(page, signInAs, colorScheme);
      await page.goto('/admin?tab=users');
      await page.getByRole('searchbox', { name: 'Search users by name or email' }).fill(email);
      const row = page.getByTestId('admin-user-row').filter({ hasText: email });
      await expect(page.getByTestId('admin-user-row')).toHaveCount(1);
      await expect(row).toContainText('Target Person');

      await row.getByRole('button', { name: `Edit ${email}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit user' });
      await edit.getByLabel('Full name').fill('Renamed Person');
      await edit.getByLabel('Plan').selectOption('complimentary');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await toast(page, 'User updated successfully');
      await expect(row).toContainText('Renamed Person');
      await expect(row).toContainText('Complimentary');

      await row.getByRole('button', { name: `Block ${email}` }).click();
      const block = page.getByRole('dialog', { name: 'Block user' });
      await block.getByRole('button', { name: 'Block User' }).click();
      await expect(block.getByText('Please provide a reason for blocking this user')).toBeVisible();
      await block.getByLabel('Reason').fill('spam');
      await block.getByRole('button', { name: 'Block User' }).click();
      await expect(row).toContainText('Blocked');
      await row.getByRole('button', { name: `Unblock ${email}` }).click();
      await page
        .getByRole('dialog', { name: 'Unblock user' })
        .getByRole('button', { name: 'Unblock User' })
        .click();
      await expect(row).toContainText('Active');

      await row.getByRole('button', { name: `History of ${email}` }).click();
      const audit = page.getByRole('list', { name: 'Audit log' });
      await expect(audit.getByRole('listitem')).toHaveCount(4);
      await expect(audit).toContainText('user_block');
      await expect(audit).toContainText('reason: spam');
      await page.getByRole('combobox', { name: 'Filter by action' }).selectOption('profile_update');
      await expect(audit.getByRole('listitem')).toHaveCount(1);
      await expect(audit).toContainText('"Renamed Person"');

      await page.getByRole('searchbox', { name: 'Search users by name or email' }).fill(e2eUsers.admin.email);
      const own = page.getByTestId('admin-user-row').filter({ hasText: e2eUsers.admin.email });
      await expect(own.getByRole('button', { name: `Edit ${e2eUsers.admin.email}` })).toBeDisabled();
      await expect(own.getByRole('button', { name: `Block ${e2eUsers.admin.email}` })).toBeDisabled();
    });

    test('RSS Feeds: add, switch off and on, delete after the question', async ({ page, signInAs }) => {
      await asAdmin(page, signInAs, colorScheme);
      await page.goto('/admin?tab=feeds');
      const name = `Admin Feed ${Date.now()}`;
      await page.getByRole('button', { name: 'Add Feed' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add RSS feed' });
      await expect(dialog.getByLabel('Type')).toHaveValue('cryptocompare');
      await expect(dialog.getByLabel('Category')).toHaveValue('XRP');
      await dialog.getByLabel('Name', { exact: true }).fill(name);
      await dialog.getByLabel('URL').fill(`${process.env.E2E_UPSTREAM_URL}/feeds/admin.xml`);
      await dialog.getByLabel('Type').selectOption('rss');
      await dialog.getByRole('button', { name: 'Add Feed' }).click();
      await toast(page, 'RSS feed created successfully');
      const feed = page.getByTestId('admin-feed').filter({ hasText: name });
      await feed.getByRole('switch', { name: `${name} enabled` }).click();
      await toast(page, 'Feed disabled');
      await expect(feed.getByRole('switch', { name: `${name} enabled` })).not.toBeChecked();

      await feed.getByRole('button', { name: `Delete ${name}` }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText('Are you sure you want to delete this feed?');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await toast(page, 'RSS feed deleted successfully');
      await expect(feed).toHaveCount(0);
    });

    test('API Management: frequency rules, a manual sync that shows up live in the logs, stuck-sync cleanup', async ({
      page,
      signInAs,
      playwright,
      baseURL,
    }) => {
      await asAdmin(page, signInAs, colorScheme);
      await page.goto('/admin?tab=api');
      const source = page.getByTestId('api-source').filter({ hasText: 'CoinGecko Market Data' });
      await expect(source.getByTestId('next-sync')).toHaveText(/Due now|Not scheduled|\d+m/);
      const frequency = source.getByLabel('Sync every (minutes)');
      await frequency.fill('3');
      await source.getByRole('button', { name: 'Save' }).click();
      await expect(source.getByText('Minimum sync frequency is 5 minutes')).toBeVisible();
      await frequency.fill('5');
      await source.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Sync frequency updated successfully');

      await openTab(page, 'Sync Logs');
      const logs = page.getByTestId('sync-log');
      const before = await logs.count();
      await openTab(page, 'API Sources');
      await source.getByRole('button', { name: 'Sync CoinGecko Market Data now' }).click();
      await toast(page, 'CoinGecko Market Data triggered successfully');
      await openTab(page, 'Sync Logs');
      await expect.poll(() => logs.count()).toBeGreaterThan(before);
      await expect(logs.first()).toContainText('CoinGecko Market Data');
      // Its age in minutes: a sync's staleness is never hidden behind "Just now".
      await openTab(page, 'API Sources');
      await expect(source.getByTestId('last-sync')).toHaveText(/^(under a minute|\d+ min) ago$/);
      await openTab(page, 'Sync Logs');

      // A sync started elsewhere (another admin, the scheduler) appears without a reload.
      const shown = await logs.count();
      const admin = await adminContext(playwright, baseURL ?? '');
      await syncAsAdmin(admin, baseURL ?? '', 'fear_greed');
      await admin.dispose();
      await expect.poll(() => logs.count()).toBeGreaterThan(shown);
      await expect(logs.first()).toContainText('Fear & Greed Index');

      await openTab(page, 'API Sources');
      await page.getByRole('button', { name: 'Clean Up Stuck Syncs' }).click();
      await toast(page, 'Cleaned up 0 stuck sync logs');
      // The background tasks (prunes), each with what it does and its last run or "Not run yet".
      await openTab(page, 'Background Tasks');
      const task = page.getByTestId('task-run').filter({ hasText: 'prune-expired' });
      await expect(task).toContainText('Removes expired rate-limit windows');
      await expect(task).toContainText(/Not run yet|(under a minute|\d+ min|\d+h) ago/);
    });

    test('Known Accounts: name an address with its source, rename it, retire and restore it', async ({
      page,
      signInAs,
    }) => {
      await asAdmin(page, signInAs, colorScheme);
      await page.goto('/admin?tab=accounts');
      const address = Wallet.generate().classicAddress;
      const stamp = Date.now();
      const panel = page.getByRole('tabpanel').first();
      // The shipped names are there, each with its source and its state.
      await expect(panel.getByTestId('known-account').filter({ hasText: 'Binance 12' })).toContainText(
        'XRPScan account names',
      );
      await expect(panel.getByTestId('known-account').filter({ hasText: 'Binance 12' })).toContainText(
        'Not yet confirmed from this site · shipped with the site',
      );

      await panel.getByRole('button', { name: 'Name an Account' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Address', { exact: true }).fill('not-an-address');
      await dialog.getByRole('button', { name: 'Name Account' }).click();
      await expect(dialog).toContainText('must be an XRP Ledger address (r…)');
      await dialog.getByLabel('Address', { exact: true }).fill(address);
      await dialog.getByLabel('Name', { exact: true }).fill(`E2E Desk ${stamp}`);
      await dialog.getByLabel('Entity').fill(`E2E Fund ${stamp}`);
      await dialog.getByLabel('Category').selectOption({ label: 'Custodian' });
      await dialog.getByLabel('Source of the name').fill('Annual report');
      await dialog.getByLabel('Source link').fill('https://example.com/annual-report');
      await dialog.getByRole('button', { name: 'Name Account' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText(`is now named E2E Desk ${stamp}`)).toBeVisible();

      await panel.getByLabel('Search by address, name or entity').fill(address);
      const row = panel.getByTestId('known-account');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Custodian');
      await expect(row).toContainText('Not yet confirmed from this site · added by an administrator');

      await row.getByRole('button', { name: `Edit E2E Desk ${stamp}` }).click();
      await expect(page.getByRole('dialog').getByLabel('Address', { exact: true })).toHaveAttribute(
        'readonly',
        '',
      );
      await page.getByRole('dialog').getByLabel('Name', { exact: true }).fill(`E2E Vault ${stamp}`);
      await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
      await expect(row).toContainText(`E2E Vault ${stamp}`);

      await row.getByRole('button', { name: `Retire E2E Vault ${stamp}` }).click();
      await expect(panel.getByText('No known account matches.')).toBeVisible();
      await panel.getByRole('switch', { name: 'Show retired' }).click();
      await expect(row).toContainText('Retired');
      await row.getByRole('button', { name: `Restore E2E Vault ${stamp}` }).click();
      await expect(page.getByText(`E2E Vault ${stamp} restored`)).toBeVisible();
      await expect(row).not.toContainText('Retired');
    });
  });
}

// The order of the Domino list is shared by every admin: the two themes' journeys, each adding two
// events and moving the last, run one after the other.
test.describe('admin dashboard, Domino Events', () => {
  test.describe.configure({ mode: 'default' });
  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(colorScheme, () => {
      test.use({ colorScheme });
      test('Domino Events: add (Medium by default), move, edit, delete after the warning', async ({
        page,
        signInAs,
      }) => {
        await asAdmin(page, signInAs, colorScheme);
        await page.goto('/admin?tab=domino');
        const stamp = Date.now();
        const first = `E2E Trust ${stamp}`;
        const institution = `E2E Bank ${stamp}`;
        for (const name of [first, institution]) {
          await page.getByRole('button', { name: 'Add Event' }).click();
          const dialog = page.getByRole('dialog', { name: 'Add event' });
          await expect(dialog.getByLabel('Impact', { exact: true })).toHaveValue('Medium');
          await dialog.getByLabel('Institution').fill(name);
          await dialog.getByLabel('Event', { exact: true }).fill('Pilots settlement on the XRP Ledger');
          // Hidden, so the public tracker other tests read stays as it is.
          await dialog.getByLabel('Active (shown in the tracker)').click();
          await dialog.getByRole('button', { name: 'Add Event' }).click();
          await toast(page, 'Event created successfully');
          await expect(dialog).toHaveCount(0);
        }
        const rows = page.getByTestId('admin-domino-event');
        const mine = rows.filter({ hasText: institution });
        await expect(rows.last()).toContainText(institution);
        await expect(mine.getByRole('button', { name: `Move ${institution} down` })).toBeDisabled();
        await mine.getByRole('button', { name: `Move ${institution} up` }).click();
        await toast(page, 'Event moved');
        await expect(rows.last()).toContainText(first);

        await mine.getByRole('button', { name: `Edit ${institution}` }).click();
        const edit = page.getByRole('dialog', { name: 'Edit event' });
        await edit.getByLabel('Impact', { exact: true }).selectOption('High');
        await edit.getByRole('button', { name: 'Save Changes' }).click();
        await toast(page, 'Event updated successfully');
        await expect(mine).toContainText('High');

        await mine.getByRole('button', { name: `Delete ${institution}` }).click();
        const confirm = page.getByRole('alertdialog');
        await expect(confirm).toContainText('This action cannot be undone...');
        await confirm.getByRole('button', { name: 'Delete' }).click();
        await toast(page, 'Event deleted successfully');
        await expect(mine).toHaveCount(0);
        await rows
          .filter({ hasText: first })
          .getByRole('button', { name: `Delete ${first}` })
          .click();
        await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
        await expect(rows.filter({ hasText: first })).toHaveCount(0);
      });
    });
  }
});

test.describe('admin dashboard', () => {
  test('every tab has no axe violations, dark and light, at 390 px', async ({ page, signInAs }) => {
    // Eight tabs, two themes, an axe run each: longer than one journey.
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const theme of ['dark', 'light'] as const) {
      // The theme follows the device: the shared admin account keeps 'system' for every test.
      await page.emulateMedia({ colorScheme: theme });
      await asAdmin(page, signInAs, theme);
      for (const tab of [
        'Overview',
        'User Management',
        'Comments',
        'RSS Feeds',
        'API Management',
        'Domino Events',
        'Known Accounts',
        'Analyst Inbox',
      ]) {
        await openTab(page, tab);
        await expect(page.getByRole('tabpanel').first()).not.toContainText('Loading...');
        const violations = (await new AxeBuilder({ page }).analyze()).violations.map(
          (violation) => `${theme} ${tab}: ${violation.id}: ${violation.nodes[0]?.target}`,
        );
        expect(violations).toEqual([]);
      }
    }
  });
});

test.describe('admin dashboard, ledger backfill', () => {
  test('an admin asks for past ledgers to be read, sees it wait for its run, and cancels it', async ({
    page,
    signInAs,
  }) => {
    // The run itself reads the shared fake ledger, which other journeys count on being unread until
    // they sync it; the server tests read a backfill's ledgers. Here: asking, its state, cancelling.
    await asAdmin(page, signInAs, 'light');
    await page.goto('/admin?tab=api');
    const panel = page.getByTestId('ledger-backfill');
    await expect(panel).toContainText('At most 30 days back');
    const days = panel.getByLabel('Days back (1–30)');
    await expect(days).toHaveValue('7');
    await days.fill('60');
    await panel.getByRole('button', { name: 'Start backfill' }).click();
    await expect(panel.getByText('A backfill reads at most 30 days back')).toBeVisible();
    await expect(days).toHaveValue('60');
    await days.fill('2');
    await panel.getByRole('button', { name: 'Start backfill' }).click();
    await toast(page, 'Backfill of 2 days started: it reads in the background');
    await expect(panel).toContainText('Running');
    await expect(panel).toContainText('Waiting for its first run');
    await expect(panel.getByRole('button', { name: 'Start backfill' })).toBeDisabled();
    await expect(page.getByTestId('api-source').filter({ hasText: 'XRPL Ledger Backfill' })).toBeVisible();

    await panel.getByRole('button', { name: 'Cancel backfill' }).click();
    await toast(page, 'Backfill cancelled: what it read stays');
    await expect(panel).toContainText('Cancelled by an admin');
    await expect(panel.getByRole('button', { name: 'Start backfill' })).toBeEnabled();
  });
});
