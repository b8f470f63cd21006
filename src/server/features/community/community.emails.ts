import { reportReasons, type ReportReason } from '@/domain/community/community.schema';
import type { MailMessage } from '../../lib/mailer';

export interface ReportNotice {
  reporter: string;
  author: string;
  reason: ReportReason;
  details: string | null;
  excerpt: string;
  subjectTitle: string;
  pageUrl: string;
  hidden: boolean;
  openReports: number;
}

/** To every administrator when a member reports a comment. */
export function reportEmail(to: string, notice: ReportNotice, publicUrl: string): MailMessage {
  const reason = reportReasons.find((item) => item.value === notice.reason)?.label ?? notice.reason;
  return {
    to,
    subject: notice.hidden
      ? `Comment hidden after ${notice.openReports} reports: ${reason}`
      : `Comment reported: ${reason}`,
    text: [
      `${notice.reporter} reported a comment by ${notice.author} on “${notice.subjectTitle}”.`,
      '',
      `Reason: ${reason}`,
      ...(notice.details ? [`Details: ${notice.details}`] : []),
      '',
      `The comment: “${notice.excerpt}”`,
      '',
      notice.hidden
        ? `It now has ${notice.openReports} open reports from different members and is hidden until a moderator reviews it.`
        : `It has ${notice.openReports} open report${notice.openReports === 1 ? '' : 's'}.`,
      '',
      `Review it: ${publicUrl}/admin?tab=comments`,
      `On the page: ${notice.pageUrl}`,
      '',
      '— XRP Research',
    ].join('\n'),
  };
}
