import { appRoutes } from '@/domain/routing/routes';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@/web/lib/toast';
import { formatAmount, formatPercent, formatPrice, formatUsd } from '@/domain/format/format';
import { sourceUnavailableNote } from '@/domain/sync/source-health';
import { changePercent, isStale, XRP_TOTAL_SUPPLY } from '@/domain/market/metrics';
import { useDates } from '@/web/lib/preferences';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { metricsQuery } from '@/web/lib/market-queries';
import { cn } from '@/web/lib/cn';
import { FearGreedCard } from './fear-greed-card';
import { MetricCard } from './metric-card';

/** The market metrics sync runs every 5 minutes by default. */
const METRICS_PERIOD_MINUTES = 5;

/**
 * Below lg the six cards and Fear & Greed share one grid of two columns (`MarketOverview`): the
 * cards two a row, Fear & Greed after the first four, so price, market cap, volume and Fear & Greed
 * all start on a phone's first screen (one card a row put Fear & Greed 1,300 px down). From lg the
 * cards are a grid of their own beside Fear & Greed.
 */
const gridClass = 'contents lg:grid lg:grid-cols-2 lg:gap-4 xl:grid-cols-3';
/** The last two cards (and their loading boxes) come after Fear & Greed below lg. */
const afterSentiment = 'order-2 lg:order-none';
/**
 * Each loading box's height: the cards' own on a phone (390–412 px) and from sm, where the second
 * row (24h volume with its change note, circulating supply with its share) is a line taller than the
 * first. Boxes of one height there let Fear & Greed, below them, move 40 px down as the cards arrived
 * (a layout shift of 0.014 on Lighthouse's phone).
 */
const loadingHeight = (index: number) =>
  index === 2 || index === 3 ? 'h-[11rem] sm:h-[10.5rem]' : 'h-[8.5rem] sm:h-[9.5rem]';
/** A message in place of the cards spans both columns of the shared grid. */
const wholeRow = 'col-span-2 lg:col-span-1';

/** The metric cards and the Fear & Greed card, laid out together (see `gridClass`). */
export function MarketOverview() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-[1fr_20rem] lg:gap-6">
      <MetricsGrid />
      <FearGreedCard className="order-1 col-span-2 lg:order-none lg:col-span-1" />
    </div>
  );
}

