import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';

/** What a member reads in test mode: never how an operator turns payments on. */
export const TEST_MODE_NOTICE_TITLE = 'Payments are in test mode: no card is charged';

/**
 * Shown wherever money would move while the server runs the local test-mode provider. Members see
 * it, so its text is theirs; the admin dashboard passes the operator's instructions as children.
 */
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
        <p className="font-semibold">{TEST_MODE_NOTICE_TITLE}</p>
        <p className="text-muted-foreground">
          {children ??
            'Checkout and billing on this site are simulated: subscribing gives you Premium without taking any money.'}
        </p>
      </div>
    </div>
  );
}
