import type { QuestionMessage } from '@/domain/questions/questions.schema';
import { LinkifiedText } from '@/web/components/linkified-text';
import { useDates } from '@/web/lib/preferences';
import { cn } from '@/web/lib/cn';

/** An analyst whose account is gone keeps their replies, under this name. */
export const FORMER_ANALYST = 'Former analyst';

const authorOf = (message: QuestionMessage) =>
  message.author === 'member' ? 'You' : (message.authorName ?? FORMER_ANALYST);

/**
 * A thread's messages, oldest first as the server sends them: the member's and the analysts', told
 * apart by name and tint, each with its time in the member's zone. The text is plain with safe links.
 */
export function MessageList({ messages }: { messages: readonly QuestionMessage[] }) {
  const dates = useDates();
  return (
    <ol className="flex flex-col gap-3" aria-label="Messages">
      {messages.map((message) => {
        const analyst = message.author === 'analyst';
        return (
          <li
            key={message.id}
            data-testid="question-message"
            className={cn(
              'flex flex-col gap-1.5 rounded-lg border p-3 sm:p-4',
              analyst ? 'border-primary/30 bg-primary/5' : 'bg-muted/50',
            )}
          >
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-semibold">{authorOf(message)}</span>
              {analyst && <span className="text-xs text-muted-foreground">Analyst</span>}
              <time dateTime={message.createdAt} className="text-xs text-muted-foreground">
                {dates.dateTime(message.createdAt)}
              </time>
            </p>
            <LinkifiedText text={message.body} />
          </li>
        );
      })}
    </ol>
  );
}
