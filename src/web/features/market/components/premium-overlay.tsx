import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/web/components/ui/button';

/** What a non-premium user sees instead of premium data (the server sends them none). */
export function PremiumOverlay({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-premium/60 bg-muted/40 p-8 text-center"
      data-testid="premium-overlay"
    >
      <Lock className="size-6 text-premium" aria-hidden="true" />
      <p className="font-semibold">{title}</p>
      {children && <p className="max-w-sm text-sm text-muted-foreground">{children}</p>}
      <Button asChild variant="premium" size="sm">
        <Link to="/membership">Upgrade to Premium</Link>
      </Button>
    </div>
  );
}
