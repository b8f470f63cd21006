import { useQuery } from '@tanstack/react-query';
import {
  AreaSeries,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { formatAmount, formatPercent, formatPrice } from '@/domain/format/format';
import { useTheme } from '@/web/app/providers/theme-provider';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { historyQuery, type ChartRange, type ChartSeries } from '../api/market';
import { themeColor } from '../lib/css-color';

const RANGES: { value: ChartRange; label: string }[] = [
  { value: '1d', label: '24H' },
  { value: '7d', label: '7D' },
  { value: '30d', label: '30D' },
  { value: '90d', label: '90D' },
  { value: '1y', label: '1Y' },
  { value: 'all', label: 'All' },
];

const formatters: Record<ChartSeries, (value: number) => string> = {
  price: formatPrice,
  market_cap: (value) => formatAmount(value, { prefix: '$' }),
  dominance: (value) => formatPercent(value),
};

const seriesNames: Record<ChartSeries, string> = {
  price: 'XRP price in US dollars',
  market_cap: 'XRP market capitalisation in US dollars',
  dominance: 'XRP share of the total crypto market capitalisation',
};

type Points = [number, number][];

/** The canvas: created once per mount, recoloured when the theme changes, fed when the data does. */
function ChartCanvas({ series, points }: { series: ChartSeries; points: Points }) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<{ api: IChartApi; area: ISeriesApi<'Area'> } | null>(null);
  const { resolvedTheme } = useTheme();

  useEffect(() => {
    if (!container.current) return;
    const api = createChart(container.current, {
      autoSize: true,
      localization: { priceFormatter: formatters[series] },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, timeVisible: true },
      handleScroll: false,
      handleScale: false,
    });
    const area = api.addSeries(AreaSeries, { lineWidth: 2, priceLineVisible: false });
    chart.current = { api, area };
    return () => {
      chart.current = null;
      api.remove();
    };
  }, [series]);

  useEffect(() => {
    if (!chart.current) return;
    const primary = (alpha: number) => themeColor('primary', alpha);
    chart.current.api.applyOptions({
      layout: {
        background: { color: 'transparent' },
        textColor: themeColor('muted-foreground'),
        fontFamily: getComputedStyle(document.body).fontFamily,
      },
      grid: { vertLines: { visible: false }, horzLines: { color: themeColor('border', 0.6) } },
    });
    chart.current.area.applyOptions({
      lineColor: primary(1),
      topColor: primary(0.35),
      bottomColor: primary(0.02),
    });
  }, [resolvedTheme, series]);

  useEffect(() => {
    if (!chart.current) return;
    // One point per time bucket from the server, strictly increasing whole seconds.
    chart.current.area.setData(
      points.map(([time, value]) => ({ time: (time / 1000) as UTCTimestamp, value })),
    );
    chart.current.api.timeScale().fitContent();
  }, [points, series]);

  return (
    <div
      ref={container}
      className="h-72 w-full sm:h-80"
      role="img"
      aria-label={`${seriesNames[series]}, ${points.length} points`}
      data-testid="chart-canvas"
    />
  );
}

/**
 * One of our own charts (SPEC §2 Analytics: Market Cap, Marketcap Dominance, and the price fallback)
 * from stored history, with the range buttons. Loaded lazily: the chart library is only fetched here.
 */
export default function HistoryChart({ series }: { series: ChartSeries }) {
  const [range, setRange] = useState<ChartRange>('30d');
  const history = useQuery(historyQuery(series, range));
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-end gap-1" role="group" aria-label="Chart range">
        {history.data?.since && (
          <p className="mr-auto text-xs text-muted-foreground" data-testid="history-since">
            History since{' '}
            {new Date(history.data.since).toLocaleDateString(undefined, { dateStyle: 'medium' })}
          </p>
        )}
        {RANGES.map((option) => (
          <Button
            key={option.value}
            size="sm"
            variant={option.value === range ? 'default' : 'outline'}
            aria-pressed={option.value === range}
            onClick={() => setRange(option.value)}
          >
            {option.label}
          </Button>
        ))}
      </div>
      {history.isPending ? (
        <div className="flex h-72 items-center justify-center sm:h-80">
          <Spinner />
        </div>
      ) : history.isError ? (
        <div className="flex h-72 flex-col items-center justify-center gap-3 text-sm sm:h-80">
          <p className="text-destructive">Could not load the chart: {history.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void history.refetch()}>
            Try Again
          </Button>
        </div>
      ) : history.data.points.length === 0 ? (
        <div className="flex h-72 flex-col items-center justify-center gap-1 text-center text-sm sm:h-80">
          <p className="font-medium">No chart data for this range yet</p>
          <p className="text-muted-foreground">History fills in as the market data syncs.</p>
        </div>
      ) : (
        <ChartCanvas series={series} points={history.data.points} />
      )}
    </div>
  );
}
