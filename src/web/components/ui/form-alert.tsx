import { AlertCircle, CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/web/lib/cn';

/** An inline message above a form (a failed sign-in, for one). */
export function FormAlert({
  tone = 'error',
  children,
}: {
  tone?: 'error' | 'success' | 'info';
  children: ReactNode;
}) {
  const Icon = tone === 'success' ? CheckCircle2 : AlertCircle;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex gap-2 rounded-md border p-3 text-sm',
        tone === 'error' && 'border-destructive/50 text-destructive',
        tone === 'success' && 'border-emerald-600/40 text-emerald-700 dark:text-emerald-400',
        tone === 'info' && 'border-primary/40 text-foreground',
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="flex flex-col gap-2">{children}</div>
    </div>
  );
}
