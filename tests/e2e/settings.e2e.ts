import * as OTPAuth from 'otpauth';
import { expect, expectPath, test } from './fixtures';

test.describe('settings', () => {
  test('General: the name saves on blur, timezone and date format save at once', async ({
    page,
    freshUser,
  }) => {
    await freshUser('Gene General');
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
    const name = page.getByLabel('Full name');
    await name.fill('Gene Renamed');
    await name.blur();
    await expect(page.getByText('Profile updated')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu for Gene Renamed' })).toBeVisible();
    // An empty name is refused with a message and saves nothing, on a phone too.
    await page.setViewportSize({ width: 390, height: 844 });
    await name.fill('   ');
    await name.blur();
    await expect(page.getByText('Full name is required')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Full name')).toHaveValue('Gene Renamed');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByLabel('Timezone').selectOption({ label: 'Tokyo' });
    await expect(page.getByText('Preference updated').first()).toBeVisible();
    // Each format is named with the current moment as the site writes it, not a pattern.
    const formats = page.getByLabel('Date format').locator('option');
    await expect(formats).toHaveText([
      /^US — [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M$/,
      /^EU — \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}$/,
      /^ISO — \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    ]);
    // In the member's zone: Tokyo's clock now (or a minute ago, had the minute turned meanwhile).
    const tokyoNow = (ms: number) =>
      new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'Asia/Tokyo',
        dateStyle: 'short',
        timeStyle: 'short',
      }).format(ms);
    expect([tokyoNow(Date.now()), tokyoNow(Date.now() - 60_000)]).toContain(
      (await formats.nth(2).textContent())?.replace('ISO — ', ''),
    );
    // Saved at once: the reload waits for the save's answer (a reload in the same instant aborted it).
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/preferences') && response.request().method() === 'PATCH',
    );
    await page.getByLabel('Date format').selectOption('ISO');
    await saved;
    await page.reload();
    await expect(page.getByLabel('Timezone')).toHaveValue('Asia/Tokyo');
    await expect(page.getByLabel('Date format')).toHaveValue('ISO');
    await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  });

  test('Notifications: a free user sees premium toggles locked and can change the free ones', async ({
    page,
    freshUser,
  }) => {
    await freshUser('Nora Notify');
    await page.goto('/settings?tab=notifications');
    await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      '/membership',
    );
    await expect(page.getByRole('switch', { name: /Whale alerts/ }).first()).toBeDisabled();
    await expect(page.getByRole('switch', { name: /Push notifications/ })).toBeDisabled();
    await expect(page.getByLabel(/Alert frequency/)).toBeDisabled();
    await expect(page.getByRole('switch', { name: 'Security alerts' })).toBeDisabled();
    await expect(page.getByRole('switch', { name: 'Security alerts' })).toBeChecked();
    const weekly = page.getByRole('switch', { name: 'Weekly summary' });
    await expect(weekly).toBeChecked();
    await weekly.click();
    await expect(page.getByText('Preference updated')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Weekly summary' })).not.toBeChecked();
  });

  test('Notifications: a premium member customises alerts', async ({ page, signInAs }) => {
    await signInAs('premium');
    await page.goto('/settings?tab=notifications');
    const frequency = page.getByLabel('Alert frequency');
    await expect(frequency).toBeEnabled();
    await frequency.selectOption('hourly');
    await expect(page.getByText('Preference updated')).toBeVisible();
    await frequency.selectOption('instant');
  });

  test('Privacy: the account date, the short user id and a data download', async ({ page, freshUser }) => {
    const { email } = await freshUser('Pia Privacy');
    await page.goto('/settings?tab=privacy');
    await expect(page.getByTestId('user-id-prefix')).toHaveText(/^\S{8}$/);
    await expect(page.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/membership');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^xrp-research-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(
      await (
        await file.createReadStream()
      )
        .toArray()
        .then((chunks) => Buffer.concat(chunks).toString('utf8')),
    );
    expect(data.account.email).toBe(email);
  });

  test.describe('two-factor setup', () => {
    // A wrong code on purpose: the browser logs its 401 answer.
    test.use({ expectedConsoleErrors: [/status of 401/] });

    test('Security: turning on 2FA with a code from the shown secret, then signing in with it', async ({
      page,
      forgetSession,
      freshUser,
    }) => {
      const { email, password } = await freshUser('Tess Totp');
      await page.goto('/settings?tab=security');
      await page.getByRole('button', { name: 'Enable 2FA' }).click();
      await page.getByLabel('Confirm your password').fill(password);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
      const secret = (await page.getByTestId('two-factor-secret').textContent()) ?? '';
      const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
      await page.getByRole('button', { name: 'Next' }).click();
      const codeInput = page.getByLabel('6-digit code');
      await codeInput.fill('12ab34');
      await expect(codeInput).toHaveValue('1234');
      await expect(page.getByRole('button', { name: 'Enable' })).toBeDisabled();
      // A wrong code first: its error goes once the right one is typed and accepted.
      const wrong = totp.generate() === '000000' ? '111111' : '000000';
      await codeInput.fill(wrong);
      await page.getByRole('button', { name: 'Enable' }).click();
      await expect(page.getByText('Invalid verification code').first()).toBeVisible();
      await codeInput.fill(totp.generate());
      await expect(page.getByRole('dialog').getByText('Invalid verification code')).toHaveCount(0);
      await page.getByRole('button', { name: 'Enable' }).click();
      await expect(page.getByText('Two-factor authentication enabled successfully!')).toBeVisible();
      await expect(page.getByText('Invalid verification code')).toHaveCount(0);
      await expect(page.getByTestId('backup-codes').getByRole('listitem')).toHaveCount(10);
      const backupCode = (
        (await page.getByTestId('backup-codes').getByRole('listitem').first().textContent()) ?? ''
      ).trim();
      expect(backupCode).toMatch(/^[A-Z2-9]{5}(-[A-Z2-9]{5}){3}$/i);
      await page.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByTestId('two-factor-status')).toHaveText('Enabled');

      await forgetSession();
      await page.goto('/auth');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
      await page.getByLabel('Verification code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expectPath(page, '/');
      await expect(page.getByText('Welcome back!')).toBeVisible();

      // Turning it off takes the password and a code (here a backup code, shown once at enabling).
      await page.goto('/settings?tab=security');
      await page.getByRole('button', { name: 'Disable 2FA' }).click();
      const dialog = page.getByRole('dialog', { name: 'Turn off two-factor authentication' });
      await dialog.getByLabel('Password').fill(password);
      await expect(dialog.getByRole('button', { name: 'Turn off' })).toBeDisabled();
      await dialog.getByLabel('Two-factor code').fill(backupCode);
      await dialog.getByRole('button', { name: 'Turn off' }).click();
      await expect(page.getByText('Two-factor authentication turned off')).toBeVisible();
      await expect(page.getByTestId('two-factor-status')).toHaveText('Not enabled');
    });
  });
});

