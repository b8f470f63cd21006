import { z } from 'zod';
import { formatEventDate } from '../format/format';

/**
 * ISO 8601 weeks in UTC ("2026-W48": Monday 00:00 UTC to the next Monday), the unit of /analysis.
 * Week 1 is the week with the year's first Thursday.
 */
const DAY = 86_400_000;
const WEEK = 7 * DAY;

/** The Monday 00:00 UTC that starts the week of `date`. */
export function weekStart(date: Date): Date {
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY);
}

function firstWeekStart(isoYear: number): Date {
  return weekStart(new Date(Date.UTC(isoYear, 0, 4)));
}

export function weekKey(date: Date): string {
  const monday = weekStart(date);
  const isoYear = new Date(monday.getTime() + 3 * DAY).getUTCFullYear();
  const week = Math.round((monday.getTime() - firstWeekStart(isoYear).getTime()) / WEEK) + 1;
  return `${isoYear}-W${String(week).padStart(2, '0')}`;
}

/** The week's bounds, or null for a key that names no week (such as "2026-W53"). */
export function weekRange(key: string): { start: Date; end: Date } | null {
  const match = /^(\d{4})-W(\d{2})$/.exec(key);
  if (!match) return null;
  const start = new Date(firstWeekStart(Number(match[1])).getTime() + (Number(match[2]) - 1) * WEEK);
  if (weekKey(start) !== key) return null;
  return { start, end: new Date(start.getTime() + WEEK) };
}

/**
 * Whether a week has a page: it has begun and is not before the week of the first stored price
 * (`firstPriceAt`, null before the first sync: no week has one then).
 */
export function weekIsShown(key: string, firstPriceAt: Date | null, now: Date): boolean {
  const range = weekRange(key);
  return Boolean(range && firstPriceAt && range.start <= now && range.end > weekStart(firstPriceAt));
}

export const weekKeySchema = z
  .string()
  .refine((key) => weekRange(key) !== null, 'Not a week: use the ISO form 2026-W48');

export const ANALYSIS_PAGE_SIZE = 12;

/**
 * Who sees what of a week: the headline figures — price open, close, range and change,
 * Fear & Greed, headlines — are for everyone, as on the dashboard and in the free plan's weekly
 * summaries; the daily closes (charts history) and whale statistics are Premium, so the server sends
 * them to Premium and complimentary members only and marks the week `locked` for everyone else.
 */
const weekBase = {
  week: z.string(),
  start: z.string(),
  end: z.string(),
  /** False for the week in progress. */
  complete: z.boolean(),
  price: z.object({
    open: z.number().nullable(),
    close: z.number().nullable(),
    high: z.number().nullable(),
    low: z.number().nullable(),
    changePercent: z.number().nullable(),
  }),
  fearGreed: z.object({
    average: z.number().nullable(),
    latest: z.object({ value: z.number(), classification: z.string() }).nullable(),
  }),
  /** Null when `locked`. */
  whales: z
    .object({
      count: z.number().int(),
      volumeXrp: z.number(),
      largestXrp: z.number().nullable(),
    })
    .nullable(),
  /** True for a viewer without Premium: the Premium parts are left out, not zeroed. */
  locked: z.boolean(),
};

export const weekSummarySchema = z.object(weekBase).meta({ id: 'AnalysisWeekSummary' });
export type WeekSummary = z.infer<typeof weekSummarySchema>;

export const weekReportSchema = z
  .object({
    ...weekBase,
    /** Null when `locked`. */
    daily: z.array(z.object({ day: z.string(), close: z.number() })).nullable(),
    /** The weeks either side that have data, for the page's links. */
    previous: z.string().nullable(),
    next: z.string().nullable(),
    headlines: z.array(
      z.object({
        title: z.string(),
        url: z.string(),
        source: z.string().nullable(),
        publishedAt: z.string(),
      }),
    ),
  })
  .meta({ id: 'AnalysisWeek' });
export type WeekReport = z.infer<typeof weekReportSchema>;

export const weekListSchema = z
  .object({
    weeks: z.array(weekSummarySchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'AnalysisWeeks' });

/** "Week 48, 2026". */
export function weekLabel(key: string): string {
  const [year, week] = key.split('-W');
  return `Week ${Number(week)}, ${year}`;
}

/** The week's first and last calendar days (UTC), as YYYY-MM-DD. */
export function weekDays(key: string): { first: string; last: string } | null {
  const range = weekRange(key);
  if (!range) return null;
  return {
    first: range.start.toISOString().slice(0, 10),
    last: new Date(range.end.getTime() - DAY).toISOString().slice(0, 10),
  };
}

/** "November 16, 2026 – November 22, 2026", each day written by `day` (the reader's date format). */
export function weekSpan(key: string, day: (value: string) => string = formatEventDate): string {
  const days = weekDays(key);
  return days ? `${day(days.first)} – ${day(days.last)}` : key;
}
