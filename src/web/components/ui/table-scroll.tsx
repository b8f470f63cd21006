import type { ReactNode } from 'react';
import { cn } from '@/web/lib/cn';

/**
 * A wide table's box: the table scrolls sideways inside it, and the page never gets wider than the
 * screen. `relative` keeps the table's absolutely positioned parts (an `sr-only` column heading) inside
 * the box: positioned against the page, they stuck out past a phone's edge and widened the whole page.
 * Focusable and labelled, so a keyboard can scroll it too.
 */
export function TableScroll({
  label,
  className,
  children,
}: {
  /** What the table is, for the region's name ("Users", "Sync logs"). */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={cn('relative overflow-x-auto', className)}>
      {children}
    </div>
  );
}
