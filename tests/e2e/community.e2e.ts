import { AxeBuilder } from './axe';
import type { Page } from '@playwright/test';
import { adminContext } from './admin-api';
import { expect, test } from './fixtures';

/**
 * Community discussions. Two Premium members discuss a research post an admin published:
 * comment → reply → the reply's notification mail, whose link opens the reply → like → report →
 * the admin hides the comment from the Comments tab → the member sees it hidden → the admin restores
 * it. Then axe at 390 px in both themes.
 */

async function publishPost(playwright: Parameters<typeof adminContext>[0], baseURL: string) {
  const admin = await adminContext(playwright, baseURL);
  const title = `Corridor volumes, discussed ${Date.now()}`;
  const response = await admin.post(`${baseURL}/api/admin/research`, {
    data: { title, summary: 'Where payment corridors grew.', body: 'The full analysis.', published: true },
  });
  expect(response.status(), await response.text()).toBe(201);
  const post = (await response.json()) as { slug: string };
  return { title, path: `/research/${post.slug}` };
}

const comment = (page: Page, author: string) => page.getByRole('article', { name: `Comment by ${author}` });

test.describe('community discussions', () => {
  test('comment, reply, mail, like, report; an admin hides and restores', async ({
    page,
    playwright,
    baseURL,
    freshUser,
    upgradeInTestMode,
    forgetSession,
    signInAs,
    mailbox,
  }) => {
    // Three members and an admin, one after another: longer than one page's test.
    test.setTimeout(90_000);
    const post = await publishPost(playwright, baseURL ?? '');
    const stamp = Date.now();
    const aliceName = `Alice ${stamp}`;
    const bobName = `Bob ${stamp}`;

    // Alice's first comment asks for the name shown with it.
    const alice = await freshUser('Alice Author');
    await upgradeInTestMode();
    await page.goto(post.path);
    await expect(page.getByRole('heading', { name: /comments?$/i })).toBeVisible();
    await expect(page.getByText('No comments yet. Start the discussion.')).toBeVisible();
    await page
      .getByRole('textbox', { name: 'Add a comment' })
      .fill('Which corridor grew fastest? See https://example.com/odl');
    await page.getByRole('button', { name: 'Post comment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose your discussion name' });
    await dialog.getByLabel('Display name').fill(aliceName);
    await dialog.getByLabel('Expertise (optional)').fill('FX trader');
    await dialog.getByRole('button', { name: 'Save and post' }).click();
    const aliceComment = comment(page, aliceName);
    await expect(aliceComment).toContainText('Which corridor grew fastest?');
    await expect(aliceComment).toContainText('FX trader');
    await expect(aliceComment.getByRole('link', { name: 'https://example.com/odl' })).toHaveAttribute(
      'rel',
      'nofollow ugc noopener',
    );
    await forgetSession();

    // Bob replies and reports Alice's comment.
    const bob = await freshUser('Bob Reader');
    await upgradeInTestMode();
    await page.goto(post.path);
    await comment(page, aliceName)
      .getByRole('button', { name: `Reply to ${aliceName}` })
      .click();
    await page.getByRole('textbox', { name: `Reply to ${aliceName}` }).fill('Mexico, by a wide margin.');
    await page.getByRole('button', { name: 'Reply', exact: true }).click();
    const naming = page.getByRole('dialog', { name: 'Choose your discussion name' });
    await naming.getByLabel('Display name').fill(bobName);
    await naming.getByRole('button', { name: 'Save and post' }).click();
    await expect(comment(page, bobName)).toContainText('Mexico, by a wide margin.');
    await comment(page, aliceName).getByRole('button', { name: 'Report' }).first().click();
    const report = page.getByRole('dialog', { name: 'Report this comment' });
    await report.getByRole('radio', { name: 'Spam or advertising' }).check();
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText('Reported — thank you')).toBeVisible();
    await forgetSession();

    // Alice is mailed; the mail's link opens the reply, which she likes.
    const mail = await mailbox.waitFor(alice.email, new RegExp(`${bobName} replied to your comment`));
    expect(mail.text).toContain('Mexico, by a wide margin.');
    const link = /http\S+#comment-[0-9a-f-]{36}/.exec(mail.text)?.[0] ?? '';
    expect(link).toContain(post.path);
    await signInAs(alice);
    await page.goto(link);
    const reply = comment(page, bobName);
    await expect(reply).toBeFocused();
    const like = reply.getByRole('button', { name: 'Like' });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(reply).toContainText('1');
    await page.getByRole('button', { name: /^Alerts, \d+ unread$/ }).click();
    await expect(page.getByText(`${bobName} replied to your comment`)).toBeVisible();
    await page.keyboard.press('Escape');
    await forgetSession();
    expect(bob.email).not.toBe(alice.email);

    // The admin finds the report in the queue and hides the comment with a reason.
    await signInAs('admin');
    await page.goto('/admin?tab=comments');
    // This run's post: a retry's queue also holds the first attempt's report.
    const item = page
      .getByTestId('moderation-item')
      .filter({ hasText: post.title })
      .filter({ hasText: 'Which corridor grew fastest?' });
    await expect(item).toContainText('Spam or advertising');
    await item.getByRole('button', { name: 'Hide' }).click();
    const hide = page.getByRole('dialog', { name: 'Hide comment' });
    await hide.getByLabel('Reason').fill('Link to an outside site, checking it');
    await hide.getByRole('button', { name: 'Hide comment' }).click();
    await expect(page.getByText('Comment hidden').first()).toBeVisible();
    await forgetSession();

    await signInAs(alice);
    await page.goto(post.path);
    // Its author is told a moderator hid it, and why.
    await expect(page.getByText('A moderator hid this comment.')).toBeVisible();
    await expect(page.getByText('Reason: Link to an outside site, checking it')).toBeVisible();
    await expect(page.getByText('Which corridor grew fastest?')).toHaveCount(0);
    await forgetSession();

    await signInAs('admin');
    await page.goto('/admin?tab=comments');
    await page.getByRole('combobox', { name: 'Show' }).selectOption('hidden');
    const hidden = page.getByTestId('moderation-item').filter({ hasText: 'Which corridor grew fastest?' });
    await expect(hidden).toContainText('Hidden by a moderator');
    await expect(hidden).toContainText('Link to an outside site, checking it');
    await hidden.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByText('Comment restored').first()).toBeVisible();
    await forgetSession();

    await signInAs(alice);
    await page.goto(post.path);
    await expect(comment(page, aliceName)).toContainText('Which corridor grew fastest?');
  });

  test('a discussion has no axe violations at 390 px, dark and light', async ({
    page,
    playwright,
    baseURL,
    freshUser,
    upgradeInTestMode,
  }) => {
    const post = await publishPost(playwright, baseURL ?? '');
    await freshUser('Axe Discussant');
    await upgradeInTestMode();
    await page.request.put('/api/community/profile', { data: { displayName: 'Axe Discussant' } });
    const first = await page.request.get(`/api/research/${post.path.split('/').pop()}`);
    const { id } = (await first.json()) as { id: string };
    const posted = await page.request.post('/api/comments', {
      data: { subject: `research:${id}`, body: 'A comment with a link: https://example.com and\ntwo lines.' },
    });
    expect(posted.status()).toBe(201);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const theme of ['light', 'dark'] as const) {
      await page.request.patch('/api/preferences', { data: { themePreference: theme } });
      await page.goto(post.path);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
        .toBe(theme === 'dark');
      await expect(comment(page, 'Axe Discussant')).toBeVisible();
      const violations = (await new AxeBuilder({ page }).analyze()).violations.map(
        (violation) => `${theme}: ${violation.id}: ${violation.nodes[0]?.target}`,
      );
      expect(violations).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
  });
});
