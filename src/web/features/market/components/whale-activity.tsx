import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import type { DateFormatter } from '@/domain/format/dates';
import { formatAmount } from '@/domain/format/format';
import { sourceUnavailableNote } from '@/domain/sync/source-health';
import type { WhaleStats as WhaleStatsData } from '@/domain/whales/whales.schema';
import { explorerTxUrl } from '@/domain/xrpl/explorer';
import { useDates } from '@/web/features/preferences';
import { useSession } from '@/web/lib/session';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { whaleStatsQuery, whalesQuery } from '../api/market';
import { PremiumOverlay } from './premium-overlay';

/** The card shows the 8 most recent of the 20 fetched. */
const SHOWN = 8;
const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

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
    <ul className="divide-y" data-testid="whale-list">
      {whales.data.slice(0, SHOWN).map((whale) => (
        <li key={whale.id} className="flex items-center justify-between gap-3 py-2 text-sm">
          <div className="flex flex-col">
            <span className="font-semibold tabular-nums">{formatAmount(whale.amountXrp)} XRP</span>
            <span className="text-muted-foreground">
              {shortAddress(whale.fromAddress)} → {shortAddress(whale.toAddress)} ·{' '}
              <time dateTime={whale.transactionTimestamp} title={dates.dateTime(whale.transactionTimestamp)}>
                {dates.age(whale.transactionTimestamp)}
              </time>
            </span>
          </div>
          <a
            href={explorerTxUrl(whale.transactionHash)}
            target="_blank"
            rel="noopener noreferrer"
            className="flex items-center gap-1 text-primary hover:underline"
            aria-label={`View transaction ${whale.transactionHash.slice(0, 8)} on the XRP Ledger explorer`}
          >
            View <ExternalLink className="size-3.5" aria-hidden="true" />
          </a>
        </li>
      ))}
    </ul>
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
