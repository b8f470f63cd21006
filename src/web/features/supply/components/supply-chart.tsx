import { LineSeries, type IChartApi } from 'lightweight-charts';
import { useEffect, useMemo } from 'react';
import { formatAmount, formatDecimal } from '@/domain/format/format';
import { atOrBefore, timeSlots } from '@/domain/market/time-grid';
import type { SupplyHistory } from '@/domain/supply/supply.schema';
import { ChartAttribution } from '@/web/components/chart-attribution';
import {
  atLeastTwoPercent,
  chartTime,
  slotData,
  themeColor,
  useChart,
  useSeriesData,
} from '@/web/components/charts';

const DAY = 86_400_000;

const setupEscrow = (api: IChartApi) =>
  api.addSeries(LineSeries, {
    lineWidth: 2,
    priceLineVisible: false,
    lastValueVisible: false,
    priceFormat: { type: 'custom', formatter: (value: number) => formatAmount(value), minMove: 1 },
    autoscaleInfoProvider: atLeastTwoPercent,
  });

/**
 * The XRP in Ripple's escrow at each day's last reading, as a line; the legend names the day's
 * reading (its ledger), the XRP in existence and the XRP burned that day. Days without a reading,
 * or whose reading named no Ripple account, have no point: the line is not drawn through them.
 * Loaded with its page's history card only (the chart library is heavy).
 */
export default function SupplyChart({ history }: { history: SupplyHistory }) {
  const { container, chart, hovered, theme, dates } = useChart(setupEscrow, { gridMs: DAY });
  const points = useMemo(
    () =>
      history.days.map((day) => ({
        time: Date.parse(day.at),
        day,
      })),
    [history.days],
  );
  useEffect(() => {
    chart?.series.applyOptions({ color: themeColor('primary') });
  }, [chart, theme]);
  const gridData = useMemo(
    () =>
      slotData(
        timeSlots(
          points.map((point) => point.time),
          DAY,
        ),
      ),
    [points],
  );
  const lineData = useMemo(
    () =>
      points.flatMap((point) =>
        point.day.escrowedXrp === null
          ? []
          : [{ time: chartTime(point.time), value: Number(point.day.escrowedXrp) }],
      ),
    [points],
  );
  useSeriesData(chart?.grid, gridData);
  useSeriesData(chart?.series, lineData);
  useEffect(() => chart?.api.timeScale().fitContent(), [chart, gridData]);

  const latest = points.at(-1);
  const shown = (hovered !== null && atOrBefore(points, hovered, (point) => point.time)) || latest;
  const escrowed = latest?.day.escrowedXrp;
  return (
    <div className="flex flex-col gap-1">
      {shown && (
        <p
          className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground"
          data-testid="supply-legend"
        >
          <span className="font-medium text-foreground">{dates.day(shown.day.day)}</span>
          <span>
            In escrow{' '}
            <span className="tabular-nums text-foreground">
              {shown.day.escrowedXrp === null ? '—' : `${formatAmount(shown.day.escrowedXrp)} XRP`}
            </span>
          </span>
          <span>
            In existence{' '}
            <span className="tabular-nums text-foreground">{formatDecimal(shown.day.totalXrp)} XRP</span>
          </span>
          <span>
            Burned{' '}
            <span className="tabular-nums text-foreground">
              {shown.day.burnedXrp === null
                ? '— (no reading the day before)'
                : `${formatDecimal(shown.day.burnedXrp)} XRP`}
            </span>
          </span>
        </p>
      )}
      <div
        ref={container}
        className="h-56 w-full sm:h-64"
        role="img"
        aria-label={`XRP in Ripple’s escrow at each day’s last reading, ${lineData.length} days${
          latest && escrowed ? `; latest ${formatAmount(escrowed)} XRP on ${dates.day(latest.day.day)}` : ''
        }`}
        data-testid="supply-canvas"
      />
      <ChartAttribution />
    </div>
  );
}
