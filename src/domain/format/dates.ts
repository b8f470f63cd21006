/**
 * The one place dates and times become text. Every moment is written in the reader's time zone (a
 * member's saved one; a guest's browser zone) and in their date format (US, EU or
 * ISO), with the year whenever it is not the current year there.
 *
 *                 US                      EU                     ISO
 *   dateTime      Jan 3, 4:05 PM          3 Jan, 16:05           2026-01-03 16:05
 *   (other year)  Jan 3, 2025, 4:05 PM    3 Jan 2025, 16:05      2025-01-03 16:05
 *   date          January 3, 2026         3 January 2026         2026-01-03
 *   shortDate     Jan 3 (Jan 3, 2025)     3 Jan (3 Jan 2025)     2026-01-03
 *   time          4:05 PM                 16:05                  16:05
 *
 * Intl rather than date-fns: the formats are fixed, Intl knows every zone, and date-fns stays off
 * every page.
 */
export type DateFormatStyle = 'US' | 'EU' | 'ISO';

export interface DateSettings {
  /** An IANA zone ("Asia/Tokyo", "UTC"). */
  timeZone: string;
  dateFormat: DateFormatStyle;
}

export type Moment = Date | string | number;

const cache = new Map<string, Intl.DateTimeFormat>();

/** The named parts of a moment in a zone, in English (month names as the pages write them). */
function partsIn(date: Date, timeZone: string, hour12: boolean): Record<string, string> {
  const key = `${timeZone}|${hour12}`;
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: hour12 ? 'numeric' : '2-digit',
      minute: '2-digit',
      hourCycle: hour12 ? 'h12' : 'h23',
      weekday: 'short',
      timeZoneName: 'short',
    });
    cache.set(key, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(date)) parts[part.type] = part.value;
  return parts;
}

function toDate(value: Moment): Date {
  return value instanceof Date ? value : new Date(value);
}

/** The months' names in English, January first. */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

interface Local {
  year: string;
  /** 1–12 */
  month: number;
  day: string;
  hour12: string;
  hour24: string;
  minute: string;
  dayPeriod: string;
  zoneName: string;
}

function local(date: Date, timeZone: string): Local {
  const twelve = partsIn(date, timeZone, true);
  const twentyFour = partsIn(date, timeZone, false);
  return {
    year: twelve.year ?? '',
    month: MONTHS.indexOf(twelve.month ?? '') + 1,
    day: twelve.day ?? '',
    hour12: twelve.hour ?? '',
    hour24: twentyFour.hour ?? '',
    minute: twelve.minute ?? '',
    dayPeriod: twelve.dayPeriod ?? '',
    zoneName: twelve.timeZoneName ?? timeZone,
  };
}

const pad = (value: number | string) => String(value).padStart(2, '0');
const monthName = (month: number) => MONTHS[month - 1] ?? '';
const monthShort = (month: number) => monthName(month).slice(0, 3);

/** The browser's (or the process's) own zone; UTC when it cannot be read. */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Whether a zone name is one Intl knows (a saved value from an older list, a typo). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export interface DateFormatter {
  readonly settings: DateSettings;
  /** A moment with its time: 'MMM d, h:mm a' in US, with the year when not this year. */
  dateTime(value: Moment): string;
  /** A moment's calendar day in full: 'MMMM d, yyyy' in US. */
  date(value: Moment): string;
  /** A moment's calendar day, short; the year when not this year. */
  shortDate(value: Moment): string;
  /** A moment's time of day. */
  time(value: Moment): string;
  /** The time alone when the moment is today there, else the date and time ("As of …"). */
  timeOrDateTime(value: Moment): string;
  /** A moment's calendar day in the zone as 'yyyy-mm-dd', whatever the format (a date input's value). */
  isoDay(value: Moment): string;
  /** A calendar day stored as 'yyyy-mm-dd' (an event's date): that day, in no zone. */
  day(value: string): string;
  /** The zone's short name at a moment ("JST", "GMT+9", "UTC"). */
  zoneName(value?: Moment): string;
  /** News cards: 'Just now' under an hour, '{n}h ago' under a day, '{n}d ago' under a week. */
  relative(value: Moment): string;
  /** Where staleness matters: '4 min ago' under an hour, then as `relative`. */
  age(value: Moment): string;
  /** Chart axis labels: the tick's year, month, day or time. */
  tick(value: Moment, unit: 'year' | 'month' | 'day' | 'time'): string;
}

