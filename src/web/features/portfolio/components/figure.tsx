import type { ReactNode } from 'react';
import { MISSING } from '@/domain/format/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { cn } from '@/web/lib/cn';

/**
 * One figure of the insights: its value, or "—" with the reason it is not known (never a 0 that
 * would pass for a reading), and the lines that say what it includes.
 */
export function Figure({
  id,
  title,
  value,
  unknownReason,
  valueClassName,
  children,
}: {
  id: string;
  title: string;
  /** Null when unknown: shown as "—" with `unknownReason`. */
  value: ReactNode | null;
  unknownReason?: string | null;
  valueClassName?: string;
  children?: ReactNode;
}) {
  return (
    <Card data-testid={`figure-${id}`} aria-labelledby={`figure-${id}-title`} role="group">
      <CardHeader className="pb-2">
        <CardTitle as="h3" id={`figure-${id}-title`} className="text-sm font-medium text-muted-foreground">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-1">
        <p className={cn('break-words text-2xl font-bold tabular-nums', valueClassName)} data-testid="value">
          {value ?? MISSING}
        </p>
        {value === null && (
          <p className="text-xs text-muted-foreground" data-testid="unknown-reason">
            {unknownReason ?? 'Not known yet'}
          </p>
        )}
        {children && <div className="flex flex-col gap-0.5 text-xs text-muted-foreground">{children}</div>}
      </CardContent>
    </Card>
  );
}
