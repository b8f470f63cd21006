import { topicLabels, type QuestionTopic } from '@/domain/questions/questions.schema';
import type { MailMessage } from '../../lib/mailer';

export interface NewQuestionNotice {
  id: string;
  subject: string;
  topic: QuestionTopic | null;
  body: string;
  asker: string;
  /** A new question, or the member's reply in one. */
  kind: 'question' | 'reply';
}

/** Where a question opens in the analysts' inbox. */
export const inboxPath = (id: string) => `/admin?tab=inbox&question=${id}`;
/** Where a member reads their question. */
export const askPath = (id: string) => `/ask?question=${id}`;

/** To each analyst (who has not turned it off) when a member asks a question. */
export function newQuestionEmail(to: string, notice: NewQuestionNotice, publicUrl: string): MailMessage {
  return {
    to,
    subject: `${notice.kind === 'reply' ? 'Member replied' : 'New question'}: ${notice.subject}`,
    text: [
      notice.kind === 'reply'
        ? `${notice.asker} replied in their question.`
        : `${notice.asker} asked the analysts a question${notice.topic ? ` (${topicLabels[notice.topic]})` : ''}.`,
      '',
      `“${notice.subject}”`,
      '',
      notice.body,
      '',
      `Answer it in the inbox: ${publicUrl}${inboxPath(notice.id)}`,
      '',
      '—',
      `XRP Research · ${publicUrl}`,
      `You receive this as an analyst. Turn these emails off in the inbox: ${publicUrl}/admin?tab=inbox`,
    ].join('\n'),
  };
}
