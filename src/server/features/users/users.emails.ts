import { planNames } from '@/domain/plans/plans';
import type { MailMessage } from '../../lib/mailer';
import type { MemberNotice } from './users-admin.service';

const signature = '\n\n— XRP Research\nThis is an automatic message about your account.';

/** To the member when an administrator changed their plan or blocked or unblocked them. */
export function memberNoticeEmail(to: string, notice: MemberNotice, publicUrl: string): MailMessage {
  switch (notice.kind) {
    case 'plan':
      return {
        to,
        subject: `Your XRP Research plan is now ${planNames[notice.plan]}`,
        text: `An administrator changed your plan to ${planNames[notice.plan]}. See what it includes: ${publicUrl}/membership${signature}`,
      };
    case 'blocked':
      return {
        to,
        subject: 'Your XRP Research account has been blocked',
        text: `An administrator blocked your account, and every session was signed out.\n\nReason: ${notice.reason}\n\nIf you believe this is a mistake, write to us: ${publicUrl}/contact${signature}`,
      };
    case 'unblocked':
      return {
        to,
        subject: 'Your XRP Research account is active again',
        text: `An administrator lifted the block on your account. You can sign in again: ${publicUrl}/auth${signature}`,
      };
  }
}
