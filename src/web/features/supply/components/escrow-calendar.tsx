import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatAmount, formatDecimal, formatInteger } from '@/domain/format/format';
import { monthLabel } from '@/domain/supply/supply';
import type { EscrowCalendar as Calendar } from '@/domain/supply/supply.schema';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { TableScroll } from '@/web/components/ui/table-scroll';
import { useDates } from '@/web/lib/preferences';
import { escrowCalendarQuery } from '../api/supply';
import { EscrowActivity } from './escrow-activity';
import { NO_RIPPLE_ACCOUNTS } from './supply-summary';
import { LoadError } from './load-error';

/** Months shown before "Show all": the next two years. */
const FIRST_MONTHS = 24;

function Amount({ xrp }: { xrp: string }) {
  return (
    <td className="py-2 text-right tabular-nums" title={`${formatDecimal(xrp)} XRP`}>
      {formatAmount(xrp)} XRP
    </td>
  );
}

function CalendarTable({ calendar }: { calendar: Calendar }) {
  const [all, setAll] = useState(false);
  const months = all ? calendar.months : calendar.months.slice(0, FIRST_MONTHS);
  return (
    <div className="flex flex-col gap-2">
      <TableScroll label="Ripple’s escrows by the month they unlock">
        <table className="w-full text-sm" data-testid="escrow-calendar-table">
          <caption className="sr-only">Ripple’s escrows by the month they unlock</caption>
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th scope="col" className="py-2 font-medium">
                Unlocks
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                XRP
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Escrows
              </th>
            </tr>
          </thead>
          <tbody>
            {calendar.releasable.escrows > 0 && (
              <tr className="border-b" data-testid="escrow-releasable">
                <th scope="row" className="py-2 text-left font-medium">
                  Unlocked now (not yet released)
                </th>
                <Amount xrp={calendar.releasable.xrp} />
                <td className="py-2 text-right tabular-nums">{formatInteger(calendar.releasable.escrows)}</td>
              </tr>
            )}
            {months.map((month) => (
              <tr key={month.month} className="border-b last:border-0" data-testid="escrow-month">
                <th scope="row" className="py-2 text-left font-normal">
                  {monthLabel(month.month)}
                </th>
                <Amount xrp={month.xrp} />
                <td className="py-2 text-right tabular-nums">{formatInteger(month.escrows)}</td>
              </tr>
            ))}
            {calendar.undated.escrows > 0 && (
              <tr data-testid="escrow-undated">
                <th scope="row" className="py-2 text-left font-normal">
                  No date (released by a condition)
                </th>
                <Amount xrp={calendar.undated.xrp} />
                <td className="py-2 text-right tabular-nums">{formatInteger(calendar.undated.escrows)}</td>
              </tr>
            )}
          </tbody>
        </table>
      </TableScroll>
      {calendar.months.length > FIRST_MONTHS && (
        <Button variant="outline" size="sm" className="self-start" onClick={() => setAll(!all)}>
          {all ? 'Show the next two years' : `Show all ${formatInteger(calendar.months.length)} months`}
        </Button>
      )}
    </div>
  );
}

/**
 * Ripple's escrows as the ledger holds them at the latest reading, by the month each unlocks (its
 * FinishAfter, in the member's zone). An escrow unlocks on that date; it is released when someone
 * sends the EscrowFinish, and what Ripple does not need it usually locks again.
 */
export function EscrowCalendarCard({ timeZone }: { timeZone: string }) {
  const calendar = useQuery(escrowCalendarQuery(timeZone));
  const dates = useDates();
  const data = calendar.data;
  return (
    <Card data-testid="escrow-calendar">
      <CardHeader>
        <CardTitle as="h2">Ripple’s escrow calendar</CardTitle>
        <CardDescription>
          When the XRP in Ripple’s escrows may be released, from each escrow’s own unlock date (FinishAfter)
          on the ledger.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {calendar.isPending ? (
          <Spinner label="Loading the escrows..." />
        ) : calendar.isError ? (
          <LoadError what="the escrows" query={calendar} />
        ) : data?.unknownReason === 'no_ripple_accounts' ? (
          <p className="text-sm text-muted-foreground">— {NO_RIPPLE_ACCOUNTS}</p>
        ) : !data || data.escrows.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="escrow-empty">
            {data?.ledgerIndex
              ? '— Ripple’s named accounts own no escrow at the latest reading.'
              : '— No supply reading yet: the escrows appear once the XRPL Supply source has read the ledger.'}
          </p>
        ) : (
          <>
            <CalendarTable calendar={data} />
            {data.ledgerIndex !== null && data.at !== null && (
              <p className="text-xs text-muted-foreground" data-testid="escrow-as-of">
                {formatInteger(data.escrows.length)} escrows at ledger {formatInteger(data.ledgerIndex)},
                closed {dates.dateTime(data.at)} {dates.zoneName(data.at)}. Months are in the {timeZone} zone.
              </p>
            )}
            <EscrowActivity calendar={data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
