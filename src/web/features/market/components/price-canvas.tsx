import {
  AreaSeries,
  CandlestickSeries,
  HistogramSeries,
  PriceScaleMode,
  type IChartApi,
} from 'lightweight-charts';
import { useEffect, useMemo } from 'react';
import { formatPrice, formatUsd } from '@/domain/format/format';
import { bucketPoints, type Candle, type Point } from '@/domain/market/history';
import { cn } from '@/web/lib/cn';
import { themeColor } from '../lib/css-color';
import { Legend, LegendItem } from './chart-controls';
import { palette } from '../lib/palette';
import { chartTime, useChart } from './use-chart';

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
  const volume = api.addSeries(
    HistogramSeries,
    {
      title: '24h volume',
      priceLineVisible: false,
      priceFormat: { type: 'custom', formatter: formatUsd, minMove: 1 },
    },
    1,
  );
  api.panes()[0]?.setStretchFactor(3);
  api.panes()[1]?.setStretchFactor(1);
  // Room at the panes' shared edge, so the price's lowest label and the volume's highest do not meet.
  api.priceScale('right', 0).applyOptions({ scaleMargins: { top: 0.1, bottom: 0.1 } });
  api.priceScale('right', 1).applyOptions({ scaleMargins: { top: 0.3, bottom: 0 } });
  return { line, candles, volume };
}

export function PriceCanvas({
  mode,
  isLog,
  points,
  candles,
  volume,
  rangeLabel,
  isFetching,
}: {
  mode: PriceMode;
  isLog: boolean;
  points: Point[];
  candles: { bucketMs: number; bars: Candle[] } | null;
  volume: Point[];
  rangeLabel: string;
  isFetching: boolean;
}) {
  const { container, chart, hovered, theme, dates } = useChart(setupPrice);
  const isCandles = mode === 'candles' && candles !== null;
  // 24h volume is a rolling figure, one per bucket: as candles, the one at each candle's close.
  const volumePoints = useMemo(
    () => (isCandles ? bucketPoints(volume, candles.bucketMs) : volume),
    [isCandles, volume, candles],
  );

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
  }, [chart, theme]);

  useEffect(() => {
    chart?.api.priceScale('right', 0).applyOptions({
      mode: isLog ? PriceScaleMode.Logarithmic : PriceScaleMode.Normal,
    });
  }, [chart, isLog]);

  useEffect(() => {
    if (!chart) return;
    chart.series.line.setData(
      isCandles ? [] : points.map(([time, value]) => ({ time: chartTime(time), value })),
    );
    chart.series.candles.setData(
      isCandles
        ? candles.bars.map(({ time, open, high, low, close }) => ({
            time: chartTime(time),
            open,
            high,
            low,
            close,
          }))
        : [],
    );
    chart.series.volume.setData(volumePoints.map(([time, value]) => ({ time: chartTime(time), value })));
    chart.api.timeScale().fitContent();
  }, [chart, isCandles, points, candles, volumePoints]);

  const legend = useMemo(() => {
    const prices = new Map(points);
    const bars = new Map(candles?.bars.map((bar) => [bar.time, bar]));
    const volumes = new Map(volumePoints);
    const latest = isCandles ? candles.bars.at(-1)?.time : points.at(-1)?.[0];
    return { prices, bars, volumes, latest };
  }, [points, candles, volumePoints, isCandles]);
  const time =
    hovered !== null && (isCandles ? legend.bars.has(hovered) : legend.prices.has(hovered))
      ? hovered
      : legend.latest;
  const bar = time === undefined ? undefined : legend.bars.get(time);
  const price = time === undefined ? undefined : legend.prices.get(time);
  const volumeAt = time === undefined ? undefined : legend.volumes.get(time);
  const latestPrice = points.at(-1);

  return (
    <div className={cn('flex flex-col gap-1 transition-opacity', isFetching && 'opacity-60')}>
      <Legend>
        {time !== undefined && (
          <>
            <span className="font-medium" data-testid="legend-time">
              {dates.dateTime(time)} {dates.zoneName(time)}
            </span>
            {isCandles && bar ? (
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
                  {widthLabel(candles!.bucketMs)} candle · {bar.records}{' '}
                  {bar.records === 1 ? 'record' : 'records'}
                </span>
              </>
            ) : (
              <LegendItem label="Price" value={formatPrice(price)} />
            )}
            <LegendItem label="24h volume" value={formatUsd(volumeAt)} />
          </>
        )}
      </Legend>
      <div
        ref={container}
        className="h-80 w-full sm:h-96"
        role="img"
        aria-label={`XRP price in US dollars, ${isCandles ? `${candles.bars.length} candles` : `${points.length} points`} over ${rangeLabel}${
          isLog ? ', log scale' : ''
        }, with 24h volume below${latestPrice ? `; latest ${formatPrice(latestPrice[1])} at ${dates.dateTime(latestPrice[0])}` : ''}`}
        aria-busy={isFetching}
        data-testid="chart-canvas"
        data-mode={isCandles ? 'candles' : 'line'}
      />
    </div>
  );
}
