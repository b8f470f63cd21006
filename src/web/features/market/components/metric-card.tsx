import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { Link } from 'react-router';
import { formatPercent } from '@/domain/format/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { cn } from '@/web/lib/cn';

export interface MetricCardProps {
  title: string;
  value: string;
  detail?: string;
  /** Why the value is unknown ("—"), shown under it; undefined when the value is known. */
  unknownNote?: string | undefined;
  /** Percent change over 24 h; null when unknown. */
  change?: number | null;
  /** Why the change is unknown, or what it was compared with: shown on hover and read to screen readers. */
  changeNote?: string | undefined;
  asOf: string;
  stale: boolean;
  className?: string;
  /** A page that says more about the figure. */
  more?: { to: string; label: string };
}

export function MetricCard({
  title,
  value,
  detail,
  unknownNote,
  change,
  changeNote,
  asOf,
  stale,
  className,
  more,
}: MetricCardProps) {
  // A change that rounds to 0.00 % is no rise: no arrow, no green.
  const rounded = change == null ? null : Math.round(change * 100) / 100;
  const tone = rounded === null || rounded === 0 ? 'flat' : rounded > 0 ? 'up' : 'down';
  return (
    // Tighter on a phone, where two share a row (about 170 px each).
    <Card data-testid="metric-card" className={cn('min-w-0', className)}>
      <CardHeader className="p-4 pb-2 sm:p-6 sm:pb-2">
        <CardTitle as="h3" className="text-sm font-medium text-muted-foreground">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-1 p-4 pt-0 sm:p-6 sm:pt-0">
        <p
          className="text-xl font-bold tabular-nums [overflow-wrap:anywhere] sm:text-2xl"
          data-testid="metric-value"
        >
          {value}
        </p>
        {unknownNote && (
          <p className="text-xs text-muted-foreground" data-testid="metric-unknown">
            {unknownNote}
          </p>
        )}
        {detail && <p className="text-sm text-muted-foreground">{detail}</p>}
        {change !== undefined && (
          <p
            title={changeNote}
            data-testid="metric-change"
            className={cn(
              'flex items-center gap-1 text-sm font-medium',
              tone === 'up'
                ? 'text-emerald-700 dark:text-emerald-400'
                : tone === 'down'
                  ? 'text-red-700 dark:text-red-400'
                  : 'text-muted-foreground',
            )}
          >
            {tone === 'up' && <ArrowUpRight className="size-4" aria-hidden="true" />}
            {tone === 'down' && <ArrowDownRight className="size-4" aria-hidden="true" />}
            {tone === 'flat' && rounded !== null && <Minus className="size-4" aria-hidden="true" />}
            {formatPercent(rounded === 0 ? 0 : change, { signed: true })}{' '}
            <span className="font-normal text-muted-foreground">24h</span>
            {changeNote && <span className="sr-only">({changeNote})</span>}
          </p>
        )}
        <p
          className={cn(
            'text-xs',
            stale ? 'font-medium text-amber-700 dark:text-amber-400' : 'text-muted-foreground',
          )}
        >
          {stale ? `Stale · as of ${asOf}` : `As of ${asOf}`}
        </p>
        {more && (
          <Link to={more.to} className="text-xs text-primary hover:underline">
            {more.label}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}
