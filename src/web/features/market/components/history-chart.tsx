import { useQuery } from '@tanstack/react-query';
import { AreaSeries, PriceScaleMode, type IChartApi } from 'lightweight-charts';
import { useEffect, useMemo, useState } from 'react';
import { formatAmount, formatPercent } from '@/domain/format/format';
import { cn } from '@/web/lib/cn';
import { historyQuery, type ChartRange } from '../api/market';
import {
  ChartState,
  HistorySince,
  Legend,
  LegendItem,
  RangeButtons,
  RANGE_LABELS,
  Toggle,
} from './chart-controls';
import { atOrBefore, timeSlots } from '@/domain/market/time-grid';
import {
  atLeastTwoPercent,
  chartTime,
  slotData,
  themeColor,
  useChart,
  useSeriesData,
} from '@/web/components/charts';

type AreaChartSeries = 'market_cap' | 'dominance';

const RANGES = ['1d', '7d', '30d', '90d', '1y', 'all'] as const;

const settings = {
  market_cap: {
    name: 'XRP market capitalisation in US dollars',
    label: 'Market cap',
    format: (value: number) => formatAmount(value, { prefix: '$' }),
    // The axis steps no finer than its labels show (a million), so no two ticks read the same.
    minMove: 1e6,
    // Log shows a market cap's relative moves; dominance is already a share, so it has none.
    canLog: true,
  },
  dominance: {
    name: 'XRP share of the total crypto market capitalisation',
    label: 'Dominance',
    format: (value: number) => formatPercent(value),
    minMove: 0.01,
    canLog: false,
  },
} as const;

const setupArea = (api: IChartApi) =>
  api.addSeries(AreaSeries, {
    lineWidth: 2,
    priceLineVisible: false,
    autoscaleInfoProvider: atLeastTwoPercent,
  });

/** The canvas with its legend: the hovered point, or the latest when the pointer is elsewhere. */
function AreaCanvas({
  series,
  range,
  points,
  bucketMs,
  isLog,
  isFetching,
}: {
  series: AreaChartSeries;
  range: ChartRange;
  points: [number, number][];
  /** The grid `points` were made on: one time slot per bucket, so spacing follows time. */
  bucketMs: number;
  isLog: boolean;
  isFetching: boolean;
}) {
  const { container, chart, hovered, theme, dates } = useChart(setupArea, { gridMs: bucketMs });
  const { format, name, label, minMove } = settings[series];

  useEffect(() => {
    if (!chart) return;
    chart.series.applyOptions({
      lineColor: themeColor('primary'),
      topColor: themeColor('primary', 0.35),
      bottomColor: themeColor('primary', 0.02),
      priceFormat: { type: 'custom', formatter: format, minMove },
    });
  }, [chart, theme, format, minMove]);

  useEffect(() => {
    chart?.api.priceScale('right').applyOptions({
      mode: isLog ? PriceScaleMode.Logarithmic : PriceScaleMode.Normal,
    });
  }, [chart, isLog]);

  // One point per time bucket from the server (strictly increasing whole seconds), on a slot per bucket.
  const slots = useMemo(
    () =>
      timeSlots(
        points.map(([time]) => time),
        bucketMs,
      ),
    [points, bucketMs],
  );
  const gridData = useMemo(() => slotData(slots), [slots]);
  const areaData = useMemo(() => points.map(([time, value]) => ({ time: chartTime(time), value })), [points]);
  useSeriesData(chart?.grid, gridData);
  useSeriesData(chart?.series, areaData);
  useEffect(() => chart?.api.timeScale().fitContent(), [chart, gridData]);

  // The hovered slot's point, or the last before it when its bucket holds no record; else the latest.
  const latest = points.at(-1);
  const shown = (hovered !== null && atOrBefore(points, hovered, ([time]) => time)) || latest;

  return (
    <div className={cn('flex flex-col gap-1 transition-opacity', isFetching && 'opacity-60')}>
      <Legend>
        {shown && (
          <>
            <span className="font-medium" data-testid="legend-time">
              {dates.dateTime(shown[0])} {dates.zoneName(shown[0])}
            </span>
            <LegendItem label={label} value={format(shown[1])} />
          </>
        )}
      </Legend>
      <div
        ref={container}
        className="h-72 w-full sm:h-80"
        role="img"
        aria-label={`${name}, ${points.length} points over ${RANGE_LABELS[range]}${
          latest ? `, latest ${format(latest[1])} at ${dates.dateTime(latest[0])}` : ''
        }`}
        aria-busy={isFetching}
        data-testid="chart-canvas"
      />
    </div>
  );
}

/**
 * The Market Cap and Marketcap Dominance tabs of the analytics chart card: our own chart of the stored
 * history, with range buttons, a crosshair legend and, for the market cap, a log scale. Loaded
 * lazily: the chart library is only fetched with a chart.
 */
export default function HistoryChart({ series }: { series: AreaChartSeries }) {
  const [range, setRange] = useState<ChartRange>('30d');
  const [isLog, setLog] = useState(false);
  const history = useQuery(historyQuery(series, range));
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <HistorySince since={history.data?.since} />
        <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
          {settings[series].canLog && (
            <Toggle pressed={isLog} onPressedChange={setLog} label="Log scale">
              Log
            </Toggle>
          )}
          <RangeButtons ranges={RANGES} value={range} onChange={setRange} />
        </div>
      </div>
      <ChartState query={history} isEmpty={!history.data?.points.length}>
        {history.data && (
          <AreaCanvas
            series={series}
            range={history.data.range}
            points={history.data.points}
            bucketMs={history.data.bucketMs}
            isLog={isLog}
            isFetching={history.isPlaceholderData}
          />
        )}
      </ChartState>
    </div>
  );
}
