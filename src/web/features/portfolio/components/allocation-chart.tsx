import { formatPercent } from '@/domain/format/format';
import type { PortfolioSummary } from '@/domain/portfolio/portfolio.schema';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { cn } from '@/web/lib/cn';
import { formatXrp } from '../lib/format';

/**
 * Where the XRP is: one bar per watched account and one for the manual holdings, each with its name,
 * share and amount written beside it (the bars add nothing a screen reader misses).
 */
export function AllocationChart({ slices }: { slices: PortfolioSummary['allocation'] }) {
  return (
    <Card data-testid="allocation">
      <CardHeader>
        <CardTitle as="h3" id="allocation-title">
          Allocation
        </CardTitle>
        <CardDescription>XRP by account and manual holdings</CardDescription>
      </CardHeader>
      <CardContent>
        {slices.length === 0 ? (
          <p className="text-sm text-muted-foreground">No XRP to allocate yet.</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-labelledby="allocation-title">
            {slices.map((slice) => (
              <li key={slice.key} className="flex flex-col gap-1" data-testid="allocation-slice">
                <div className="flex flex-wrap items-baseline justify-between gap-x-2 text-sm">
                  <span className="min-w-0 truncate font-medium" title={slice.label}>
                    {slice.label}
                  </span>
                  <span className="tabular-nums">
                    {formatPercent(slice.percent)}{' '}
                    <span className="text-muted-foreground">· {formatXrp(slice.xrp)}</span>
                  </span>
                </div>
                <div className="h-2 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
                  <div
                    className={cn('h-full rounded-full', slice.key === 'lots' ? 'bg-premium' : 'bg-primary')}
                    style={{ width: `${Math.min(100, Math.max(0, slice.percent))}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
