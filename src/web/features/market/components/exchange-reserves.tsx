import { useQuery } from '@tanstack/react-query';
import { LineSeries, type IChartApi } from 'lightweight-charts';
import { useEffect, useMemo, useState } from 'react';
import { formatAmount, formatPercent } from '@/domain/format/format';
import { atOrBefore, timeSlots } from '@/domain/market/time-grid';
import type { ExchangeReserves, FlowRange } from '@/domain/whales/flows.schema';
import { Button } from '@/web/components/ui/button';
import { TableScroll } from '@/web/components/ui/table-scroll';
import {
  atLeastTwoPercent,
  chartTime,
  slotData,
  themeColor,
  useChart,
  useSeriesData,
} from '@/web/components/charts';
import { useDates } from '@/web/lib/preferences';
import { cn } from '@/web/lib/cn';
import { exchangeReservesQuery } from '../api/market';
import { ChartState, Legend, LegendItem, RANGE_LABELS } from './chart-controls';
import { signedAmount, xrpAmount } from './exchange-flows-table';

/** A ledger's index with thousands separators, as explorers write it: 99,100,123. */
const ledgerNumber = new Intl.NumberFormat('en-US');

const HOUR = 3_600_000;
const DAY = 86_400_000;

/** Rows shown before "Show all": the largest holders. */
const FIRST_ROWS = 10;

const setupReserves = (api: IChartApi) =>
  api.addSeries(LineSeries, {
    lineWidth: 2,
    priceLineVisible: false,
    lastValueVisible: false,
    priceFormat: { type: 'custom', formatter: (value: number) => formatAmount(value), minMove: 1 },
    autoscaleInfoProvider: atLeastTwoPercent,
  });

function ReservesCanvas({ reserves, isFetching }: { reserves: ExchangeReserves; isFetching: boolean }) {
  const bucketMs = reserves.bucket === 'hour' ? HOUR : DAY;
  const { container, chart, hovered, theme, dates } = useChart(setupReserves, { gridMs: bucketMs });
  const points = useMemo(
    () =>
      reserves.series.map((point) => ({
        time: Date.parse(point.at),
        xrp: Number(point.balanceXrp),
        ledgerIndex: point.ledgerIndex,
      })),
    [reserves.series],
  );
  useEffect(() => {
    chart?.series.applyOptions({ color: themeColor('primary') });
  }, [chart, theme]);
  const gridData = useMemo(
    () =>
      slotData(
        timeSlots(
          points.map((point) => point.time),
          bucketMs,
        ),
      ),
    [points, bucketMs],
  );
  const lineData = useMemo(
    () => points.map((point) => ({ time: chartTime(point.time), value: point.xrp })),
    [points],
  );
  useSeriesData(chart?.grid, gridData);
  useSeriesData(chart?.series, lineData);
  useEffect(() => chart?.api.timeScale().fitContent(), [chart, gridData]);

  const latest = points.at(-1);
  const shown = (hovered !== null && atOrBefore(points, hovered, (point) => point.time)) || latest;
  return (
    <div className={cn('flex flex-col gap-1 transition-opacity', isFetching && 'opacity-60')}>
      <Legend>
        {shown && (
          <>
            <span className="font-medium" data-testid="legend-time">
              {dates.dateTime(shown.time)} {dates.zoneName(shown.time)}
            </span>
            <LegendItem label="Held" value={`${xrpAmount(shown.xrp)} XRP`} />
            <LegendItem label="Ledger" value={ledgerNumber.format(shown.ledgerIndex)} />
          </>
        )}
      </Legend>
      <div
        ref={container}
        className="h-56 w-full sm:h-64"
        role="img"
        aria-label={`XRP held by the named exchanges, ${points.length} readings over ${RANGE_LABELS[reserves.range]}${
          latest ? `; latest ${xrpAmount(latest.xrp)} XRP at ${dates.dateTime(latest.time)}` : ''
        }`}
        aria-busy={isFetching}
        data-testid="reserves-canvas"
      />
    </div>
  );
}

