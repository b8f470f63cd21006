import { useQuery } from '@tanstack/react-query';
import { HistogramSeries, LineStyle, type IChartApi, type IPriceLine } from 'lightweight-charts';
import { useEffect, useMemo, useState } from 'react';
import { classifyFearGreed, type FearGreedClassification } from '@/domain/market/fear-greed';
import type { FearGreedRange } from '@/domain/market/history';
import { fearGreedTone } from '@/domain/market/metrics';
import { cn } from '@/web/lib/cn';
import { fearGreedHistoryQuery } from '../api/market';
import { themeColor } from '../lib/css-color';
import { ChartState, HistorySince, Legend, LegendItem, RangeButtons, RANGE_LABELS } from './chart-controls';
import { palette, toneText } from '../lib/palette';
import { chartTime, useChart } from './use-chart';

const RANGES = ['7d', '30d', '90d', '1y', 'all'] as const;

/** The zones as the project classifies readings (domain/market/fear-greed.ts), read off it, not restated. */
const zones = (() => {
  const found: { classification: FearGreedClassification; from: number; to: number }[] = [];
  for (let value = 0; value <= 100; value += 1) {
    const classification = classifyFearGreed(value);
    const last = found.at(-1);
    if (last?.classification === classification) last.to = value;
    else found.push({ classification, from: value, to: value });
  }
  return found;
})();

const setupFearGreed = (api: IChartApi) => {
  const bars = api.addSeries(HistogramSeries, {
    priceLineVisible: false,
    lastValueVisible: false,
    priceFormat: { type: 'price', precision: 0, minMove: 1 },
    // The index is 0–100 whatever the range holds, so zones sit at the same height on every range.
    autoscaleInfoProvider: () => ({ priceRange: { minValue: 0, maxValue: 100 } }),
  });
  // No headroom above 100 (there is nothing above it to make room for).
  bars.priceScale().applyOptions({ scaleMargins: { top: 0.05, bottom: 0.02 } });
  return { bars, lines: [] as IPriceLine[] };
};

type Reading = { day: string; value: number; classification: FearGreedClassification };

function FearGreedCanvas({
  points,
  range,
  isFetching,
}: {
  points: Reading[];
  range: FearGreedRange;
  isFetching: boolean;
}) {
  const { container, chart, hovered, theme, dates } = useChart(setupFearGreed, { calendarDays: true });

  useEffect(() => {
    if (!chart) return;
    const colors = palette[theme];
    chart.series.bars.setData(
      points.map((point) => ({
        time: chartTime(Date.parse(point.day)),
        value: point.value,
        color: colors[fearGreedTone[point.classification]],
      })),
    );
    // A dashed line where each zone above Extreme Fear begins.
    for (const line of chart.series.lines.splice(0)) chart.series.bars.removePriceLine(line);
    for (const zone of zones.slice(1))
      chart.series.lines.push(
        chart.series.bars.createPriceLine({
          price: zone.from,
          color: themeColor('muted-foreground', 0.6),
          lineWidth: 1,
          lineStyle: LineStyle.Dashed,
          axisLabelVisible: true,
          title: '',
        }),
      );
    chart.api.timeScale().fitContent();
  }, [chart, points, theme]);

  const byDay = useMemo(() => new Map(points.map((point) => [Date.parse(point.day), point])), [points]);
  const shown = (hovered !== null ? byDay.get(hovered) : undefined) ?? points.at(-1);
  const latest = points.at(-1);

  return (
    <div className={cn('flex flex-col gap-1 transition-opacity', isFetching && 'opacity-60')}>
      <Legend>
        {shown && (
          <>
            <span className="font-medium" data-testid="legend-time">
              {dates.day(shown.day)}
            </span>
            <LegendItem label="Index" value={String(shown.value)} />
            <span className={cn('font-medium', toneText[fearGreedTone[shown.classification]])}>
              {shown.classification}
            </span>
          </>
        )}
      </Legend>
      <div
        ref={container}
        className="h-72 w-full sm:h-80"
        role="img"
        aria-label={`Crypto Fear and Greed index, one reading a day, ${points.length} days over ${RANGE_LABELS[range]}${
          latest ? `; latest ${latest.value} (${latest.classification}) on ${dates.day(latest.day)}` : ''
        }`}
        aria-busy={isFetching}
        data-testid="chart-canvas"
      />
      <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs" aria-label="Zones">
        {zones.map((zone) => (
          <li key={zone.classification} className="flex items-center gap-1.5">
            <span
              className="size-2.5 rounded-sm"
              style={{ backgroundColor: palette[theme][fearGreedTone[zone.classification]] }}
              aria-hidden="true"
            />
            <span className={toneText[fearGreedTone[zone.classification]]}>{zone.classification}</span>
            <span className="text-muted-foreground">
              {zone.from}–{zone.to}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The Fear & Greed tab: alternative.me's daily index over a range, each day's bar in its zone's
 * colour, with the zone boundaries and a legend naming the day (a UTC calendar day: the index's own).
 */
export default function FearGreedChart() {
  const [range, setRange] = useState<FearGreedRange>('1y');
  const history = useQuery(fearGreedHistoryQuery(range));
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <HistorySince since={history.data?.since} isCalendarDay />
        <div className="ml-auto">
          <RangeButtons ranges={RANGES} value={range} onChange={setRange} />
        </div>
      </div>
      <ChartState query={history} isEmpty={!history.data?.points.length}>
        {history.data && (
          <FearGreedCanvas
            points={history.data.points}
            range={range}
            isFetching={history.isPlaceholderData}
          />
        )}
      </ChartState>
    </div>
  );
}
