import { formatAmount, formatDecimal } from '@/domain/format/format';
import { monthLabel } from '@/domain/supply/supply';
import type { EscrowCalendar } from '@/domain/supply/supply.schema';
import { explorerTxUrl } from '@/domain/xrpl/explorer';
import { TableScroll } from '@/web/components/ui/table-scroll';
import { useDates } from '@/web/lib/preferences';
import { cn } from '@/web/lib/cn';

const KIND_LABELS = {
  finished: 'Released',
  cancelled: 'Cancelled (back to Ripple)',
  created: 'Re-locked',
} as const;

function Xrp({ xrp, signed = false }: { xrp: string; signed?: boolean }) {
  const value = Number(xrp);
  return (
    <td
      className={cn(
        'py-2 pl-3 text-right tabular-nums',
        signed && value > 0 && 'text-orange-700 dark:text-orange-400',
        signed && value < 0 && 'text-green-700 dark:text-green-400',
      )}
      title={`${formatDecimal(xrp)} XRP`}
    >
      {signed && value > 0 ? '+' : ''}
      {value === 0 ? '0' : formatAmount(xrp)}
    </td>
  );
}

/**
 * What Ripple's named accounts released from escrow and locked again, per month of the last year
 * and the latest ten, as the ledgers the site read hold them (the stream, its catch-up, a backfill).
 */
export function EscrowActivity({ calendar }: { calendar: EscrowCalendar }) {
  const dates = useDates();
  return (
    <section
      className="flex flex-col gap-2"
      aria-labelledby="escrow-activity-heading"
      data-testid="escrow-activity"
    >
      <h3 id="escrow-activity-heading" className="font-semibold">
        Released and re-locked
      </h3>
      {calendar.months12.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="escrow-activity-empty">
          — No release or re-lock by Ripple’s named accounts in the last 12 months of the ledgers this site
          has read.
        </p>
      ) : (
        <>
          <TableScroll label="Released and re-locked per month">
            <table className="w-full text-sm" data-testid="escrow-activity-months">
              <caption className="sr-only">
                XRP released from and locked again into Ripple’s escrows per month, and the net released
              </caption>
              <thead>
                <tr className="border-b text-left text-muted-foreground">
                  <th scope="col" className="py-2 font-medium">
                    Month
                  </th>
                  <th scope="col" className="py-2 pl-3 text-right font-medium">
                    Released
                  </th>
                  <th scope="col" className="py-2 pl-3 text-right font-medium">
                    Re-locked
                  </th>
                  <th scope="col" className="py-2 pl-3 text-right font-medium">
                    Net released
                  </th>
                </tr>
              </thead>
              <tbody>
                {calendar.months12.toReversed().map((month) => (
                  <tr
                    key={month.month}
                    className="border-b last:border-0"
                    data-testid="escrow-activity-month"
                  >
                    <th scope="row" className="py-2 text-left font-normal">
                      {monthLabel(month.month)}
                    </th>
                    <Xrp xrp={month.releasedXrp} />
                    <Xrp xrp={month.relockedXrp} />
                    <Xrp xrp={month.netReleasedXrp} signed />
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <ul className="flex flex-col gap-1 text-sm" aria-label="Latest releases and re-locks">
            {calendar.recent.map((event) => (
              <li key={event.hash} className="flex flex-wrap gap-x-2" data-testid="escrow-event">
                <span className="font-medium">{KIND_LABELS[event.kind]}</span>
                <span className="tabular-nums">{formatAmount(event.xrp)} XRP</span>
                <span className="text-muted-foreground">
                  {dates.dateTime(event.at)}
                  {event.finishAfter && ` · unlocks ${dates.date(event.finishAfter)}`}
                </span>
                <a
                  href={explorerTxUrl(event.hash)}
                  target="_blank"
                  rel="noreferrer"
                  className="text-primary hover:underline"
                >
                  Transaction<span className="sr-only"> {event.hash} on the explorer</span>
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
