import { createChart, TickMarkType, type IChartApi, type Time, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { createDateFormatter, type DateFormatter } from '@/domain/format/dates';
import { useDates } from '@/web/app/providers/dates-provider';
import { useTheme } from '@/web/app/providers/theme-provider';
import { themeColor } from '../lib/css-color';

/** Milliseconds as the chart's time: whole seconds (the server's buckets are whole seconds). */
export const chartTime = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;

/** The chart's time back to ms; our data is always UTC timestamps, the other forms for completeness. */
export function timeMs(time: Time): number {
  if (typeof time === 'number') return time * 1000;
  if (typeof time === 'string') return Date.parse(time);
  return Date.UTC(time.year, time.month - 1, time.day);
}

const tickUnits: Record<TickMarkType, 'year' | 'month' | 'day' | 'time'> = {
  [TickMarkType.Year]: 'year',
  [TickMarkType.Month]: 'month',
  [TickMarkType.DayOfMonth]: 'day',
  [TickMarkType.Time]: 'time',
  [TickMarkType.TimeWithSeconds]: 'time',
};

export interface ChartHandle<Series> {
  api: IChartApi;
  series: Series;
}

/**
 * One lightweight-charts canvas: created once per mount with the series `setup` adds (they live as
 * long as the chart, so nothing is ever removed from a chart already destroyed), recoloured when the
 * theme changes, and writing every time on its axes with the reader's formatter (their zone and date
 * format). `calendarDays`: the data are calendar days in UTC (Fear & Greed), so ticks name those days
 * in UTC, wherever the reader is, rather than the evening before in the Americas.
 */
export function useChart<Series>(
  setup: (api: IChartApi) => Series,
  options: { calendarDays?: boolean } = {},
) {
  const container = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ChartHandle<Series> | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const dates = useDates();
  const { resolvedTheme } = useTheme();
  const setupRef = useRef(setup);

  useEffect(() => {
    if (!container.current) return;
    const api = createChart(container.current, {
      autoSize: true,
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false },
      // The library's logo is a link inside the canvas container, which is role="img" (an image may
      // hold nothing interactive): the attribution its licence asks for is a link below each chart.
      layout: { attributionLogo: false },
      // The page scrolls under a finger: the chart does not pan or zoom, the range buttons choose.
      handleScroll: false,
      handleScale: false,
    });
    // The time under the crosshair, or null off the chart: the legend then shows the latest point.
    const onMove = (param: { time?: Time }) =>
      setHovered(param.time === undefined ? null : timeMs(param.time));
    api.subscribeCrosshairMove(onMove);
    setChart({ api, series: setupRef.current(api) });
    return () => {
      api.unsubscribeCrosshairMove(onMove);
      setChart(null);
      api.remove();
    };
  }, []);

  useEffect(() => {
    if (!chart) return;
    const ticks: DateFormatter = options.calendarDays
      ? createDateFormatter({ timeZone: 'UTC', dateFormat: dates.settings.dateFormat })
      : dates;
    chart.api.applyOptions({
      localization: {
        locale: 'en-US',
        timeFormatter: (time: Time) =>
          options.calendarDays
            ? dates.day(new Date(timeMs(time)).toISOString())
            : dates.dateTime(timeMs(time)),
      },
      timeScale: {
        tickMarkFormatter: (time: Time, type: TickMarkType) => ticks.tick(timeMs(time), tickUnits[type]),
      },
    });
  }, [chart, dates, options.calendarDays]);

  useEffect(() => {
    if (!chart) return;
    chart.api.applyOptions({
      layout: {
        background: { color: 'transparent' },
        textColor: themeColor('muted-foreground'),
        fontFamily: getComputedStyle(document.body).fontFamily,
        panes: { separatorColor: themeColor('border'), enableResize: false },
      },
      grid: { vertLines: { visible: false }, horzLines: { color: themeColor('border', 0.6) } },
      crosshair: {
        vertLine: { labelBackgroundColor: themeColor('primary') },
        horzLine: { labelBackgroundColor: themeColor('primary') },
      },
    });
  }, [chart, resolvedTheme]);

  return { container, chart, hovered, theme: resolvedTheme, dates };
}
