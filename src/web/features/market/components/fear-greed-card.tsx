import { useQuery } from '@tanstack/react-query';
import type { DateFormatter } from '@/domain/format/dates';
import { fearGreedTone } from '@/domain/market/metrics';
import { sourceDownNote, sourceUnavailableNote } from '@/domain/sync/source-health';
import { useDates } from '@/web/lib/preferences';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { cn } from '@/web/lib/cn';
import { palette, toneText } from '../lib/palette';
import { fearGreedQuery } from '../api/market';

const toneStroke = palette.light;

type Classification = keyof typeof fearGreedTone;

/**
 * alternative.me publishes one reading a day, stamped 00:00 UTC: its date is that UTC day, in every
 * zone (in New York 00:00 UTC is the evening before, yet the reading is the next day's).
 */
const readingDate = (dates: DateFormatter, timestamp: string) => dates.day(new Date(timestamp).toISOString());

function Gauge({ value, classification }: { value: number; classification: Classification }) {
  const angle = Math.PI * (1 - value / 100);
  const x = 60 + 48 * Math.cos(angle);
  const y = 60 - 48 * Math.sin(angle);
  return (
    <svg
      viewBox="0 0 120 68"
      className="w-40"
      role="img"
      aria-label={`Fear and greed index ${value}, ${classification}`}
    >
      <path
        d="M12 60 A48 48 0 0 1 108 60"
        fill="none"
        stroke="currentColor"
        strokeOpacity="0.15"
        strokeWidth="10"
        strokeLinecap="round"
      />
      <path
        d={`M12 60 A48 48 0 0 1 ${x.toFixed(2)} ${y.toFixed(2)}`}
        fill="none"
        stroke={toneStroke[fearGreedTone[classification]]}
        strokeWidth="10"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The card without a reading: its own words, and the reason beneath them. */
function Unavailable({ reason }: { reason: string }) {
  return (
    <div className="py-6 text-center text-muted-foreground">
      <p className="font-medium">Unable to load data</p>
      <p className="text-sm" data-testid="fear-greed-unavailable">
        {reason}
      </p>
    </div>
  );
}

/** The Fear & Greed card: value, classification, history at 1/7/30 days, yearly high and low. */
export function FearGreedCard({ className }: { className?: string }) {
  const index = useQuery(fearGreedQuery);
  const dates = useDates();
  const latest = index.data?.latest;
  const sourceDown = index.data ? sourceDownNote(index.data.source, dates.dateTime) : null;
  return (
    <Card data-testid="fear-greed-card" className={className}>
      <CardHeader>
        <CardTitle as="h2">Crypto Fear &amp; Greed</CardTitle>
      </CardHeader>
      <CardContent>
        {index.isPending ? (
          <Spinner />
        ) : index.isError ? (
          <Unavailable reason="The server did not answer; reload the page to try again." />
        ) : !latest ? (
          // Nothing stored: unknown, never a 0 on the gauge.
          <Unavailable
            reason={
              (index.data.source.failingSince &&
                sourceUnavailableNote(index.data.source, dates.dateTime, 'the index')) ||
              'No reading stored yet'
            }
          />
        ) : (
          <div className="flex flex-col items-center gap-4">
            <Gauge value={latest.value} classification={latest.classification} />
            <p className="text-4xl font-bold tabular-nums" data-testid="fear-greed-value">
              {latest.value}
            </p>
            <p className={cn('font-semibold', toneText[fearGreedTone[latest.classification]])}>
              {latest.classification}
            </p>
            <p className="text-xs text-muted-foreground" data-testid="fear-greed-date">
              Reading of {readingDate(dates, latest.timestamp)}
            </p>
            {sourceDown && (
              <p
                className="text-center text-xs font-medium text-amber-700 dark:text-amber-400"
                data-testid="fear-greed-source-down"
              >
                {sourceDown}
              </p>
            )}
            <dl className="grid w-full grid-cols-2 gap-x-4 gap-y-1 text-sm">
              {(
                [
                  ['Yesterday', index.data.history.day1],
                  ['Last week', index.data.history.day7],
                  ['Last month', index.data.history.day30],
                  ['Yearly high', index.data.yearHigh],
                  ['Yearly low', index.data.yearLow],
                ] as const
              ).map(([label, point]) => (
                <div key={label} className="contents">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd
                    className="text-right tabular-nums"
                    title={
                      point
                        ? `Reading of ${readingDate(dates, point.timestamp)}`
                        : 'No reading stored for that day'
                    }
                  >
                    {point ? `${point.value} · ${point.classification}` : '—'}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
