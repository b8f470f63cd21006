import { AxeBuilder } from './axe';
import type { Page } from '@playwright/test';
import { e2eUsers } from './users';
import { expect, test } from './fixtures';

/**
 * Direct analyst access. A Premium member asks; the analyst, mailed about it, opens the
 * question from the mail, adds an internal note and replies; the member is mailed the answer, opens
 * the thread from the mail (the note is nowhere), replies and closes it. Then axe at 390 px in both
 * themes on both sides.
 */

async function noAxeViolations(page: Page, where: string) {
  const violations = (await new AxeBuilder({ page }).analyze()).violations.map(
    (violation) => `${where}: ${violation.id}: ${violation.nodes[0]?.target}`,
  );
  expect(violations).toEqual([]);
}

test.describe('direct analyst access', () => {
  test('ask → analyst replies (and notes) → member mailed → member replies → close', async ({
    page,
    freshUser,
    upgradeInTestMode,
    forgetSession,
    signInAs,
    mailbox,
  }) => {
    // A member, then the analyst, then the member again.
    test.setTimeout(90_000);
    const subject = `Escrow timing ${Date.now()}`;
    const member = await freshUser('Quinn Asker');
    await upgradeInTestMode();

    await page.goto('/ask');
    await expect(page.getByRole('heading', { name: 'Ask an Analyst', level: 1 })).toBeVisible();
    await expect(page.getByText(/within one business day/).first()).toBeVisible();
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Topic (optional)').selectOption('technical');
    await page
      .getByLabel('Your question')
      .fill('When does the next escrow release land? Background: https://example.com/escrow');
    await page.getByRole('button', { name: 'Send question' }).click();
    const thread = page.getByRole('region', { name: subject });
    await expect(thread.getByTestId('question-status')).toHaveText('Open');
    await expect(thread.getByRole('link', { name: 'https://example.com/escrow' })).toBeVisible();
    await expect(page).toHaveURL(/\/ask\?question=[0-9a-f-]{36}$/);
    await forgetSession();

    // The analyst's mail links straight to the question in the inbox.
    const asked = await mailbox.waitFor(e2eUsers.analyst.email, new RegExp(`New question: ${subject}`));
    const inboxLink = /https?:\/\/\S+\/admin\?tab=inbox&question=\S+/.exec(asked.text)?.[0];
    expect(inboxLink).toBeTruthy();
    await signInAs('analyst');
    await page.goto(new URL(inboxLink!).pathname + new URL(inboxLink!).search);
    await expect(page.getByRole('heading', { name: 'Analyst Inbox', level: 1 })).toBeVisible();
    // An analyst sees the inbox alone: no tab bar, none of the administrators' tabs.
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expect(page.getByText(subject).first()).toBeVisible();
    // Who asked, beside the thread: their plan and email.
    const details = page.getByTestId('inbox-details');
    await expect(details).toContainText('Premium');
    await expect(details).toContainText(member.email);

    const answer = page.getByRole('form', { name: 'Answer' });
    await answer.getByText('Internal note', { exact: true }).click();
    await answer
      .getByLabel('Internal note (analysts only)')
      .fill('Check the ledger before answering: secret note');
    await answer.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Internal note — the member never sees this')).toBeVisible();

    await answer.getByText('Reply to member', { exact: true }).click();
    await answer
      .getByRole('textbox', { name: 'Reply to Quinn Asker' })
      .fill('On the first of next month, as every month.');
    await answer.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByRole('article', { name: /^Reply by Ana Analyst/ })).toContainText(
      'On the first of next month',
    );
    await forgetSession();

    // The member is mailed the answer, with a link to the thread.
    const answered = await mailbox.waitFor(member.email, new RegExp(`Ana Analyst answered “${subject}”`));
    expect(answered.text).toContain('On the first of next month, as every month.');
    expect(answered.text).not.toContain('secret note');
    const threadLink = /https?:\/\/\S+\/ask\?question=\S+/.exec(answered.text)?.[0];
    expect(threadLink).toBeTruthy();
    await signInAs(member);
    await page.goto(new URL(threadLink!).pathname + new URL(threadLink!).search);
    await expect(thread.getByTestId('question-status')).toHaveText('Answered');
    await expect(thread).toContainText('On the first of next month, as every month.');
    await expect(thread).not.toContainText('secret note');

    await thread.getByLabel('Your reply').fill('Thanks, that helps.');
    await thread.getByRole('button', { name: 'Send reply' }).click();
    await expect(thread).toContainText('Thanks, that helps.');
    await expect(thread.getByTestId('question-status')).toHaveText('Open');

    await thread.getByRole('button', { name: 'Close question' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Close question' }).click();
    await expect(thread.getByTestId('question-status')).toHaveText('Closed');
    await expect(thread.getByTestId('question-closed')).toBeVisible();
    await expect(thread.getByLabel('Your reply')).toHaveCount(0);
  });

  test('the ask page and the inbox have no axe violations at 390 px, dark and light', async ({
    page,
    signInAs,
    forgetSession,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const theme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await signInAs('premium');
      await page.goto('/ask');
      await expect(page.getByRole('button', { name: 'Send question' })).toBeVisible();
      await noAxeViolations(page, `${theme} /ask`);
      await forgetSession();
      await signInAs('analyst');
      await page.goto('/admin?tab=inbox');
      await expect(page.getByRole('heading', { name: 'Analyst Inbox', level: 1 })).toBeVisible();
      await expect(page.getByText(/No unassigned questions|Last activity/).first()).toBeVisible();
      await noAxeViolations(page, `${theme} inbox`);
      await forgetSession();
    }
  });
});
