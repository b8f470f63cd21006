import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { formatAmount, formatDecimal, formatInteger } from '@/domain/format/format';
import { SUPPLY_RANGES, type SupplyHistory, type SupplyRange } from '@/domain/supply/supply.schema';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { TableScroll } from '@/web/components/ui/table-scroll';
import { useDates } from '@/web/lib/preferences';
import { supplyHistoryQuery } from '../api/supply';
import { LoadError } from './load-error';

// The chart library comes with the chart only, as on the dashboard's chart card.
const SupplyChart = lazy(() => import('./supply-chart'));

const RANGE_LABELS: Record<SupplyRange, string> = { '30d': '30D', '1y': '1Y' };

/** Days shown before "Show all": two weeks. */
const FIRST_DAYS = 14;

const unknownBurn = 'no reading the day before: the burn between two readings a day apart is unknown';

function XrpCell({ xrp, why }: { xrp: string | null; why: string }) {
  if (xrp === null)
    return (
      <td className="py-2 pl-3 text-right text-muted-foreground" title={`Unknown: ${why}`}>
        — <span className="sr-only">{why}</span>
      </td>
    );
  return (
    <td className="py-2 pl-3 text-right tabular-nums" title={`${formatDecimal(xrp)} XRP`}>
      {Number(xrp) !== 0 && Math.abs(Number(xrp)) < 1000 ? formatDecimal(xrp) : formatAmount(xrp)}
    </td>
  );
}

function DaysTable({ history }: { history: SupplyHistory }) {
  const [all, setAll] = useState(false);
  const dates = useDates();
  const newestFirst = history.days.toReversed();
  const days = all ? newestFirst : newestFirst.slice(0, FIRST_DAYS);
  return (
    <div className="flex flex-col gap-2">
      <TableScroll label="The supply day by day">
        <table className="w-full text-sm" data-testid="supply-days">
          <caption className="sr-only">
            XRP in existence, burned that day and in Ripple’s escrow at each day’s last reading, newest first
          </caption>
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th scope="col" className="py-2 font-medium">
                Day
              </th>
              <th scope="col" className="py-2 pl-3 text-right font-medium">
                In existence
              </th>
              <th scope="col" className="py-2 pl-3 text-right font-medium">
                Burned
              </th>
              <th scope="col" className="py-2 pl-3 text-right font-medium">
                In escrow
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day} className="border-b last:border-0" data-testid="supply-day">
                <th scope="row" className="py-2 text-left font-normal">
                  <span title={`Ledger ${formatInteger(day.ledgerIndex)}, closed ${dates.dateTime(day.at)}`}>
                    {dates.day(day.day)}
                  </span>
                </th>
                <XrpCell xrp={day.totalXrp} why="" />
                <XrpCell xrp={day.burnedXrp} why={unknownBurn} />
                <XrpCell xrp={day.escrowedXrp} why="no account was named as Ripple’s at that reading" />
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {newestFirst.length > FIRST_DAYS && (
        <Button variant="outline" size="sm" className="self-start" onClick={() => setAll(!all)}>
          {all ? 'Show two weeks' : `Show all ${formatInteger(newestFirst.length)} days`}
        </Button>
      )}
    </div>
  );
}

/**
 * The supply over 30 days or a year: each day's last reading (member's days) with the XRP burned
 * since the day before's. A day without a reading is missing, never filled in.
 */
export function SupplyHistoryCard({ timeZone }: { timeZone: string }) {
  const [range, setRange] = useState<SupplyRange>('30d');
  const history = useQuery(supplyHistoryQuery(range, timeZone));
  const dates = useDates();
  return (
    <Card data-testid="supply-history">
      <CardHeader>
        <CardTitle as="h2">Supply and burn, day by day</CardTitle>
        <CardDescription>
          Each day’s last reading of the ledger; burned is the fall in total_coins since the day before’s last
          reading.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          {history.data?.since && (
            <p className="text-xs text-muted-foreground" data-testid="supply-since">
              History since {dates.date(history.data.since)}
            </p>
          )}
          <div className="ml-auto flex gap-1" role="group" aria-label="Range">
            {SUPPLY_RANGES.map((value) => (
              <Button
                key={value}
                variant={value === range ? 'default' : 'outline'}
                size="sm"
                aria-pressed={value === range}
                onClick={() => setRange(value)}
              >
                {RANGE_LABELS[value]}
              </Button>
            ))}
          </div>
        </div>
        {history.isPending ? (
          <Spinner label="Loading the history..." />
        ) : history.isError ? (
          <LoadError what="the history" query={history} />
        ) : history.data.days.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="supply-history-empty">
            — No reading in this range: history begins with the XRPL Supply source’s first run.
          </p>
        ) : (
          <>
            <Suspense fallback={<Spinner label="Loading chart..." />}>
              <SupplyChart history={history.data} />
            </Suspense>
            <DaysTable history={history.data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
