import {
  createChart,
  LineSeries,
  TickMarkType,
  type IChartApi,
  type ISeriesApi,
  type SeriesDataItemTypeMap,
  type SeriesType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { createDateFormatter, type DateFormatter } from '@/domain/format/dates';
import { useDates, useTheme } from '@/web/lib/preferences';
import { themeColor } from './css-color';

/** Milliseconds as the chart's time: whole seconds (the server's buckets are whole seconds). */
export const chartTime = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;

/** The chart's time back to ms; our data is always UTC timestamps, the other forms for completeness. */
export function timeMs(time: Time): number {
  if (typeof time === 'number') return time * 1000;
  if (typeof time === 'string') return Date.parse(time);
  return Date.UTC(time.year, time.month - 1, time.day);
}

const DAY_MS = 86_400_000;

/** Pixels between two slots at the closest: the most a chart draws (MAX_BUCKETS) fits in 22 px. */
const MIN_BAR_SPACING = 0.01;

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
  /** Hidden: whitespace at every slot of `timeSlots`, the time scale's grid under every series. */
  grid: ISeriesApi<'Line'>;
}

/**
 * One lightweight-charts canvas: created once per mount with the series `setup` adds (they live as
 * long as the chart, so nothing is ever removed from a chart already destroyed), recoloured when the
 * theme changes, and writing every time on its axes with the reader's formatter (their zone and date
 * format). `calendarDays`: the data are calendar days in UTC (Fear & Greed), so ticks name those days
 * in UTC, wherever the reader is, rather than the evening before in the Americas. `gridMs`: the
 * width of the data's time slots (see `timeSlots`); a clock-time tick on a slot of an hours grid
 * names the start of its bucket ("1:00 PM", not the "12:58 PM" of the record in it).
 */
export function useChart<Series>(
  setup: (api: IChartApi) => Series,
  options: { calendarDays?: boolean; gridMs?: number } = {},
) {
  const container = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ChartHandle<Series> | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const dates = useDates();
  const { resolvedTheme } = useTheme();
  const setupRef = useRef(setup);
  const { gridMs } = options;

  useEffect(() => {
    if (!container.current) return;
    const api = createChart(container.current, {
      autoSize: true,
      rightPriceScale: { borderVisible: false },
      // A range is fitted whole (fitContent), but never closer than minBarSpacing: at the library's
      // 0.5 px, the 2,160 hours of 90D (and the 720 of 30D) kept only their last three weeks on a phone.
      timeScale: {
        borderVisible: false,
        timeVisible: true,
        secondsVisible: false,
        minBarSpacing: MIN_BAR_SPACING,
      },
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
    // On a scale of its own: the first series on a price scale lends the scale its price format.
    const grid = api.addSeries(LineSeries, {
      priceScaleId: 'time-grid',
      visible: false,
      lastValueVisible: false,
      priceLineVisible: false,
      crosshairMarkerVisible: false,
    });
    setChart({ api, series: setupRef.current(api), grid });
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
        tickMarkFormatter: (time: Time, type: TickMarkType) => {
          const unit = tickUnits[type];
          // Only a clock time on a grid finer than a day moves to its bucket's start: a day's bucket
          // starts at midnight UTC, which is no time of any record in it.
          const isOnGrid = unit === 'time' && gridMs !== undefined && gridMs < DAY_MS;
          const ms = isOnGrid ? Math.floor(timeMs(time) / gridMs) * gridMs : timeMs(time);
          return ticks.tick(ms, unit);
        },
      },
    });
  }, [chart, dates, options.calendarDays, gridMs]);

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

/**
 * Writes a series' data when that data changes, and only then: each series of a chart gets its own
 * call, in the order the time scale must learn of them (the grid first). Re-setting a series with
 * the same data is what broke range switching: lightweight-charts 5.2 (DataLayer.setSeriesData),
 * re-set with the same times while that series is the only one holding data, keeps a stale list of
 * time points, and the next change then drops live points and leaves rows unindexed ("Value is
 * null" on the next paint). The grid series also keeps every chart off that one-series path.
 */
export function useSeriesData<Type extends SeriesType>(
  series: ISeriesApi<Type> | undefined,
  data: SeriesDataItemTypeMap[Type][],
) {
  useEffect(() => {
    series?.setData(data);
  }, [series, data]);
}

/** The grid's whitespace, one item per slot (see `timeSlots`), for `useSeriesData`. */
export const slotData = (slots: readonly number[]) => slots.map((time) => ({ time: chartTime(time) }));
