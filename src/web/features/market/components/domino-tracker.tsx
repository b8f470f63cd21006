import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { toast } from '@/web/lib/toast';
import { priceImpactTone } from '@/domain/format/format';
import { useSession } from '@/web/lib/session';
import { Badge } from '@/web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { cn } from '@/web/lib/cn';
import { dominoQuery } from '../api/market';
import { useDates } from '@/web/lib/preferences';

const impactClass = {
  High: 'border-red-600/40 text-red-700 dark:text-red-400',
  Medium: 'border-amber-600/40 text-amber-700 dark:text-amber-400',
  Low: 'border-emerald-600/40 text-emerald-700 dark:text-emerald-400',
} as const;
const toneClass = {
  positive: 'text-emerald-700 dark:text-emerald-400',
  negative: 'text-red-700 dark:text-red-400',
  neutral: 'text-muted-foreground',
};

/** The Domino Theory Tracker: all events for premium members, the first 2 for everyone else. */
export function DominoTracker() {
  const dates = useDates();
  const { user, isPremium } = useSession();
  const events = useQuery(dominoQuery(`${user?.id ?? 'anonymous'}:${isPremium}`));
  const { isError, error } = events;
  useEffect(() => {
    if (isError) toast.error('Error loading events', { description: error?.message });
  }, [isError, error]);

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Domino Theory Tracker</CardTitle>
        <CardDescription>Institutions moving on XRP, and what it did to the price.</CardDescription>
      </CardHeader>
      <CardContent>
        {events.isPending ? (
          <Spinner />
        ) : events.isError ? (
          <p className="py-4 text-center text-sm text-muted-foreground">Events could not be loaded.</p>
        ) : events.data.events.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">No institutional events tracked yet</p>
        ) : (
          <div className="flex flex-col gap-3">
            <ul className="divide-y" data-testid="domino-events">
              {events.data.events.map((event) => {
                const tone = priceImpactTone(event.priceImpact);
                return (
                  <li
                    key={event.id}
                    className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <div className="flex flex-col">
                      <span className="text-xs text-muted-foreground">{dates.day(event.date)}</span>
                      <span className="font-semibold">{event.institution}</span>
                      <span className="text-sm">{event.event}</span>
                    </div>
                    <div className="flex items-center gap-3">
                      {event.priceImpact && (
                        <span className={cn('text-sm font-medium tabular-nums', toneClass[tone])}>
                          {event.priceImpact}
                        </span>
                      )}
                      <Badge className={impactClass[event.impact]}>{event.impact}</Badge>
                    </div>
                  </li>
                );
              })}
            </ul>
            {events.data.truncated && (
              <Link to="/membership" className="text-center text-sm font-medium text-primary hover:underline">
                View {events.data.total - events.data.events.length} more institutional events with Premium
              </Link>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
