import { Suspense } from 'react';
import type { PortfolioRange, PortfolioSummary } from '@/domain/portfolio/portfolio.schema';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { useDates } from '@/web/lib/preferences';
import { lazyNamed } from '@/web/lib/lazy-named';

// The chart library is fetched with the chart, not with the page.
const ValueChart = lazyNamed(() => import('./value-chart'), 'ValueChart');

export const RANGES: readonly (readonly [PortfolioRange, string])[] = [
  ['7d', '7D'],
  ['30d', '30D'],
  ['1y', '1Y'],
];

function RangeButtons({
  value,
  onChange,
}: {
  value: PortfolioRange;
  onChange: (range: PortfolioRange) => void;
}) {
  return (
    <div className="flex gap-1" role="group" aria-label="Chart range">
      {RANGES.map(([range, label]) => (
        <Button
          key={range}
          size="sm"
          className="h-8 px-2.5"
          variant={range === value ? 'default' : 'outline'}
          aria-pressed={range === value}
          onClick={() => onChange(range)}
        >
          {label}
        </Button>
      ))}
    </div>
  );
}

const box = 'flex h-72 flex-col items-center justify-center gap-1 text-center text-sm sm:h-80';

/** The portfolio's value over 7 days, 30 days or a year, at the prices stored then. */
export function ValueCard({
  series,
  range,
  onRangeChange,
  isFetching,
}: {
  series: PortfolioSummary['series'];
  range: PortfolioRange;
  onRangeChange: (range: PortfolioRange) => void;
  /** The figures shown are the previous range's while the new one loads. */
  isFetching: boolean;
}) {
  const dates = useDates();
  return (
    <Card data-testid="value-over-time">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-1.5">
          <CardTitle as="h3">Value over time</CardTitle>
          <CardDescription>Your holdings then × the XRP price then, in USD</CardDescription>
        </div>
        <RangeButtons value={range} onChange={onRangeChange} />
      </CardHeader>
      <CardContent className="flex flex-col gap-2" aria-busy={isFetching}>
        {series.points.length > 0 && (series.note || series.startsAt) && (
          <div className="flex flex-col gap-0.5 text-xs text-muted-foreground" data-testid="series-note">
            {series.startsAt && <p>Since {dates.dateTime(series.startsAt)}</p>}
            {series.note && <p>{series.note}</p>}
          </div>
        )}
        {series.points.length === 0 ? (
          <div className={box} data-testid="series-empty">
            <p className="font-medium">No values for this range yet</p>
            <p className="text-muted-foreground">
              {series.note ??
                'Values appear once you hold XRP here and the market price has been synced over the range.'}
            </p>
          </div>
        ) : (
          <Suspense
            fallback={
              <div className={box}>
                <Spinner label="Loading chart..." />
              </div>
            }
          >
            <ValueChart points={series.points} range={series.range} isFetching={isFetching} />
          </Suspense>
        )}
      </CardContent>
    </Card>
  );
}