export function createDateFormatter(
  settings: DateSettings,
  clock: () => Date = () => new Date(),
): DateFormatter {
  const timeZone = isKnownTimeZone(settings.timeZone) ? settings.timeZone : 'UTC';
  const { dateFormat } = settings;
  const thisYear = () => local(clock(), timeZone).year;

  const time = (parts: Local) =>
    dateFormat === 'US'
      ? `${parts.hour12}:${parts.minute} ${parts.dayPeriod}`
      : `${parts.hour24}:${parts.minute}`;
  const isoDay = (parts: Local) => `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`;
  const longDay = (parts: Local) =>
    dateFormat === 'ISO'
      ? isoDay(parts)
      : dateFormat === 'EU'
        ? `${parts.day} ${monthName(parts.month)} ${parts.year}`
        : `${monthName(parts.month)} ${parts.day}, ${parts.year}`;
  const shortDay = (parts: Local, withYear: boolean) => {
    if (dateFormat === 'ISO') return isoDay(parts);
    if (dateFormat === 'EU')
      return `${parts.day} ${monthShort(parts.month)}${withYear ? ` ${parts.year}` : ''}`;
    return `${monthShort(parts.month)} ${parts.day}${withYear ? `, ${parts.year}` : ''}`;
  };

  const formatter: DateFormatter = {
    settings: { timeZone, dateFormat },
    dateTime(value) {
      const parts = local(toDate(value), timeZone);
      if (dateFormat === 'ISO') return `${isoDay(parts)} ${time(parts)}`;
      return `${shortDay(parts, parts.year !== thisYear())}, ${time(parts)}`;
    },
    date(value) {
      return longDay(local(toDate(value), timeZone));
    },
    isoDay(value) {
      return isoDay(local(toDate(value), timeZone));
    },
    shortDate(value) {
      const parts = local(toDate(value), timeZone);
      return shortDay(parts, parts.year !== thisYear());
    },
    time(value) {
      return time(local(toDate(value), timeZone));
    },
    timeOrDateTime(value) {
      const parts = local(toDate(value), timeZone);
      const today = local(clock(), timeZone);
      const sameDay = parts.year === today.year && parts.month === today.month && parts.day === today.day;
      return sameDay ? time(parts) : formatter.dateTime(value);
    },
    day(value) {
      const [year, month, day] = value.slice(0, 10).split('-').map(Number);
      if (!year || !month || !day) return value;
      return longDay({
        year: String(year),
        month,
        day: String(day),
        hour12: '',
        hour24: '',
        minute: '',
        dayPeriod: '',
        zoneName: '',
      });
    },
    zoneName(value = clock()) {
      return local(toDate(value), timeZone).zoneName;
    },
    relative(value) {
      const date = toDate(value);
      const minutes = (clock().getTime() - date.getTime()) / 60_000;
      if (minutes < 60) return 'Just now';
      if (minutes < 24 * 60) return `${Math.floor(minutes / 60)}h ago`;
      if (minutes < 7 * 24 * 60) return `${Math.floor(minutes / (24 * 60))}d ago`;
      return formatter.dateTime(date);
    },
    age(value) {
      const date = toDate(value);
      const minutes = Math.floor((clock().getTime() - date.getTime()) / 60_000);
      if (minutes < 1) return 'under a minute ago';
      if (minutes < 60) return `${minutes} min ago`;
      return formatter.relative(date);
    },
    tick(value, unit) {
      const parts = local(toDate(value), timeZone);
      switch (unit) {
        case 'year':
          return parts.year;
        case 'month':
          return dateFormat === 'ISO' ? `${parts.year}-${pad(parts.month)}` : monthShort(parts.month);
        case 'day':
          return dateFormat === 'ISO' ? `${pad(parts.month)}-${pad(parts.day)}` : shortDay(parts, false);
        case 'time':
          return time(parts);
      }
    },
  };
  return formatter;
}

/** The formatter for someone with no saved settings: this device's zone, US dates. */
export function deviceDateFormatter(clock?: () => Date): DateFormatter {
  return createDateFormatter({ timeZone: deviceTimeZone(), dateFormat: 'US' }, clock);
}

/**
 * The moment a calendar day ('yyyy-mm-dd') begins in a time zone, as an ISO instant: where a member's
 * "from 20 November" starts for them. Null for a day that is not one. The zone's offset is read at the
 * UTC midnight of that day, then again at the start it gives, so a day that begins just after a
 * daylight-saving change still starts at its own midnight, and a day whose midnight is skipped starts
 * when the clocks land.
 */
export function startOfDayIn(isoDay: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const midnightUtc = Date.UTC(year, month, day);
  const check = new Date(midnightUtc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month || check.getUTCDate() !== day)
    return null;
  const zone = isKnownTimeZone(timeZone) ? timeZone : 'UTC';
  // How far the zone's wall clock is ahead of UTC at `at`, in milliseconds.
  const offsetAt = (at: number) => {
    const parts = local(new Date(at), zone);
    const wall = Date.UTC(
      Number(parts.year),
      parts.month - 1,
      Number(parts.day),
      Number(parts.hour24) % 24,
      Number(parts.minute),
    );
    return wall - Math.floor(at / 60_000) * 60_000;
  };
  const first = midnightUtc - offsetAt(midnightUtc);
  const second = midnightUtc - offsetAt(first);
  // Where the clocks spring forward at midnight the day has no 00:00: it begins when they land, which
  // the first reading gives; the second would be the evening before.
  const dayOf = (at: number) => Number(local(new Date(at), zone).day);
  return new Date(dayOf(second) === day ? second : first).toISOString();
}
