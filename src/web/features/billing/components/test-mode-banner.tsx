import { useQuery } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { billingConfigQuery } from '../api/billing';

export const TEST_MODE_BANNER_TEXT = 'Payments are in test mode: no card is charged.';

/**
 * On every page while the server runs the local test-mode provider, so no member takes Premium for a
 * paid plan. Nothing at all with Stripe, or until the mode is known. A small fixed note in a corner:
 * appearing when the answer comes, it moves nothing on the page (no layout shift). On a phone it is
 * the flask alone, so it does not sit over a field's message or a button at the bottom of the screen.
 */
export function TestModeBanner() {
  const { data } = useQuery(billingConfigQuery);
  if (data?.mode !== 'test') return null;
  return (
    <aside
      aria-label="Payments"
      data-testid="test-mode-banner"
      title={TEST_MODE_BANNER_TEXT}
      className="pointer-events-none fixed bottom-2 left-2 z-40 max-w-[calc(100vw-1rem)] rounded-full border border-amber-300 bg-amber-100 px-1.5 py-1 text-xs font-medium text-amber-950 shadow-sm sm:px-3 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <FlaskConical className="inline size-3.5 align-[-2px] sm:mr-1.5" aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">{TEST_MODE_BANNER_TEXT}</span>
    </aside>
  );
}
