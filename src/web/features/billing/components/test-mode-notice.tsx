import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';

/** Shown wherever money would move while the server runs the local test-mode provider. */
export function TestModeNotice({ children }: { children?: ReactNode }) {
  return (
    <div
      role="note"
      className="mx-auto flex w-full max-w-4xl items-start gap-3 rounded-lg border-2 border-dashed border-amber-500/70 bg-amber-500/10 p-4 text-sm"
      data-testid="test-mode-notice"
    >
      <FlaskConical
        className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-400"
        aria-hidden="true"
      />
      <div>
        <p className="font-semibold">Test mode — no card is charged</p>
        <p className="text-muted-foreground">
          {children ??
            'This server has no payment provider keys, so checkout and billing are simulated. Operators: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take real payments.'}
        </p>
      </div>
    </div>
  );
}
