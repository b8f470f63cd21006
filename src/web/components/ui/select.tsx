import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/cn';

/** A native select: keyboard, screen readers and mobile pickers for free. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
