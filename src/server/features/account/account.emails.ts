import type { MailMessage } from '../../lib/mailer';
import { signature } from '../../lib/auth-emails';

/** The mails of an email change. Plain text, like every account mail (lib/auth-emails.ts). */
export function emailChangeConfirmation(to: string, url: string): MailMessage {
  return {
    to,
    subject: 'Confirm your new email address for XRP Research',
    text: `Confirm that this is the new email address of your XRP Research account:\n${url}\n\nYour address changes only once you open this link and confirm (valid for one hour). If you did not ask for this, ignore this message.${signature}`,
    link: url,
  };
}

/** To the current address when a change is asked for: the link cancels it, or undoes it once done. */
export function emailChangeRequestedNotice(to: string, newEmail: string, cancelUrl: string): MailMessage {
  return {
    to,
    subject: 'Security alert: your email address is being changed',
    text: `A change of your XRP Research account's email address to ${newEmail} was requested, with your password. It takes effect once the new address is confirmed.\n\nIf this was not you, cancel the change here (the link also undoes it for 7 days and signs everyone out):\n${cancelUrl}\n\nThen reset your password.${signature}`,
    link: cancelUrl,
  };
}

/** To the old address once the new one has confirmed. */
export function emailChangedNotice(to: string, newEmail: string, cancelUrl: string): MailMessage {
  return {
    to,
    subject: 'Security alert: your email address was changed',
    text: `The email address of your XRP Research account is now ${newEmail}.\n\nIf this was not you, undo the change here within 7 days (it also signs everyone out):\n${cancelUrl}${signature}`,
    link: cancelUrl,
  };
}

/** To the restored address after a change was undone from the cancel link. */
export function emailChangeUndoneNotice(to: string, signInUrl: string): MailMessage {
  return {
    to,
    subject: 'Security alert: the email change was undone',
    text: `The email address of your XRP Research account is ${to} again, and every session was signed out. Whoever asked for the change knew your password, so it no longer works and two-factor sign-in was turned off. Choose a new password with "Forgot password?" on the sign-in page, then turn two-factor sign-in on again in Settings:\n${signInUrl}${signature}`,
  };
}
