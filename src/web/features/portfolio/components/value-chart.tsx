import {
  AreaSeries,
  createChart,
  LineSeries,
  TickMarkType,
  type AutoscaleInfo,
  type IChartApi,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatPrice } from '@/domain/format/format';
import { atOrBefore, timeSlots } from '@/domain/market/time-grid';
import type { PortfolioRange, PortfolioSummary } from '@/domain/portfolio/portfolio.schema';
import { useDates, useTheme } from '@/web/features/preferences';
import { cn } from '@/web/lib/cn';
import { themeColor } from '../lib/css-color';
import { formatUsdExact, formatXrpNumber } from '../lib/format';

type ValuePoint = PortfolioSummary['series']['points'][number];

const HOUR = 3_600_000;
/** One point per bucket, as the market charts draw their history (ADR 0033): hourly for a week… */
const BUCKET_MS: Record<PortfolioRange, number> = { '7d': HOUR, '30d': 4 * HOUR, '1y': 24 * HOUR };
const RANGE_NAMES: Record<PortfolioRange, string> = { '7d': '7 days', '30d': '30 days', '1y': 'a year' };

const tickUnits: Record<TickMarkType, 'year' | 'month' | 'day' | 'time'> = {
  [TickMarkType.Year]: 'year',
  [TickMarkType.Month]: 'month',
  [TickMarkType.DayOfMonth]: 'day',
  [TickMarkType.Time]: 'time',
  [TickMarkType.TimeWithSeconds]: 'time',
};

const chartTime = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;
const timeMs = (time: Time) =>
  typeof time === 'number'
    ? time * 1000
    : typeof time === 'string'
      ? Date.parse(time)
      : Date.UTC(time.year, time.month - 1, time.day);

/** The points in time order, the last of each bucket at its own time: strictly increasing seconds. */
function bucketed(points: readonly ValuePoint[], width: number): { time: number; point: ValuePoint }[] {
  const byBucket = new Map<number, { time: number; point: ValuePoint }>();
  const sorted = points
    .map((point) => ({ time: Date.parse(point.at), point }))
    .filter((item) => Number.isFinite(item.time))
    .sort((a, b) => a.time - b.time);
  for (const item of sorted) byBucket.set(Math.floor(item.time / width), item);
  return [...byBucket.values()];
}

interface Chart {
  api: IChartApi;
  area: ISeriesApi<'Area'>;
  /** Hidden whitespace on every bucket's slot, so the spacing follows time (see `timeSlots`). */
  grid: ISeriesApi<'Line'>;
}

/**
 * The portfolio's value in USD over the range on lightweight-charts, as /analytics draws its charts:
 * the reader's zone and date format on the axis, the theme's colours, no pan or zoom (the range
 * buttons choose), and a legend naming the hovered (else the latest) point.
 */
