import { useId } from 'react';
import { formatAmount } from '@/domain/format/format';
import type { ExchangeFlows } from '@/domain/whales/flows.schema';
import { TableScroll } from '@/web/components/ui/table-scroll';
import { cn } from '@/web/lib/cn';

/** An amount of XRP, short: "12.5M", "800.0K"; none at all is "0", not "0.00". */
export const xrpAmount = (value: number) => (value === 0 ? '0' : formatAmount(value));

/** An amount with its sign, "+" included: "+12.5M", "-800.0K". */
export const signedAmount = (value: number) => `${value > 0 ? '+' : ''}${xrpAmount(value)}`;

/** A net figure: onto exchanges and off them told apart by sign and by colour. */
function Net({ xrp }: { xrp: string }) {
  const value = Number(xrp);
  return (
    <td
      className={cn(
        'py-2 text-right tabular-nums',
        value > 0 && 'text-orange-700 dark:text-orange-400',
        value < 0 && 'text-green-700 dark:text-green-400',
      )}
    >
      {signedAmount(value)}
    </td>
  );
}

/** Each exchange with a recorded flow in the last 7 days: the largest 24-hour net (either way) first. */
export function ExchangeFlowsTable({ rows }: { rows: ExchangeFlows['exchanges'] }) {
  const caption = useId();
  if (rows.length === 0)
    return (
      <p className="text-sm text-muted-foreground" data-testid="exchange-flows-empty">
        No named exchange received or sent XRP in the last 7 days of ledgers read.
      </p>
    );
  return (
    <div className="flex flex-col gap-1">
      <p className="text-xs text-muted-foreground" id={caption}>
        XRP per exchange. Net = onto the exchange − off it.
      </p>
      <TableScroll label="Exchange flows by exchange">
        <table
          className="w-full whitespace-nowrap text-xs sm:text-sm [&_td]:pl-2 sm:[&_td]:pl-3 [&_th+th]:pl-2 sm:[&_th+th]:pl-3"
          aria-describedby={caption}
          data-testid="exchange-flows-table"
        >
          <thead className="text-muted-foreground">
            <tr className="border-b">
              <th scope="col" className="py-2 pr-3 text-left font-medium">
                Exchange
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                In 24h
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Out 24h
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Net 24h
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Net 7d
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.entity} className="border-b last:border-0">
                <th scope="row" className="py-2 pr-3 text-left font-medium">
                  {row.entity}
                </th>
                <td className="py-2 text-right tabular-nums">{xrpAmount(Number(row.inflow24hXrp))}</td>
                <td className="py-2 text-right tabular-nums">{xrpAmount(Number(row.outflow24hXrp))}</td>
                <Net xrp={row.net24hXrp} />
                <Net xrp={row.net7dXrp} />
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
