import {
  AreaSeries,
  CandlestickSeries,
  createTextWatermark,
  HistogramSeries,
  PriceScaleMode,
  type IChartApi,
} from 'lightweight-charts';
import { useEffect, useMemo } from 'react';
import { formatPrice, formatUsd } from '@/domain/format/format';
import type { Candle, Point } from '@/domain/market/history';
import { cn } from '@/web/lib/cn';
import { Legend, LegendItem } from './chart-controls';
import { palette } from '../lib/palette';
import { atOrBefore, onSlots, timeSlots } from '@/domain/market/time-grid';
import { chartTime, slotData, themeColor, useChart, useSeriesData } from '@/web/components/charts';

export type PriceMode = 'line' | 'candles';

const HOUR = 3_600_000;
const widthLabel = (ms: number) => (ms < 24 * HOUR ? `${ms / HOUR}h` : `${ms / (24 * HOUR)}d`);

/**
 * Both price series live for the chart's life and the toggle empties one of them: a series removed
 * on a toggle could outlive its chart on unmount. Volume sits in its own pane below, on its own scale,
 * so the price scale (and its log mode) is the price's alone.
 */
function setupPrice(api: IChartApi) {
  const line = api.addSeries(AreaSeries, {
    lineWidth: 2,
    priceLineVisible: false,
    priceFormat: { type: 'custom', formatter: formatPrice, minMove: 0.0001 },
  });
  const candles = api.addSeries(CandlestickSeries, {
    priceLineVisible: false,
    borderVisible: false,
    priceFormat: { type: 'custom', formatter: formatPrice, minMove: 0.0001 },
  });
  // No title or last-value tag on the volume's scale: a tag there covers the axis labels, and the
  // legend above says the latest volume. The pane is named by a caption in its free top corner.
  const volume = api.addSeries(
    HistogramSeries,
    {
      priceLineVisible: false,
      lastValueVisible: false,
      priceFormat: { type: 'custom', formatter: formatUsd, minMove: 1 },
    },
    1,
  );
  const volumePane = api.panes()[1]!;
  const caption = createTextWatermark(volumePane, { horzAlign: 'left', vertAlign: 'top' });
  api.panes()[0]?.setStretchFactor(3);
  volumePane.setStretchFactor(1);
  // Room at the panes' shared edge, so the price's lowest label and the volume's highest do not meet;
  // room at the top for the price's highest label, which the canvas edge would otherwise clip.
  api.priceScale('right', 0).applyOptions({ scaleMargins: { top: 0.12, bottom: 0.1 } });
  api.priceScale('right', 1).applyOptions({ scaleMargins: { top: 0.35, bottom: 0 } });
  return { line, candles, volume, caption };
}