export function ValueChart({
  points,
  range,
  isFetching,
}: {
  points: readonly ValuePoint[];
  range: PortfolioRange;
  isFetching: boolean;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<Chart | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const dates = useDates();
  const { resolvedTheme } = useTheme();
  const width = BUCKET_MS[range];

  useEffect(() => {
    if (!container.current) return;
    const api = createChart(container.current, {
      autoSize: true,
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false },
      // The logo is a link inside role="img"; the attribution its licence asks for is below the chart.
      layout: { attributionLogo: false },
      handleScroll: false,
      handleScale: false,
    });
    const onMove = (param: { time?: Time }) =>
      setHovered(param.time === undefined ? null : timeMs(param.time));
    api.subscribeCrosshairMove(onMove);
    const grid = api.addSeries(LineSeries, {
      priceScaleId: 'time-grid',
      visible: false,
      lastValueVisible: false,
      priceLineVisible: false,
      crosshairMarkerVisible: false,
    });
    const area = api.addSeries(AreaSeries, {
      lineWidth: 2,
      priceLineVisible: false,
      priceFormat: { type: 'custom', formatter: formatUsdExact, minMove: 0.01 },
      // A flat series would be scaled to a sliver the labels cannot tell apart: at least 2% of it.
      autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
        const info = original();
        if (!info?.priceRange) return info;
        const { minValue, maxValue } = info.priceRange;
        const least = Math.max(Math.abs(maxValue) * 0.02, 0.02);
        if (maxValue - minValue >= least) return info;
        const middle = (minValue + maxValue) / 2;
        return { ...info, priceRange: { minValue: middle - least / 2, maxValue: middle + least / 2 } };
      },
    });
    setChart({ api, area, grid });
    return () => {
      api.unsubscribeCrosshairMove(onMove);
      setChart(null);
      api.remove();
    };
  }, []);

  useEffect(() => {
    chart?.api.applyOptions({
      localization: { locale: 'en-US', timeFormatter: (time: Time) => dates.dateTime(timeMs(time)) },
      timeScale: {
        tickMarkFormatter: (time: Time, type: TickMarkType) => dates.tick(timeMs(time), tickUnits[type]),
      },
    });
  }, [chart, dates]);

  useEffect(() => {
    if (!chart) return;
    chart.api.applyOptions({
      layout: {
        background: { color: 'transparent' },
        textColor: themeColor('muted-foreground'),
        fontFamily: getComputedStyle(document.body).fontFamily,
      },
      grid: { vertLines: { visible: false }, horzLines: { color: themeColor('border', 0.6) } },
      crosshair: {
        vertLine: { labelBackgroundColor: themeColor('primary') },
        horzLine: { labelBackgroundColor: themeColor('primary') },
      },
    });
    chart.area.applyOptions({
      lineColor: themeColor('primary'),
      topColor: themeColor('primary', 0.35),
      bottomColor: themeColor('primary', 0.02),
    });
  }, [chart, resolvedTheme]);

  const shownPoints = useMemo(() => bucketed(points, width), [points, width]);
  const gridData = useMemo(
    () =>
      timeSlots(
        shownPoints.map((item) => item.time),
        width,
      ).map((time) => ({ time: chartTime(time) })),
    [shownPoints, width],
  );
  const areaData = useMemo(
    () => shownPoints.map(({ time, point }) => ({ time: chartTime(time), value: point.valueUsd })),
    [shownPoints],
  );
  // Each series is written when its data changes, and only then (the grid first: it lays the slots).
  useEffect(() => chart?.grid.setData(gridData), [chart, gridData]);
  useEffect(() => chart?.area.setData(areaData), [chart, areaData]);
  useEffect(() => chart?.api.timeScale().fitContent(), [chart, gridData]);

  const latest = shownPoints.at(-1);
  const first = shownPoints[0];
  const shown = (hovered !== null && atOrBefore(shownPoints, hovered, (item) => item.time)) || latest;

  return (
    <div className={cn('flex flex-col gap-1 transition-opacity', isFetching && 'opacity-60')}>
      <div
        className="flex min-h-10 flex-wrap items-baseline gap-x-3 gap-y-0.5 text-xs tabular-nums sm:text-sm"
        data-testid="chart-legend"
      >
        {shown && (
          <>
            <span className="font-medium" data-testid="legend-time">
              {dates.dateTime(shown.time)} {dates.zoneName(shown.time)}
            </span>
            <span className="whitespace-nowrap">
              <span className="text-muted-foreground">Value </span>
              <span className="font-medium">{formatUsdExact(shown.point.valueUsd)}</span>
            </span>
            <span className="whitespace-nowrap">
              <span className="text-muted-foreground">Held </span>
              <span className="font-medium">{formatXrpNumber(shown.point.xrp, 6)}</span>
            </span>
            <span className="whitespace-nowrap">
              <span className="text-muted-foreground">Price </span>
              <span className="font-medium">{formatPrice(shown.point.priceUsd)}</span>
            </span>
          </>
        )}
      </div>
      <div
        ref={container}
        className="h-72 w-full sm:h-80"
        role="img"
        aria-label={`Portfolio value in US dollars over ${RANGE_NAMES[range]}, ${shownPoints.length} points${
          first && latest
            ? `: ${formatUsdExact(first.point.valueUsd)} on ${dates.dateTime(first.time)}, ${formatUsdExact(latest.point.valueUsd)} on ${dates.dateTime(latest.time)}`
            : ''
        }`}
        aria-busy={isFetching}
        data-testid="chart-canvas"
      />
      <p className="text-right text-xs text-muted-foreground">
        Charts by{' '}
        <a
          href="https://www.tradingview.com/"
          target="_blank"
          rel="noopener noreferrer"
          className="underline underline-offset-2 hover:text-foreground"
        >
          TradingView Lightweight Charts™
        </a>
      </p>
    </div>
  );
}
