import type { MailMessage } from './mailer';

/**
 * The mails better-auth sends (verification, reset, a taken address at sign-up) and the security
 * notices. Plain text: every client shows it, nothing in it can be abused as HTML.
 */
export const signature = '\n\n— XRP Research\nThis is an automatic message about your account.';

export function verificationEmail(to: string, url: string): MailMessage {
  return {
    to,
    subject: 'Verify your email for XRP Research',
    text: `Welcome to XRP Research!\n\nConfirm your email address to finish creating your account:\n${url}\n\nThe link is valid for one hour. If you did not sign up, ignore this message.${signature}`,
    link: url,
  };
}

/** Sign-up with an address that has an account: the page says the same as for a new one; the owner learns here. */
export function existingAccountSignUpEmail(to: string, publicUrl: string): MailMessage {
  const signIn = `${publicUrl}/auth`;
  return {
    to,
    subject: 'Someone tried to sign up with your email address',
    text: `Someone tried to create an XRP Research account with this address, which already has one. No new account was made.\n\nIf it was you, sign in here (forgot your password? The sign-in page has a link):\n${signIn}\n\nIf it was not you, ignore this message.${signature}`,
  };
}

export function passwordResetEmail(to: string, url: string): MailMessage {
  return {
    to,
    subject: 'Reset your XRP Research password',
    text: `Someone (hopefully you) asked to reset the password of your XRP Research account. Choose a new password here:\n${url}\n\nThe link is valid for one hour. If you did not ask for this, ignore this message: your password stays as it is.${signature}`,
    link: url,
  };
}

export type SecurityEvent =
  'password-changed' | 'password-reset' | 'email-changed' | 'two-factor-enabled' | 'two-factor-disabled';

const securityText: Record<SecurityEvent, { subject: string; body: string }> = {
  'password-changed': {
    subject: 'Your password was changed',
    body: 'The password of your XRP Research account was just changed, and your other sessions were signed out.',
  },
  'password-reset': {
    subject: 'Your password was reset',
    body: 'The password of your XRP Research account was just reset with an emailed link, and every session was signed out.',
  },
  'email-changed': {
    subject: 'Your email address was changed',
    body: 'The email address of your XRP Research account was just changed.',
  },
  'two-factor-enabled': {
    subject: 'Two-factor authentication is on',
    body: 'Two-factor authentication was just turned on for your XRP Research account.',
  },
  'two-factor-disabled': {
    subject: 'Two-factor authentication is off',
    body: 'Two-factor authentication was just turned off for your XRP Research account.',
  },
};

/** Security notices are always sent; no preference turns them off. */
export function securityEmail(to: string, event: SecurityEvent): MailMessage {
  const { subject, body } = securityText[event];
  return {
    to,
    subject: `Security alert: ${subject.toLowerCase()}`,
    text: `${body}\n\nIf this was not you, reset your password now and contact support.${signature}`,
  };
}
