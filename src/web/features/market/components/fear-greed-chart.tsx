import { useQuery } from '@tanstack/react-query';
import { HistogramSeries, LineStyle, type IChartApi, type IPriceLine } from 'lightweight-charts';
import { useEffect, useMemo, useState } from 'react';
import { fearGreedClassificationSchema, type FearGreedClassification } from '@/domain/market/fear-greed';
import type { FearGreedRange } from '@/domain/market/history';
import { fearGreedTone } from '@/domain/market/metrics';
import { cn } from '@/web/lib/cn';
import { fearGreedHistoryQuery } from '../api/market';
import { ChartState, HistorySince, Legend, LegendItem, RangeButtons, RANGE_LABELS } from './chart-controls';
import { palette, toneText } from '../lib/palette';
import { atOrBefore, timeSlots } from '@/domain/market/time-grid';
import { chartTime, slotData, themeColor, useChart, useSeriesData } from '@/web/components/charts';

const RANGES = ['7d', '30d', '90d', '1y', 'all'] as const;

const DAY = 86_400_000;

type Reading = { day: string; value: number; classification: FearGreedClassification };
type Zone = { classification: FearGreedClassification; from: number; to: number };

/**
 * The zones as alternative.me labelled the readings in view: each label seen, from the lowest to the
 * highest value it was given, in the index's order. The labels are the source's truth (its bands
 * have moved over the years), so no band of our own is drawn over them.
 */
function zonesIn(points: readonly Reading[]): Zone[] {
  const seen = new Map<FearGreedClassification, Zone>();
  for (const { classification, value } of points) {
    const zone = seen.get(classification);
    if (!zone) seen.set(classification, { classification, from: value, to: value });
    else {
      zone.from = Math.min(zone.from, value);
      zone.to = Math.max(zone.to, value);
    }
  }
  return fearGreedClassificationSchema.options.flatMap((label) => seen.get(label) ?? []);
}

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

  const zones = useMemo(() => zonesIn(points), [points]);
  // A UTC calendar day per reading, on a slot per day: a day with no reading stays a gap.
  const days = useMemo(() => points.map((point) => Date.parse(point.day)), [points]);
  const gridData = useMemo(() => slotData(timeSlots(days, DAY)), [days]);
  // Each bar in the colour of the label alternative.me gave it, as the legend names it.
  const barData = useMemo(() => {
    const colors = palette[theme];
    return points.map((point) => ({
      time: chartTime(Date.parse(point.day)),
      value: point.value,
      color: colors[fearGreedTone[point.classification]],
    }));
  }, [points, theme]);
  useSeriesData(chart?.grid, gridData);
  useSeriesData(chart?.series.bars, barData);
  useEffect(() => chart?.api.timeScale().fitContent(), [chart, gridData]);

  useEffect(() => {
    if (!chart) return;
    // A dashed line where each zone above the lowest in view begins: its lowest value so labelled.
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
  }, [chart, zones, theme]);

  const shown =
    (hovered !== null && atOrBefore(points, hovered, (point) => Date.parse(point.day))) || points.at(-1);
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
      <div className="flex flex-col gap-1 text-xs">
        <ul className="flex flex-wrap gap-x-3 gap-y-1" aria-label="Zones">
          {zones.map((zone) => (
            <li key={zone.classification} className="flex items-center gap-1.5">
              <span
                className="size-2.5 rounded-sm"
                style={{ backgroundColor: palette[theme][fearGreedTone[zone.classification]] }}
                aria-hidden="true"
              />
              <span className={toneText[fearGreedTone[zone.classification]]}>{zone.classification}</span>
              <span className="text-muted-foreground">
                {zone.from === zone.to ? zone.from : `${zone.from}–${zone.to}`}
              </span>
            </li>
          ))}
        </ul>
        <p className="text-muted-foreground" data-testid="zones-note">
          Ranges as labelled by alternative.me in the readings shown.
        </p>
      </div>
    </div>
  );
}

/**
 * The Fear & Greed tab: alternative.me's daily index over a range, each day's bar in the colour of
 * its label, with where each label's values begin and a legend naming the day (a UTC calendar day:
 * the index's own).
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
            range={history.data.range}
            isFetching={history.isPlaceholderData}
          />
        )}
      </ChartState>
    </div>
  );
}