test.describe('settings that refuse on purpose', () => {
  test.use({ expectedConsoleErrors: [/status of 4\d\d/] });

  test('Security: the password change explains each rule and needs the current password', async ({
    page,
    freshUser,
  }) => {
    const { password } = await freshUser('Pat Password');
    await page.goto('/settings?tab=security');
    await page.getByLabel('Current password').fill(password);
    await page.getByLabel('New password', { exact: true }).fill('Another-Pass-1');
    await page.getByLabel('Confirm new password').fill('Another-Pass-2');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByRole('alert')).toHaveText('New passwords do not match');
    await page.getByLabel('Current password').fill('Wrong-Current-1');
    await page.getByLabel('Confirm new password').fill('Another-Pass-1');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Incorrect password');
    await page.getByLabel('Current password').fill(password);
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByText('Password updated successfully')).toBeVisible();
  });

  test('General: the email change dialog checks the address and the password; the new address confirms, the old one undoes', async ({
    page,
    freshUser,
    mailbox,
  }) => {
    const { email, password } = await freshUser('Eve Email');
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Change' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change email address' });
    await dialog.getByLabel('New email').fill(email);
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Send verification' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('New email must be different from current email');
    const newEmail = `eve-new-${Date.now()}@e2e.test`;
    await dialog.getByLabel('New email').fill(newEmail);
    await dialog.getByLabel('Password').fill('Wrong-Password-1');
    await dialog.getByRole('button', { name: 'Send verification' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Incorrect password');
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Send verification' }).click();
    await expect(
      page.getByText('Verification emails sent! Please check both your old and new email addresses.'),
    ).toBeVisible();
    const confirmMail = await mailbox.waitFor(newEmail, /Confirm your new email address/);
    await mailbox.waitFor(email, /email address is being changed/);
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);

    // The new address's link: one click, and the account uses it.
    await page.goto(
      new URL(mailbox.linkIn(confirmMail)).pathname + new URL(mailbox.linkIn(confirmMail)).search,
    );
    await page.getByRole('button', { name: 'Confirm new address' }).click();
    await expect(page.getByRole('status')).toHaveText('Email address changed');
    await page.getByRole('link', { name: 'Back to Settings' }).click();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(newEmail);

    // The old address's link undoes it and signs everyone out.
    const done = await mailbox.waitFor(email, /your email address was changed/);
    const undo = new URL(mailbox.linkIn(done));
    await page.goto(undo.pathname + undo.search);
    await page.getByRole('button', { name: 'Stop the change' }).click();
    await expect(page.getByRole('status')).toHaveText('Change stopped');
    await expect(page.getByText(`your email address is ${email} again`)).toBeVisible();
    await page.goto('/settings');
    await expectPath(page, '/auth');
  });

  test('Account: delete needs the password and the acknowledgement, then signs out and goes home', async ({
    page,
    freshUser,
    baseURL,
  }) => {
    const { email, password } = await freshUser('Dee Delete');
    await page.goto('/settings?tab=account');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Password').fill('Wrong-Password-1');
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('checkbox').check();
    await confirm.click();
    await expect(dialog.getByRole('alert')).toHaveText('Incorrect password');
    await dialog.getByLabel('Password').fill(password);
    await confirm.click();
    await expect(page.getByText('Account deleted successfully. You will be redirected...')).toBeVisible();
    await expectPath(page, '/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    const signIn = await page.request.post('/api/auth/sign-in/email', {
      data: { email, password },
      headers: { origin: baseURL ?? '' },
    });
    expect(signIn.status(), await signIn.text()).toBe(401);
  });
});
