import { expect, expectPath, test } from './fixtures';

const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@e2e.test`;

test.describe('sign-up, verification and sign-in (SPEC §2 Auth)', () => {
  test('a visitor signs up, verifies from the email and is signed in', async ({ page, mailbox }) => {
    const email = uniqueEmail('joiner');
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Free plan' })).toBeVisible();
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Full name').fill('Jo Joiner');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Joiner-Pass-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Account created!')).toBeVisible();
    await expect(page.getByText('Please check your email to verify your account.')).toBeVisible();

    const mail = await mailbox.waitFor(email, /Verify your email/);
    await page.goto(mailbox.linkIn(mail));
    await expectPath(page, '/');
    await expect(page.getByText('Email verified')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu for Jo Joiner' })).toBeVisible();
  });

  test('the password rules and strength meter update as the user types', async ({ page }) => {
    await page.goto('/auth?tab=signup');
    const password = page.getByLabel('Password', { exact: true });
    const strength = page.getByTestId('password-strength-label');
    await password.fill('abc');
    await expect(page.getByRole('alert')).toHaveText('Password must be at least 8 characters');
    await expect(strength).toHaveText('Weak');
    await password.fill('abcdefgh1');
    await expect(page.getByRole('alert')).toHaveText('Password must contain at least one uppercase letter');
    await expect(strength).toHaveText('Medium');
    await password.fill('Abcdefgh12!x');
    await expect(strength).toHaveText('Strong');
    await expect(page.getByRole('listitem').filter({ hasText: 'One number' })).toContainText('(met)');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText('Full name is required');
  });

  test('a forgotten password is reset from the emailed link', async ({
    page,
    forgetSession,
    mailbox,
    freshUser,
  }) => {
    const { email } = await freshUser('Rita Reset');
    await forgetSession();
    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();

    const mail = await mailbox.waitFor(email, /Reset your XRP Research password/);
    await page.goto(mailbox.linkIn(mail));
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('Reset-Done-22');
    await page.getByLabel('Confirm new password').fill('Reset-Done-22');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Password updated successfully')).toBeVisible();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Reset-Done-22');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectPath(page, '/');
    await expect(page.getByText('Welcome back!')).toBeVisible();
  });
});

test.describe('refused sign-ins (SPEC §8)', () => {
  // The browser logs every 4xx answer to the console; these tests provoke them on purpose.
  test.use({ expectedConsoleErrors: [/status of 40[13]/] });

  test('an unverified user is told so and can have the link sent again', async ({ page, mailbox }) => {
    const email = uniqueEmail('unverified');
    await page.request.post('/api/auth/sign-up/email', {
      data: { email, password: 'Unverified-1', name: 'Una' },
    });
    await mailbox.waitFor(email, /Verify your email/);
    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Unverified-1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Please verify your email address before signing in.',
    );
    await expect(page.getByText('Sign in failed')).toBeVisible();
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(page.getByText('Verification email sent')).toBeVisible();
  });

  test('a wrong password shows the alert and the toast', async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel('Email').fill('free@e2e.test');
    await page.getByLabel('Password').fill('Not-The-Password-1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid email or password');
    await expect(page.getByText('Sign in failed')).toBeVisible();
  });
});
