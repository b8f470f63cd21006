import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/cn';

export function Badge({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold',
        className,
      )}
      {...props}
    />
  );
}

export function PremiumBadge() {
  return <Badge className="border-premium/50 text-premium">Premium</Badge>;
}
