import { Loader2 } from 'lucide-react';
import { cn } from '@/web/lib/cn';

/** The route guard's loading state reads 'Loading...'. */
export function Spinner({ label = 'Loading...', className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex items-center justify-center gap-3 py-16', className)}
    >
      <Loader2 className="size-6 animate-spin text-primary" aria-hidden="true" />
      <span className="text-muted-foreground">{label}</span>
    </div>
  );
}

/**
 * A whole page's loading state: a screenful, so the footer is not on screen to be pushed down (a
 * layout shift) when the page arrives.
 */
export function PageSpinner() {
  return <Spinner className="min-h-screen py-0" />;
}
