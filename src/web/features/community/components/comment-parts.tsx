import { useEffect, useState } from 'react';
import type { CommentReply } from '@/domain/community/community.schema';
import { useDates } from '@/web/lib/preferences';
import { cn } from '@/web/lib/cn';

export const DELETED_MEMBER = 'Deleted member';
export const REMOVED_TEXT = 'Comment removed';
/** Hidden by members' reports, until a moderator reviews it. */
export const HIDDEN_TEXT = 'This comment is hidden while a moderator reviews it.';
/** Hidden by a moderator (its author also reads the moderator's reason). */
export const MODERATOR_HIDDEN_TEXT = 'A moderator hid this comment.';

/**
 * When a comment was posted: "23 min ago", "3h ago", then its date; the full date and time on hover
 * and in `dateTime`. Written again each minute while the page stays open.
 */
export function CommentTime({ value }: { value: string }) {
  const dates = useDates();
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), 60_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time dateTime={value} title={dates.dateTime(value)} className="text-muted-foreground">
      {dates.age(value)}
    </time>
  );
}

/** Why a hidden comment shows no text: members' reports (until reviewed), or a moderator and why. */
export function HiddenNotice({ comment }: { comment: CommentReply }) {
  if (comment.hiddenBy !== 'moderator')
    return <p className="text-sm italic text-muted-foreground">{HIDDEN_TEXT}</p>;
  return (
    <div className="flex flex-col gap-0.5 text-sm text-muted-foreground" data-testid="comment-hidden">
      <p className="italic">{MODERATOR_HIDDEN_TEXT}</p>
      {comment.hiddenNote && (
        <p className="[overflow-wrap:anywhere]">
          Reason: <span dir="auto">{comment.hiddenNote}</span>
        </p>
      )}
    </div>
  );
}

export function Avatar({ name, deleted }: { name: string; deleted: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold uppercase',
        deleted ? 'bg-muted text-muted-foreground' : 'bg-primary/15 text-primary',
      )}
    >
      {deleted ? '?' : Array.from(name.trim())[0]}
    </span>
  );
}
