import { useQuery } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { billingConfigQuery } from '../api/billing';

export const TEST_MODE_BANNER_TEXT = 'Payments are in test mode: no card is charged.';

/**
 * On every page while the server runs the local test-mode provider, so no member takes Premium for a
 * paid plan. Nothing at all with Stripe, or until the mode is known. A slim bar in the page's flow just
 * above the footer: it covers nothing (no fixed position over fields, cards or dialogs), and appearing
 * when the answer comes it moves nothing the reader is looking at above it.
 */
export function TestModeBanner() {
  const { data } = useQuery(billingConfigQuery);
  if (data?.mode !== 'test') return null;
  return (
    <aside
      aria-label="Payments"
      data-testid="test-mode-banner"
      className="border-t border-amber-300 bg-amber-100 px-4 py-1.5 text-center text-xs font-medium text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <FlaskConical className="mr-1.5 inline size-3.5 align-[-2px]" aria-hidden="true" />
      {TEST_MODE_BANNER_TEXT}
    </aside>
  );
}
