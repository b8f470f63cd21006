import { pageHeadings } from '@/domain/routing/page-headings';
import { timezoneValues } from '@/domain/preferences/preferences.schema';
import { PremiumOverlay } from '@/web/features/market/components/premium-overlay';
import { EscrowCalendarCard, SupplyHistoryCard, SupplySummary } from '@/web/features/supply';
import { useDates } from '@/web/lib/preferences';
import { useSession } from '@/web/lib/session';
import { PageHeading } from './page-heading';

/**
 * The XRP supply from the ledger: the latest reading for everyone; its day-by-day history and
 * Ripple's escrow calendar for Premium members (the server sends them to no one else).
 */
export function Component() {
  const { isPremium, loading } = useSession();
  const zone = useDates().settings.timeZone;
  // A zone the server does not list (a browser's own, before the member's settings arrive) is asked
  // for in UTC, and the days and months are then UTC's.
  const timeZone = timezoneValues.includes(zone) ? zone : 'UTC';
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={pageHeadings.supply.title}>{pageHeadings.supply.description}</PageHeading>
      <SupplySummary />
      {loading ? null : isPremium ? (
        <>
          <EscrowCalendarCard timeZone={timeZone} />
          <SupplyHistoryCard timeZone={timeZone} />
        </>
      ) : (
        <PremiumOverlay title="Ripple’s escrow calendar and the supply’s history are Premium">
          Premium members see when each of Ripple’s escrows unlocks, month by month, and the XRP in existence,
          burned and escrowed day by day for up to a year.
        </PremiumOverlay>
      )}
    </div>
  );
}
