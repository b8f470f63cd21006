import { AxeBuilder } from './axe';
import { expect, test } from './fixtures';
import { e2eUsers } from './users';

/** /contact and the footer newsletter box, through the mail a real SMTP server received. */
test.describe('contact', () => {
  test('a visitor sends a message: a toast confirms, the admins get it by mail', async ({
    page,
    mailbox,
  }) => {
    const note = `Where does the velocity figure come from? (${Date.now()})`;
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Please enter your name')).toBeVisible();
    await page.getByLabel('Name').fill('Vera Visitor');
    await page.getByLabel('Email').fill('vera@example.com');
    await page.getByLabel('Message').fill(note);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Message sent')).toBeVisible();
    await expect(page.getByLabel('Message')).toHaveValue('');
    const mail = await mailbox.waitFor(e2eUsers.admin.email, /Contact form: Vera Visitor/);
    expect(mail.text).toContain(note);
    expect(mail.replyTo).toBe('vera@example.com');

    // The honeypot field is out of sight and out of the keyboard order.
    await expect(page.locator('#contact-website')).toHaveAttribute('tabindex', '-1');
    const toast = page.locator('[data-sonner-toast]', { hasText: 'Message sent' });
    await expect.poll(() => toast.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    const violations = (await new AxeBuilder({ page }).analyze()).violations.map(
      (violation) => `${violation.id}: ${violation.nodes[0]?.target}`,
    );
    expect(violations).toEqual([]);
  });

  test('a signed-in member finds their name and address filled in', async ({ page, signInAs }) => {
    await signInAs('premium');
    await page.goto('/contact');
    await expect(page.getByLabel('Name')).toHaveValue(e2eUsers.premium.name);
    await expect(page.getByLabel('Email')).toHaveValue(e2eUsers.premium.email);
  });
});

test.describe('newsletter', () => {
  // Opening a spent confirmation link answers 404, which the browser logs.
  test.use({ expectedConsoleErrors: [/status of 404/] });

  test('sign up, confirm from the mail, unsubscribe in one click', async ({ page, mailbox }) => {
    const email = `reader-${Date.now()}@example.com`;
    await page.goto('/about');
    await page.getByLabel('Newsletter').fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(
      page.getByText('Check your inbox: we sent you a link to confirm your subscription.'),
    ).toBeVisible();

    const confirmation = await mailbox.waitFor(email, /Confirm your XRP Research newsletter subscription/);
    await page.goto(mailbox.linkIn(confirmation));
    await expect(page.getByText('Confirm your subscription')).toBeVisible();
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'You are subscribed' })).toBeVisible();
    await expect(page.getByText(`The weekly market summary goes to ${email} every Monday`)).toBeVisible();

    // The same link a second time is spent.
    await page.goto(mailbox.linkIn(confirmation));
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'This confirmation link is not valid' }),
    ).toBeVisible();

    // The welcome mail carries the newsletter's unsubscribe link, which works without an account.
    const welcome = await mailbox.waitFor(email, /You're subscribed to the XRP Research newsletter/);
    const unsubscribe = /http\S+\/unsubscribe\?token=\S+/.exec(welcome.text)?.[0] ?? '';
    await page.goto(unsubscribe);
    await expect(
      page.getByRole('heading', { name: 'Unsubscribe from the XRP Research newsletter?' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'You are unsubscribed' })).toBeVisible();
    await expect(page.getByText('You can sign up again at any time')).toBeVisible();
  });
});
