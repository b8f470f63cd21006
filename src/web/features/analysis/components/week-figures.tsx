import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { WeekSummary } from '@/domain/analysis/analysis.schema';
import { formatAmount, formatPercent, formatPrice, MISSING } from '@/domain/format/format';
import { cn } from '@/web/lib/cn';

/** Stands in for a Premium figure the server did not send (the week is `locked`). */
function LockedFigure() {
  return (
    <span className="inline-flex items-center gap-1.5 font-normal">
      <Lock className="size-3.5 text-premium" aria-hidden="true" />
      <Link to="/membership" className="text-primary underline underline-offset-4">
        Premium
      </Link>
    </span>
  );
}

/**
 * A week's headline figures as a definition list: close and change, range, Fear & Greed, whales
 * (Premium: a link to upgrade in their place for everyone else).
 */
export function WeekFigures({ week, className }: { week: WeekSummary; className?: string }) {
  const change = week.price.changePercent;
  const figures: [string, ReactNode][] = [
    [
      week.complete ? 'Close' : 'Latest',
      <>
        {formatPrice(week.price.close)}{' '}
        {change !== null && (
          <span
            className={
              change >= 0 ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'
            }
          >
            ({formatPercent(change, { signed: true })})
          </span>
        )}
      </>,
    ],
    [
      'Range',
      week.price.low === null ? MISSING : `${formatPrice(week.price.low)} – ${formatPrice(week.price.high)}`,
    ],
    [
      'Fear & Greed',
      week.fearGreed.latest
        ? `${week.fearGreed.average ?? MISSING} average, ${week.fearGreed.latest.value} ${week.fearGreed.latest.classification} at the end`
        : MISSING,
    ],
    [
      'Whale transfers',
      week.whales === null ? (
        <LockedFigure />
      ) : week.whales.count === 0 ? (
        'None above 1M XRP'
      ) : (
        `${week.whales.count}, ${formatAmount(week.whales.volumeXrp)} XRP`
      ),
    ],
  ];
  return (
    <dl className={cn('grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2', className)}>
      {figures.map(([term, value]) => (
        <div key={term} className="flex flex-col gap-0.5">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
