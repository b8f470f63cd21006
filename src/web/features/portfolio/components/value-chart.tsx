import { AreaSeries, type AutoscaleInfo, type IChartApi } from 'lightweight-charts';
import { useEffect, useMemo } from 'react';
import { formatPrice } from '@/domain/format/format';
import { atOrBefore, timeSlots } from '@/domain/market/time-grid';
import type { PortfolioRange, PortfolioSummary } from '@/domain/portfolio/portfolio.schema';
import { chartTime, slotData, themeColor, useChart, useSeriesData } from '@/web/components/charts';
import { ChartAttribution } from '@/web/components/chart-attribution';
import { cn } from '@/web/lib/cn';
import { formatUsdExact, formatXrpNumber } from '../lib/format';

type ValuePoint = PortfolioSummary['series']['points'][number];

const HOUR = 3_600_000;
/** One point per bucket, as the market charts draw their history (ADR 0033): hourly for a week… */
const BUCKET_MS: Record<PortfolioRange, number> = { '7d': HOUR, '30d': 4 * HOUR, '1y': 24 * HOUR };
const RANGE_NAMES: Record<PortfolioRange, string> = { '7d': '7 days', '30d': '30 days', '1y': 'a year' };

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

const setupArea = (api: IChartApi) =>
  api.addSeries(AreaSeries, {
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

/**
 * The portfolio's value in USD over the range on the market charts' canvas (`useChart`): the
 * reader's zone and date format on the axis, the theme's colours, no pan or zoom (the range buttons
 * choose), and a legend naming the hovered (else the latest) point.
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
  const width = BUCKET_MS[range];
  const { container, chart, hovered, theme, dates } = useChart(setupArea, { gridMs: width });

  useEffect(() => {
    chart?.series.applyOptions({
      lineColor: themeColor('primary'),
      topColor: themeColor('primary', 0.35),
      bottomColor: themeColor('primary', 0.02),
    });
  }, [chart, theme]);

  const shownPoints = useMemo(() => bucketed(points, width), [points, width]);
  const gridData = useMemo(
    () =>
      slotData(
        timeSlots(
          shownPoints.map((item) => item.time),
          width,
        ),
      ),
    [shownPoints, width],
  );
  const areaData = useMemo(
    () => shownPoints.map(({ time, point }) => ({ time: chartTime(time), value: point.valueUsd })),
    [shownPoints],
  );
  // Each series is written when its data changes, and only then (the grid first: it lays the slots).
  useSeriesData(chart?.grid, gridData);
  useSeriesData(chart?.series, areaData);
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
      <ChartAttribution />
    </div>
  );
}
