import { AxeBuilder } from './axe';
import { adminContext } from './admin-api';
import { expect, expectPath, test } from './fixtures';

/** /research: admins write posts; visitors and free members read summaries, Premium members the posts. */
test.describe('research', () => {
  test('an admin publishes a post; free members get the summary and an upgrade, Premium the full post', async ({
    page,
    signInAs,
    forgetSession,
  }) => {
    const title = `Escrow releases, read closely ${Date.now()}`;
    const summary = 'Most of each monthly escrow release is locked again; we read a year of them.';
    await signInAs('admin');
    await page.goto('/research');
    await page.getByRole('link', { name: 'New post' }).click();
    await expectPath(page, '/research/new');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Summary').fill(summary);
    await page
      .getByLabel('Body')
      .fill(
        '## What the ledger shows\n\nEleven of twelve releases went back.\n\n<img src=x onerror=alert(1)>',
      );
    await page.getByRole('tab', { name: 'Preview' }).click();
    await expect(page.getByRole('heading', { name: 'What the ledger shows' })).toBeVisible();
    await page.getByRole('tab', { name: 'Write' }).click();
    await page.getByRole('switch', { name: 'Published' }).click();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Post published')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const address = new URL(page.url()).pathname;
    expect(address).toMatch(/^\/research\/escrow-releases-read-closely-\d+$/);
    // Raw HTML in the body is not rendered.
    await expect(page.locator('article img')).toHaveCount(0);

    await forgetSession();
    await signInAs('free');
    await page.goto('/research');
    await page.getByRole('link', { name: title, exact: true }).click();
    await expectPath(page, address);
    await expect(page.getByText(summary)).toBeVisible();
    await expect(page.getByText('The full post is for Premium members')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What the ledger shows' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      '/membership',
    );
    // The server keeps the body from a free member too.
    const answer = await page.request.get(`/api${address}`);
    expect(await answer.json()).toMatchObject({ body: null, locked: true });

    await forgetSession();
    await signInAs('premium');
    await page.goto(address);
    await expect(page.getByRole('heading', { name: 'What the ledger shows' })).toBeVisible();
    await expect(page.getByText('Eleven of twelve releases went back.')).toBeVisible();
    await expect(page.getByText('The full post is for Premium members')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  });

  test.describe('drafts', () => {
    // A member asking for a draft gets 404, which the browser logs.
    test.use({ expectedConsoleErrors: [/status of 404/] });

    test('an admin edits a draft and deletes a post; members never see the draft', async ({
      page,
      signInAs,
      forgetSession,
    }) => {
      const title = `Draft on payment corridors ${Date.now()}`;
      await signInAs('admin');
      await page.goto('/research/new');
      await page.getByLabel('Title').fill(title);
      await page.getByLabel('Summary').fill('Which corridors carry the most On-Demand Liquidity volume.');
      await page.getByLabel('Body').fill('Work in progress.');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await expect(page.getByText('Draft saved')).toBeVisible();
      await expect(page).toHaveURL(/\/research\/draft-on-payment-corridors-\d+$/);
      const address = new URL(page.url()).pathname;
      await expect(page.getByText('Draft', { exact: true })).toBeVisible();

      await forgetSession();
      await signInAs('premium');
      await page.goto('/research');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Research');
      await expect(page.getByRole('link', { name: title, exact: true })).toHaveCount(0);
      await page.goto(address);
      await expect(page.getByText('This research post does not exist.')).toBeVisible();

      await forgetSession();
      await signInAs('admin');
      await page.goto(address);
      await page.getByRole('link', { name: 'Edit' }).click();
      await expectPath(page, `${address}/edit`);
      await expect(page.getByLabel('Title')).toHaveValue(title);
      await page.getByLabel('Body').fill('Finished: the Mexico corridor leads.');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await expect(page.getByText('Finished: the Mexico corridor leads.')).toBeVisible();
      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Post deleted')).toBeVisible();
      await expectPath(page, '/research');
      await expect(page.getByRole('link', { name: title, exact: true })).toHaveCount(0);
    });
  });

  test('a post’s Markdown table renders, and scrolls inside its box on a phone', async ({
    page,
    playwright,
    baseURL,
    signInAs,
  }) => {
    const admin = await adminContext(playwright, baseURL ?? '');
    const rows = ['Mexico', 'Philippines', 'Japan'].map(
      (corridor, index) =>
        `| ${corridor} | ${(index + 1) * 1_000} | ${(index + 2) * 1_100} | a wider note column ${index} |`,
    );
    const response = await admin.post(`${baseURL}/api/admin/research`, {
      data: {
        title: `Corridor table ${Date.now()}`,
        summary: 'Volumes by corridor.',
        body: ['| Corridor | Q1 | Q2 | Note |', '| :-- | --: | --: | :-- |', ...rows].join('\n'),
        published: true,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const post = (await response.json()) as { slug: string };
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs('premium');
    await page.goto(`/research/${post.slug}`);
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['Corridor', 'Q1', 'Q2', 'Note']);
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table.getByRole('row').nth(2)).toContainText('Philippines');
    // The page itself does not scroll sideways: the table's box does.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const theme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      const violations = (await new AxeBuilder({ page }).include('article').analyze()).violations;
      expect(violations.map((violation) => `${theme}: ${violation.id}`)).toEqual([]);
    }
  });

  test('a member who is not an admin cannot open the editor', async ({ page, signInAs }) => {
    await signInAs('premium');
    await page.goto('/research/new');
    await expectPath(page, '/');
    expect(
      (
        await page.request.post('/api/admin/research', {
          data: { title: 'Nope', summary: 'Not an admin here.', body: 'x', published: true },
        })
      ).status(),
    ).toBe(403);
  });
});