const unknownChange = {
  no_older_reading: 'no reading a day older',
  accounts_changed: 'its named accounts changed since the reading a day older',
} as const;

/**
 * A change with its share: "+300.0K (+25.00%)"; "—" and why where no reading is a day older or that
 * reading summed other accounts.
 */
function Change({ row }: { row: ExchangeReserves['exchanges'][number] }) {
  if (row.change24hXrp === null) {
    const why = unknownChange[row.change24hUnknown ?? 'no_older_reading'];
    return (
      <td className="py-2 text-right text-muted-foreground" title={`Unknown: ${why}`}>
        — <span className="sr-only">{why}</span>
      </td>
    );
  }
  const value = Number(row.change24hXrp);
  return (
    <td
      className={cn(
        'py-2 text-right tabular-nums',
        value > 0 && 'text-orange-700 dark:text-orange-400',
        value < 0 && 'text-green-700 dark:text-green-400',
      )}
    >
      {signedAmount(value)}
      {row.change24hPercent !== null && ` (${formatPercent(row.change24hPercent, { signed: true })})`}
    </td>
  );
}

/**
 * Exchange reserves: what the named exchanges' accounts hold, read from the validated ledger each
 * hour, as a line over the chosen range, and each exchange at the latest reading with its change over
 * a day ("—" where no reading is a day older).
 */
export function ExchangeReservesSection({ range, timeZone }: { range: FlowRange; timeZone: string }) {
  const reserves = useQuery(exchangeReservesQuery(range, timeZone));
  const rows = reserves.data?.exchanges ?? [];
  const latest = reserves.data?.latest;
  return (
    <section
      className="flex flex-col gap-2"
      aria-labelledby="exchange-reserves-heading"
      data-testid="exchange-reserves"
    >
      <h3 id="exchange-reserves-heading" className="text-sm font-semibold">
        Exchange reserves
      </h3>
      <ChartState
        query={reserves}
        isEmpty={!reserves.data?.series.length}
        empty={{
          title: 'No reserves read in this range',
          detail:
            'The named exchanges’ accounts are read from the ledger each hour, from the first reading on.',
        }}
      >
        {reserves.data && <ReservesCanvas reserves={reserves.data} isFetching={reserves.isPlaceholderData} />}
      </ChartState>
      {latest && rows.length > 0 && <ReservesTable rows={rows} latest={latest} />}
    </section>
  );
}

function ReservesTable({
  rows,
  latest,
}: {
  rows: ExchangeReserves['exchanges'];
  latest: NonNullable<ExchangeReserves['latest']>;
}) {
  const dates = useDates();
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? rows : rows.slice(0, FIRST_ROWS);
  return (
    <div className="flex flex-col gap-1">
      <p className="text-xs text-muted-foreground" data-testid="reserves-as-of">
        XRP held at ledger {ledgerNumber.format(latest.ledgerIndex)}, {dates.dateTime(latest.at)}. Change:
        since the last reading at least a day older.
      </p>
      <TableScroll label="Exchange reserves by exchange">
        <table
          className="w-full whitespace-nowrap text-xs sm:text-sm [&_td]:pl-2 sm:[&_td]:pl-3 [&_th+th]:pl-2 sm:[&_th+th]:pl-3"
          data-testid="exchange-reserves-table"
        >
          <thead className="text-muted-foreground">
            <tr className="border-b">
              <th scope="col" className="py-2 pr-3 text-left font-medium">
                Exchange
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Held
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                24h change
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Accounts
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.entity} className="border-b last:border-0">
                <th scope="row" className="py-2 pr-3 text-left font-medium">
                  {row.entity}
                </th>
                <td className="py-2 text-right tabular-nums">{xrpAmount(Number(row.balanceXrp))}</td>
                <Change row={row} />
                <td className="py-2 text-right tabular-nums">{row.accounts}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {rows.length > FIRST_ROWS && (
        <Button variant="ghost" size="sm" className="self-start" onClick={() => setShowAll(!showAll)}>
          {showAll ? `Show the largest ${FIRST_ROWS}` : `Show all ${rows.length} exchanges`}
        </Button>
      )}
    </div>
  );
}
