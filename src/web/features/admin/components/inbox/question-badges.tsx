import type { InboxQuestion } from '@/domain/questions/questions.schema';

/** The member's page and the inbox show a question's status alike. */
export { StatusBadge } from '@/web/features/questions';

/**
 * Whether the member waits for an analyst: the question is open (the member wrote last, internal
 * notes aside), or the member wrote last; never once it is closed.
 */
export const awaitsReply = (question: Pick<InboxQuestion, 'status' | 'lastMessageBy'>) =>
  question.status === 'open' || (question.status !== 'closed' && question.lastMessageBy === 'member');

/** The member as the inbox names them: their name, else their email. */
export const memberName = (member: InboxQuestion['member']) => member.name ?? member.email;
