import { EyeOff } from 'lucide-react';
import type { InboxThread, QuestionMessage } from '@/domain/questions/questions.schema';
import { Badge } from '@/web/components/ui/badge';
import { LinkifiedText } from '@/web/components/linkified-text';
import { useDates } from '@/web/lib/preferences';
import { cn } from '@/web/lib/cn';
import { memberName } from './question-badges';

type Kind = 'member' | 'reply' | 'note';

const kindOf = (message: QuestionMessage): Kind =>
  message.author === 'member' ? 'member' : message.internal ? 'note' : 'reply';

const kindClass: Record<Kind, string> = {
  member: 'bg-card',
  reply: 'border-primary/30 bg-primary/5',
  note: 'border-amber-500/60 border-dashed bg-amber-50 text-amber-950 dark:bg-amber-950/40 dark:text-amber-50',
};

const kindLabel: Record<Kind, string> = { member: 'Member', reply: 'Reply', note: 'Internal note' };

function Message({ message, member }: { message: QuestionMessage; member: string }) {
  const dates = useDates();
  const kind = kindOf(message);
  const author = message.author === 'member' ? member : (message.authorName ?? 'Former analyst');
  return (
    <li
      data-testid="inbox-message"
      data-kind={kind}
      className={cn('flex flex-col gap-2 rounded-lg border p-3 sm:p-4', kindClass[kind])}
    >
      <article aria-label={`${kindLabel[kind]} by ${author}`} className="flex min-w-0 flex-col gap-2">
        {kind === 'note' && (
          <p className="flex items-center gap-2 text-xs font-semibold text-amber-900 dark:text-amber-200">
            <EyeOff className="size-3.5 shrink-0" aria-hidden="true" />
            Internal note — the member never sees this
          </p>
        )}
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span dir="auto" className="font-medium [overflow-wrap:anywhere]">
              {author}
            </span>
            {kind === 'member' ? (
              <Badge className="text-muted-foreground">Member</Badge>
            ) : (
              kind === 'reply' && <Badge className="border-primary/40 text-primary">Analyst</Badge>
            )}
          </p>
          <time
            dateTime={message.createdAt}
            className={cn(
              'text-xs',
              kind === 'note' ? 'text-amber-900 dark:text-amber-200' : 'text-muted-foreground',
            )}
          >
            {dates.dateTime(message.createdAt)}
          </time>
        </div>
        <LinkifiedText text={message.body} />
      </article>
    </li>
  );
}

/** Every message of a question, oldest first: the member's, the analysts' replies, and internal notes. */
export function ThreadMessages({ thread }: { thread: InboxThread }) {
  const messages = [...thread.messages].sort(
    (a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime(),
  );
  return (
    <ol aria-label="Messages, oldest first" className="flex flex-col gap-3">
      {messages.map((message) => (
        <Message key={message.id} message={message} member={memberName(thread.member)} />
      ))}
    </ol>
  );
}
