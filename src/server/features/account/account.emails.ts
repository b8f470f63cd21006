import type { MailMessage } from '../../lib/mailer';

/** The account mails. Plain text: every client shows it, nothing in it can be abused as HTML. */
const signature = '\n\n— XRP Research\nThis is an automatic message about your account.';

export function verificationEmail(to: string, url: string): MailMessage {
  return {
    to,
    subject: 'Verify your email for XRP Research',
    text: `Welcome to XRP Research!\n\nConfirm your email address to finish creating your account:\n${url}\n\nThe link is valid for one hour. If you did not sign up, ignore this message.${signature}`,
    link: url,
  };
}

export function newEmailVerification(to: string, url: string): MailMessage {
  return {
    to,
    subject: 'Confirm your new email address for XRP Research',
    text: `Confirm that this is the new email address of your XRP Research account:\n${url}\n\nYour address changes only once you open this link (valid for one hour).${signature}`,
    link: url,
  };
}

export function emailChangeRequestedNotice(to: string, newEmail: string): MailMessage {
  return {
    to,
    subject: 'Your XRP Research email address is being changed',
    text: `A change of your account's email address to ${newEmail} was requested. It takes effect once the new address is confirmed from the message we sent there.\n\nIf this was not you, change your password now and contact support.${signature}`,
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

/** Security notices are always sent; no preference turns them off (SPEC §6). */
export function securityEmail(to: string, event: SecurityEvent): MailMessage {
  const { subject, body } = securityText[event];
  return {
    to,
    subject: `Security alert: ${subject.toLowerCase()}`,
    text: `${body}\n\nIf this was not you, reset your password now and contact support.${signature}`,
  };
}
