import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import { formatPercent } from '@/domain/format/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { cn } from '@/web/lib/cn';

export interface MetricCardProps {
  title: string;
  value: string;
  detail?: string;
  /** Percent change over 24 h; null when unknown. */
  change?: number | null;
  asOf: string;
  stale: boolean;
}

export function MetricCard({ title, value, detail, change, asOf, stale }: MetricCardProps) {
  const up = (change ?? 0) >= 0;
  return (
    <Card data-testid="metric-card">
      <CardHeader className="pb-2">
        <CardTitle as="h3" className="text-sm font-medium text-muted-foreground">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-1">
        <p className="text-2xl font-bold tabular-nums">{value}</p>
        {detail && <p className="text-sm text-muted-foreground">{detail}</p>}
        {change !== undefined && (
          <p
            className={cn(
              'flex items-center gap-1 text-sm font-medium',
              change === null
                ? 'text-muted-foreground'
                : up
                  ? 'text-emerald-700 dark:text-emerald-400'
                  : 'text-red-700 dark:text-red-400',
            )}
          >
            {change !== null &&
              (up ? (
                <ArrowUpRight className="size-4" aria-hidden="true" />
              ) : (
                <ArrowDownRight className="size-4" aria-hidden="true" />
              ))}
            {formatPercent(change, { signed: true })}{' '}
            <span className="font-normal text-muted-foreground">24h</span>
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
      </CardContent>
    </Card>
  );
}
