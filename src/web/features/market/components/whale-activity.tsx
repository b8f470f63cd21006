import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { DateFormatter } from '@/domain/format/dates';
import { formatAmount } from '@/domain/format/format';
import { sourceUnavailableNote } from '@/domain/sync/source-health';
import { WHALE_CARD_LIMIT, type WhaleStats as WhaleStatsData } from '@/domain/whales/whales.schema';
import { appRoutes } from '@/domain/routing/routes';
import { useDates } from '@/web/lib/preferences';
import { useSession } from '@/web/lib/session';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { whaleStatsQuery, whalesQuery } from '../api/market';
import { PremiumOverlay } from './premium-overlay';
import { WhaleRow } from './whale-row';

/** The card shows the 8 most recent of the 20 fetched. */
const SHOWN = WHALE_CARD_LIMIT;

/** Until the ledger has been read once, whale figures are unknown, not zero: say so, and since when. */
const unavailableNote = (source: WhaleStatsData['source'], dates: DateFormatter) =>
  sourceUnavailableNote(source, dates.dateTime, 'the XRP Ledger');

function WhaleList() {
  const whales = useQuery(whalesQuery);
  const stats = useQuery(whaleStatsQuery);
  const dates = useDates();
  if (whales.isPending || stats.isPending) return <Spinner />;
  // Payments on the list prove the ledger was read, whatever an older stats answer said.
  const unavailable = stats.data && !whales.data?.length ? unavailableNote(stats.data.source, dates) : null;
  if (unavailable)
    return (
      <p className="py-6 text-center text-muted-foreground" data-testid="whales-unavailable">
        {unavailable}
      </p>
    );
  if (whales.isError)
    return (
      <p className="py-4 text-center text-sm text-destructive">
        Could not load whale transactions: {whales.error.message}
      </p>
    );
  if (whales.data.length === 0)
    return <p className="py-6 text-center text-muted-foreground">No whale activity in the last 24 hours</p>;
  return (
    <>
      <p className="text-xs text-muted-foreground">
        Names come from public explorer labels; * marks a name not yet confirmed there by this site.
      </p>
      <ul className="divide-y" data-testid="whale-list">
        {whales.data.slice(0, SHOWN).map((whale) => (
          <WhaleRow key={whale.id} whale={whale} />
        ))}
      </ul>
      <Link to={appRoutes.whales} className="mt-2 inline-block text-sm text-primary hover:underline">
        The whole history, with filters →
      </Link>
    </>
  );
}

function WhaleStats() {
  const stats = useQuery(whaleStatsQuery);
  const dates = useDates();
  // Known figures only: before the first read of the ledger every card is "—", never 0.
  const data = stats.data?.source.everSucceeded ? stats.data : null;
  const unknown = stats.isError
    ? `The 24-hour figures could not be loaded: ${stats.error.message}`
    : stats.data
      ? unavailableNote(stats.data.source, dates)
      : null;
  const items = [
    ['24h Whale Volume', data ? `${formatAmount(data.totalVolume24h)} XRP` : '—'],
    ['Whale Transactions', data ? String(data.transactionCount24h) : '—'],
    ['Largest Transfer', data ? `${formatAmount(data.largestTransaction24h)} XRP` : '—'],
    ['Average Transfer', data ? `${formatAmount(data.averageTransaction24h)} XRP` : '—'],
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="whale-stats">
      {stats.isError && (
        <p role="status" className="text-sm text-muted-foreground sm:col-span-2 lg:col-span-4">
          {unknown}
        </p>
      )}
      {items.map(([label, value]) => (
        <Card key={label}>
          <CardContent className="pt-6">
            <p className="text-sm text-muted-foreground">{label}</p>
            <p className="text-xl font-bold tabular-nums" title={unknown ?? undefined}>
              {value}
            </p>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

/** Whale Activity with its four stat cards; premium only (the API refuses everyone else). */
export function WhaleActivity() {
  const { isPremium } = useSession();
  return (
    <section aria-labelledby="whale-heading" className="flex flex-col gap-4">
      <Card>
        <CardHeader>
          <CardTitle as="h2" id="whale-heading">
            Whale Activity
          </CardTitle>
          <CardDescription>Transactions above 1M XRP on the XRP Ledger, updated hourly.</CardDescription>
        </CardHeader>
        <CardContent>
          {isPremium ? (
            <WhaleList />
          ) : (
            <PremiumOverlay title="Whale tracking is a Premium feature">
              See every XRP transfer above 1M XRP as it happens, with 24-hour statistics.
            </PremiumOverlay>
          )}
        </CardContent>
      </Card>
      {isPremium && <WhaleStats />}
    </section>
  );
}
