import { useQuery } from '@tanstack/react-query';
import { HistogramSeries, LineSeries, type IChartApi } from 'lightweight-charts';
import { useEffect, useMemo, useState } from 'react';
import { formatAmount } from '@/domain/format/format';
import { timezoneValues } from '@/domain/preferences/preferences.schema';
import type { ExchangeFlows, FlowRange } from '@/domain/whales/flows.schema';
import { atOrBefore, timeSlots } from '@/domain/market/time-grid';
import {
  aroundZero,
  chartTime,
  slotData,
  themeColor,
  useChart,
  useSeriesData,
} from '@/web/components/charts';
import { useDates } from '@/web/lib/preferences';
import { cn } from '@/web/lib/cn';
import { exchangeFlowsQuery } from '../api/market';
import { palette } from '../lib/palette';
import { ChartState, HistorySince, Legend, LegendItem, RangeButtons, RANGE_LABELS } from './chart-controls';
import { ExchangeFlowsTable, signedAmount, xrpAmount } from './exchange-flows-table';
import { ExchangeReservesSection } from './exchange-reserves';

const RANGES = ['24h', '7d', '30d', '1y'] as const satisfies readonly FlowRange[];
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** XRP with its sign and unit: "+12.5M XRP", "-800.0K XRP". */
const formatXrpFlow = (xrp: number) => `${signedAmount(xrp)} XRP`;

interface FlowPoint {
  time: number;
  inflow: number;
  outflow: number;
  net: number;
  /** The net of every bucket shown up to and including this one. */
  cumulative: number;
}

export function flowPoints(series: ExchangeFlows['series']): FlowPoint[] {
  let cumulative = 0;
  return series.map((bucket) => {
    const net = Number(bucket.netXrp);
    cumulative += net;
    return {
      time: Date.parse(bucket.at),
      inflow: Number(bucket.inflowXrp),
      outflow: Number(bucket.outflowXrp),
      net,
      cumulative,
    };
  });
}

/** Pixels: room for a signed amount such as "-800.0M" with the scale's padding. */
const SCALE_WIDTH = 72;

const xrpScale = { type: 'custom', formatter: (value: number) => formatAmount(value), minMove: 1 } as const;

const setupFlows = (api: IChartApi) => {
  const bars = api.addSeries(HistogramSeries, {
    priceLineVisible: false,
    lastValueVisible: false,
    priceFormat: xrpScale,
    autoscaleInfoProvider: aroundZero,
  });
  // The running total on a scale of its own (left): its size is the range's sum, not a bucket's.
  const cumulative = api.addSeries(LineSeries, {
    priceScaleId: 'left',
    lineWidth: 2,
    priceLineVisible: false,
    lastValueVisible: false,
    priceFormat: xrpScale,
    autoscaleInfoProvider: aroundZero,
  });
  // Both scales are at least as wide as "-800.0M" in the page's font: the chart measures its labels
  // before that font applies, and a narrower scale cut off the minus sign of an outflow.
  api.priceScale('left').applyOptions({ visible: true, borderVisible: false, minimumWidth: SCALE_WIDTH });
  api.priceScale('right').applyOptions({ minimumWidth: SCALE_WIDTH });
  return { bars, cumulative };
};