/** The six metric cards, each loading, errored, empty or loaded. */
export function MetricsGrid() {
  const metrics = useQuery(metricsQuery);
  const dates = useDates();
  const { isError, error } = metrics;
  useEffect(() => {
    if (isError) toast.error(error?.message || 'Failed to fetch crypto metrics');
  }, [isError, error]);

  if (metrics.isPending) {
    // Six card-sized boxes where the cards will be: a spinner's height let the cards push everything
    // below them down as they arrived (a layout shift Lighthouse scored at 0.41 on a phone).
    return (
      <div role="status" className={gridClass}>
        <span className="sr-only">Loading market data...</span>
        {Array.from({ length: 6 }, (_, index) => (
          <div
            key={index}
            className={cn(
              'animate-pulse rounded-xl border bg-card',
              loadingHeight(index),
              index >= 4 && afterSentiment,
            )}
            aria-hidden="true"
          />
        ))}
      </div>
    );
  }
  if (metrics.isError) {
    return (
      <Card className={wholeRow}>
        <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
          <p className="font-semibold">Failed to load market data</p>
          <Button variant="outline" onClick={() => void metrics.refetch()}>
            Try Again
          </Button>
        </CardContent>
      </Card>
    );
  }
  const { latest, previous } = metrics.data;
  if (!latest) {
    return (
      <Card className={wholeRow}>
        <CardContent className="flex flex-col items-center gap-2 py-10 text-center">
          <p className="font-semibold">No market data available yet</p>
          <p className="text-sm text-muted-foreground" data-testid="metrics-unavailable">
            {(metrics.data.source.failingSince &&
              sourceUnavailableNote(metrics.data.source, dates.dateTime, 'the market data')) ||
              'Data will appear once the first sync completes'}
          </p>
        </CardContent>
      </Card>
    );
  }

  const asOf = dates.timeOrDateTime(latest.createdAt);
  const stale = isStale(latest.createdAt, METRICS_PERIOD_MINUTES);
  // What each 24h change was compared with, or why there is none (never a comparison with a sync
  // minutes earlier labelled 24h).
  const comparedAt = previous ? dates.dateTime(previous.createdAt) : null;
  const source = metrics.data.source.name;
  /** Why a figure of the latest reading is "—": the source sent none, or it is computed from one. */
  const gaveNo = (figure: unknown, what: string) =>
    figure == null ? `${source} gave no ${what} in its latest reading` : undefined;
  const changeNote = (now: unknown, figure: string | null | undefined, name: string) =>
    now == null
      ? `No ${name} in the latest reading to compare`
      : !previous || figure == null
        ? `No ${name} record from 24 hours earlier yet`
        : previous.basis === 'interpolated'
          ? `Compared with ${comparedAt}, read between the daily records on either side`
          : `Compared with the record of ${comparedAt}`;
  const common = { asOf, stale };
  const circulating = latest.circulatingSupply ? Number(latest.circulatingSupply) : null;
  const velocityPercent = latest.velocity === null ? null : Number(latest.velocity) * 100;
  return (
    <section aria-labelledby="metrics-heading" className={gridClass} data-testid="metrics-grid">
      <h2 id="metrics-heading" className="sr-only">
        Market metrics
      </h2>
      <MetricCard
        title="Current Price"
        value={formatPrice(latest.price)}
        change={latest.priceChange24h === null ? null : Number(latest.priceChange24h)}
        changeNote={
          latest.priceChange24h === null
            ? 'The price source gave no 24-hour change'
            : `${source}’s 24-hour change`
        }
        {...common}
      />
      <MetricCard
        title="Market Cap"
        value={formatUsd(latest.marketCap)}
        unknownNote={gaveNo(latest.marketCap, 'market cap')}
        detail={latest.rank ? `Rank #${latest.rank}` : undefined}
        {...common}
      />
      <MetricCard
        title="24h Volume"
        value={formatUsd(latest.volume24h)}
        unknownNote={gaveNo(latest.volume24h, '24-hour volume')}
        change={changePercent(latest.volume24h, previous?.volume24h)}
        changeNote={changeNote(latest.volume24h, previous?.volume24h, 'volume')}
        {...common}
      />
      <MetricCard
        title="Circulating Supply"
        value={circulating === null ? '—' : `${formatAmount(circulating)} XRP`}
        unknownNote={gaveNo(circulating, 'circulating supply')}
        detail={
          circulating === null
            ? undefined
            : `of ${formatAmount(XRP_TOTAL_SUPPLY)} total (${formatPercent((circulating / XRP_TOTAL_SUPPLY) * 100)})`
        }
        more={{ to: appRoutes.supply, label: 'Supply, burn and Ripple’s escrow' }}
        {...common}
      />
      <MetricCard
        className={afterSentiment}
        title="XRP Dominance"
        value={formatPercent(latest.xrpDominance)}
        unknownNote={
          latest.xrpDominance == null ? 'No dominance: the total market cap was not available' : undefined
        }
        change={changePercent(latest.xrpDominance, previous?.xrpDominance)}
        changeNote={changeNote(latest.xrpDominance, previous?.xrpDominance, 'dominance')}
        {...common}
      />
      <MetricCard
        className={afterSentiment}
        title="Velocity"
        value={formatPercent(velocityPercent)}
        detail="24h turnover (volume ÷ market cap)"
        unknownNote={
          latest.velocity == null ? 'Unknown without both the 24-hour volume and the market cap' : undefined
        }
        change={changePercent(latest.velocity, previous?.velocity)}
        changeNote={changeNote(latest.velocity, previous?.velocity, 'velocity')}
        {...common}
      />
    </section>
  );
}
