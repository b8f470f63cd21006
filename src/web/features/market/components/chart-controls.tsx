import type { ReactNode } from 'react';
import { useDates } from '@/web/lib/preferences';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { cn } from '@/web/lib/cn';

export const RANGE_LABELS = {
  '1d': '24H',
  '24h': '24H',
  '7d': '7D',
  '30d': '30D',
  '90d': '90D',
  '1y': '1Y',
  all: 'All',
} as const;

/** A pressed-or-not button: the state is `aria-pressed`, so keyboards and screen readers get it. */
export function Toggle({
  pressed,
  onPressedChange,
  children,
  label,
}: {
  pressed: boolean;
  onPressedChange: (pressed: boolean) => void;
  children: ReactNode;
  label?: string;
}) {
  return (
    <Button
      size="sm"
      className="h-8 px-2.5 text-xs sm:text-sm"
      variant={pressed ? 'default' : 'outline'}
      aria-pressed={pressed}
      aria-label={label}
      onClick={() => onPressedChange(!pressed)}
    >
      {children}
    </Button>
  );
}

export function RangeButtons<Range extends keyof typeof RANGE_LABELS>({
  ranges,
  value,
  onChange,
}: {
  ranges: readonly Range[];
  value: Range;
  onChange: (range: Range) => void;
}) {
  return (
    <div className="flex flex-wrap gap-1" role="group" aria-label="Chart range">
      {ranges.map((range) => (
        <Toggle key={range} pressed={range === value} onPressedChange={() => onChange(range)}>
          {RANGE_LABELS[range]}
        </Toggle>
      ))}
    </div>
  );
}

/** When stored history starts inside the range: said, rather than stretched over the whole range. */
export function HistorySince({
  since,
  isCalendarDay = false,
}: {
  since: string | null | undefined;
  /** The first record is a UTC calendar day (a Fear & Greed reading): that day, in every zone. */
  isCalendarDay?: boolean;
}) {
  const dates = useDates();
  if (!since) return null;
  return (
    <p className="text-xs text-muted-foreground" data-testid="history-since">
      History since {isCalendarDay ? dates.day(since) : dates.date(since)}
    </p>
  );
}

const box = 'flex h-72 flex-col items-center justify-center gap-3 text-center text-sm sm:h-80';

/** Loading, error and empty states in the chart's own footprint, so the card does not jump. */
export function ChartState({
  query,
  isEmpty,
  empty = { title: 'No chart data for this range yet', detail: 'History fills in as the market data syncs.' },
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };
  isEmpty: boolean;
  /** What an empty range says: what is missing, and where it will come from. */
  empty?: { title: string; detail: string };
  children: ReactNode;
}) {
  if (query.isPending)
    return (
      <div className={box}>
        <Spinner label="Loading chart..." />
      </div>
    );
  if (query.isError)
    return (
      <div className={box}>
        <p className="text-destructive">Could not load the chart: {query.error?.message}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </div>
    );
  if (isEmpty)
    return (
      <div className={cn(box, 'gap-1')}>
        <p className="font-medium">{empty.title}</p>
        <p className="text-muted-foreground">{empty.detail}</p>
      </div>
    );
  return children;
}

/** The line above the canvas: what the crosshair points at (or the latest), wrapping on a phone. */
export function Legend({ children }: { children: ReactNode }) {
  return (
    <div
      className="flex min-h-10 flex-wrap items-baseline gap-x-3 gap-y-0.5 text-xs tabular-nums sm:text-sm"
      data-testid="chart-legend"
      aria-live="off"
    >
      {children}
    </div>
  );
}

export function LegendItem({
  label,
  value,
  className,
}: {
  label: string;
  value: string;
  className?: string;
}) {
  return (
    <span className="whitespace-nowrap">
      <span className="text-muted-foreground">{label} </span>
      <span className={cn('font-medium', className)}>{value}</span>
    </span>
  );
}
