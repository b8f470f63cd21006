import type { ReactNode } from 'react';
import { cn } from '@/web/lib/cn';
import { formatInteger } from '@/domain/format/format';
import { showsCounter } from '../lib/format';

/**
 * What goes under a limited text box: its hint, a counter once it nears its limit ("4,120 / 5,000",
 * and by how much it is over), and its problem; plus the box's aria wiring to them, so a screen
 * reader hears the same notes.
 */
export function fieldNotes({
  id,
  length,
  max,
  hint,
  error,
}: {
  id: string;
  length: number;
  max: number;
  hint?: string;
  error?: string | undefined;
}): { describedBy: string | undefined; invalid: true | undefined; notes: ReactNode } {
  const counted = showsCounter(length, max);
  const over = length > max;
  const describedBy =
    [hint && `${id}-hint`, counted && `${id}-count`, error && `${id}-error`].filter(Boolean).join(' ') ||
    undefined;
  const notes = (
    <>
      {(hint || counted) && (
        <div className="flex flex-wrap justify-between gap-x-3 gap-y-1 text-xs text-muted-foreground">
          {hint && <span id={`${id}-hint`}>{hint}</span>}
          {counted && (
            <span
              id={`${id}-count`}
              className={cn('ml-auto tabular-nums', over && 'font-medium text-destructive')}
            >
              {formatInteger(length)} / {formatInteger(max)}
              {over && ` (${formatInteger(length - max)} over the limit)`}
            </span>
          )}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </>
  );
  return { describedBy, invalid: error || over ? true : undefined, notes };
}