export function PriceCanvas({
  mode,
  isLog,
  points,
  bucketMs,
  candles,
  volume,
  rangeLabel,
  isFetching,
}: {
  mode: PriceMode;
  isLog: boolean;
  points: Point[];
  /** The grid `points` were made on (the server's bucket width). */
  bucketMs: number;
  candles: { bucketMs: number; bars: Candle[] } | null;
  /** 24h volume of the same range as the price (empty until it comes). */
  volume: Point[];
  rangeLabel: string;
  isFetching: boolean;
}) {
  const isCandles = mode === 'candles' && candles !== null;
  const bars = isCandles ? candles.bars : null;
  // One time slot per bucket of the grid shown (the line's, or the candles'), so that spacing is
  // proportional to time; the volume is drawn on the same slots, one per bucket.
  const width = isCandles ? candles.bucketMs : bucketMs;
  const { container, chart, hovered, theme, dates } = useChart(setupPrice, { gridMs: width });

  const slots = useMemo(
    () => timeSlots(bars ? bars.map((bar) => bar.time) : points.map(([time]) => time), width),
    [bars, points, width],
  );
  // 24h volume is a rolling figure: per bucket, the one at the bucket's last record (a candle's close).
  const volumePoints = useMemo(() => onSlots(volume, slots, width), [volume, slots, width]);

  const gridData = useMemo(() => slotData(slots), [slots]);
  const lineData = useMemo(
    () => (bars ? [] : points.map(([time, value]) => ({ time: chartTime(time), value }))),
    [bars, points],
  );
  const candleData = useMemo(
    () =>
      (bars ?? []).map(({ time, open, high, low, close }) => ({
        time: chartTime(time),
        open,
        high,
        low,
        close,
      })),
    [bars],
  );
  const volumeData = useMemo(
    () => volumePoints.map(([time, value]) => ({ time: chartTime(time), value })),
    [volumePoints],
  );
  useSeriesData(chart?.grid, gridData);
  useSeriesData(chart?.series.line, lineData);
  useSeriesData(chart?.series.candles, candleData);
  useSeriesData(chart?.series.volume, volumeData);
  useEffect(() => chart?.api.timeScale().fitContent(), [chart, gridData]);

  useEffect(() => {
    if (!chart) return;
    const colors = palette[theme];
    chart.series.line.applyOptions({
      lineColor: themeColor('primary'),
      topColor: themeColor('primary', 0.3),
      bottomColor: themeColor('primary', 0.02),
    });
    chart.series.candles.applyOptions({
      upColor: colors.up,
      downColor: colors.down,
      wickUpColor: colors.up,
      wickDownColor: colors.down,
    });
    chart.series.volume.applyOptions({ color: themeColor('muted-foreground', 0.35) });
    chart.series.caption.applyOptions({
      lines: [{ text: '24h volume', color: themeColor('muted-foreground'), fontSize: 11 }],
    });
  }, [chart, theme]);

  useEffect(() => {
    chart?.api.priceScale('right', 0).applyOptions({
      mode: isLog ? PriceScaleMode.Logarithmic : PriceScaleMode.Normal,
    });
  }, [chart, isLog]);

  // The hovered slot's point, or the last one before it when its bucket holds no record (what was
  // known then); off the chart, the latest.
  const volumes = useMemo(() => new Map(volumePoints), [volumePoints]);
  const bar = bars && ((hovered !== null && atOrBefore(bars, hovered, (b) => b.time)) || bars.at(-1));
  const point = bars
    ? undefined
    : (hovered !== null && atOrBefore(points, hovered, ([t]) => t)) || points.at(-1);
  const time = bar ? bar.time : point?.[0];
  const volumeAt = time === undefined ? undefined : volumes.get(time);
  const latestPrice = points.at(-1);

  return (
    <div className={cn('flex flex-col gap-1 transition-opacity', isFetching && 'opacity-60')}>
      <Legend>
        {time !== undefined && (
          <>
            <span className="font-medium" data-testid="legend-time">
              {dates.dateTime(time)} {dates.zoneName(time)}
            </span>
            {bar ? (
              <>
                <LegendItem label="O" value={formatPrice(bar.open)} />
                <LegendItem label="H" value={formatPrice(bar.high)} />
                <LegendItem label="L" value={formatPrice(bar.low)} />
                <LegendItem
                  label="C"
                  value={formatPrice(bar.close)}
                  className={
                    bar.close >= bar.open
                      ? 'text-green-700 dark:text-green-400'
                      : 'text-red-700 dark:text-red-400'
                  }
                />
                <span className="whitespace-nowrap text-muted-foreground">
                  {widthLabel(width)} candle · {bar.records} {bar.records === 1 ? 'record' : 'records'}
                </span>
              </>
            ) : (
              <LegendItem label="Price" value={formatPrice(point?.[1])} />
            )}
            <LegendItem label="24h volume" value={formatUsd(volumeAt)} />
          </>
        )}
      </Legend>
      <div
        ref={container}
        className="h-80 w-full sm:h-96"
        role="img"
        aria-label={`XRP price in US dollars, ${bars ? `${bars.length} candles` : `${points.length} points`} over ${rangeLabel}${
          isLog ? ', log scale' : ''
        }, with 24h volume below${latestPrice ? `; latest ${formatPrice(latestPrice[1])} at ${dates.dateTime(latestPrice[0])}` : ''}`}
        aria-busy={isFetching}
        data-testid="chart-canvas"
        data-mode={bars ? 'candles' : 'line'}
      />
    </div>
  );
}