function FlowsCanvas({ flows, isFetching }: { flows: ExchangeFlows; isFetching: boolean }) {
  const bucketMs = flows.bucket === 'hour' ? HOUR : DAY;
  const { container, chart, hovered, theme, dates } = useChart(setupFlows, { gridMs: bucketMs });
  const points = useMemo(() => flowPoints(flows.series), [flows.series]);

  useEffect(() => {
    chart?.series.cumulative.applyOptions({ color: themeColor('primary') });
  }, [chart, theme]);

  // An hour or day with no recorded payment keeps its slot empty: no bar, not a bar of 0.
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
  // Onto exchanges and off them in two colours of their own; neither is called good or bad.
  const barData = useMemo(() => {
    const colors = palette[theme];
    return points.map((point) => ({
      time: chartTime(point.time),
      value: point.net,
      color: point.net >= 0 ? colors.orange : colors.up,
    }));
  }, [points, theme]);
  const lineData = useMemo(
    () => points.map((point) => ({ time: chartTime(point.time), value: point.cumulative })),
    [points],
  );
  useSeriesData(chart?.grid, gridData);
  useSeriesData(chart?.series.bars, barData);
  useSeriesData(chart?.series.cumulative, lineData);
  useEffect(() => chart?.api.timeScale().fitContent(), [chart, gridData]);

  const latest = points.at(-1);
  const shown = (hovered !== null && atOrBefore(points, hovered, (point) => point.time)) || latest;
  const when = (time: number) =>
    flows.bucket === 'hour' ? `${dates.dateTime(time)} ${dates.zoneName(time)}` : dates.shortDate(time);

  return (
    <div className={cn('flex flex-col gap-1 transition-opacity', isFetching && 'opacity-60')}>
      <Legend>
        {shown && (
          <>
            <span className="font-medium" data-testid="legend-time">
              {when(shown.time)}
            </span>
            <LegendItem label="In" value={`${xrpAmount(shown.inflow)} XRP`} />
            <LegendItem label="Out" value={`${xrpAmount(shown.outflow)} XRP`} />
            <LegendItem label="Net" value={formatXrpFlow(shown.net)} />
            <LegendItem label="Cumulative" value={formatXrpFlow(shown.cumulative)} />
          </>
        )}
      </Legend>
      <div
        ref={container}
        className="h-72 w-full sm:h-80"
        role="img"
        aria-label={`Net XRP flow onto named exchanges, one bar per ${flows.bucket}, ${points.length} ${
          flows.bucket
        }s with payments over ${RANGE_LABELS[flows.range]}${
          latest ? `; cumulative ${formatXrpFlow(latest.cumulative)} by ${when(latest.time)}` : ''
        }`}
        aria-busy={isFetching}
        data-testid="chart-canvas"
      />
      <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs" aria-label="Key">
        <li className="flex items-center gap-1.5">
          <span
            className="size-2.5 rounded-sm"
            style={{ backgroundColor: palette[theme].orange }}
            aria-hidden
          />
          More onto exchanges than off (net inflow)
        </li>
        <li className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm" style={{ backgroundColor: palette[theme].up }} aria-hidden />
          More off exchanges than onto (net outflow)
        </li>
        <li className="flex items-center gap-1.5">
          <span className="h-0.5 w-3 bg-primary" aria-hidden />
          Cumulative net flow over the range (left scale)
        </li>
      </ul>
    </div>
  );
}

/**
 * Exchange flows: the XRP that named exchanges' accounts received and sent over a range (hours for
 * 24H and 7D, the member's own days beyond), as net bars with their running total, and each
 * exchange's last 24 hours and 7 days. Only payments the site read from validated ledgers count,
 * and only accounts the registry names; the page says both.
 */
export default function ExchangeFlowsChart() {
  const [range, setRange] = useState<FlowRange>('7d');
  const zone = useDates().settings.timeZone;
  // A zone the server does not list (a browser's own, before the member's settings arrive) is asked
  // for in UTC, and the days are then UTC days.
  const timeZone = timezoneValues.includes(zone) ? zone : 'UTC';
  const flows = useQuery(exchangeFlowsQuery(range, timeZone));
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <HistorySince since={flows.data?.since} />
        <div className="ml-auto">
          <RangeButtons ranges={RANGES} value={range} onChange={setRange} />
        </div>
      </div>
      <ChartState
        query={flows}
        isEmpty={!flows.data?.series.length}
        empty={{
          title: 'No exchange flows recorded in this range',
          detail:
            'Flows are summed from each validated ledger the site reads, from its first sync on, for accounts the registry names as exchanges.',
        }}
      >
        {flows.data && <FlowsCanvas flows={flows.data} isFetching={flows.isPlaceholderData} />}
      </ChartState>
      {flows.data && <ExchangeFlowsTable rows={flows.data.exchanges} />}
      <p className="text-xs text-muted-foreground">
        Payments to and from accounts the registry names as exchanges, read from validated ledgers; transfers
        between two accounts of one exchange are not flows. Unnamed exchange accounts are not counted.
      </p>
      <ExchangeReservesSection range={range} timeZone={timeZone} />
    </div>
  );
}
