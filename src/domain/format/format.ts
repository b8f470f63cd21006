/**
 * Every number, amount, percent and date format of SPEC §2 and §9, in one place. Inputs may be decimal
 * strings (numeric columns), numbers or missing; missing shows as an em dash.
 */
export const MISSING = '—';

function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

/** SPEC §9: price with 4 decimals. */
export function formatPrice(value: number | string | null | undefined): string {
  const number = toNumber(value);
  if (number === null) return MISSING;
  return `${number < 0 ? '-' : ''}$${Math.abs(number).toFixed(4)}`;
}

/** SPEC §9: percentages with 2 decimals; `signed` puts + before a positive change. */
export function formatPercent(
  value: number | string | null | undefined,
  options: { signed?: boolean } = {},
): string {
  const number = toNumber(value);
  if (number === null) return MISSING;
  const sign = options.signed && number > 0 ? '+' : '';
  return `${sign}${number.toFixed(2)}%`;
}

/** SPEC §9: ≥ 1e9 → B, ≥ 1e6 → M, ≥ 1e3 → K (1 decimal), otherwise 2 decimals. */
export function formatAmount(
  value: number | string | null | undefined,
  options: { prefix?: string } = {},
): string {
  const number = toNumber(value);
  if (number === null) return MISSING;
  const magnitude = Math.abs(number);
  const sign = number < 0 ? '-' : '';
  const prefix = options.prefix ?? '';
  if (magnitude >= 1e9) return `${sign}${prefix}${(magnitude / 1e9).toFixed(1)}B`;
  if (magnitude >= 1e6) return `${sign}${prefix}${(magnitude / 1e6).toFixed(1)}M`;
  if (magnitude >= 1e3) return `${sign}${prefix}${(magnitude / 1e3).toFixed(1)}K`;
  return `${sign}${prefix}${magnitude.toFixed(2)}`;
}

export const formatUsd = (value: number | string | null | undefined) => formatAmount(value, { prefix: '$' });

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The named parts of a moment in the device's time zone, in English as the SPEC writes its formats
 * (Intl rather than date-fns: the formats are fixed and this keeps date-fns off every page).
 */
function dateParts(date: Date, style: 'short' | 'long'): Record<string, string> {
  let formatter = formatters.get(style);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(
      'en-US',
      style === 'short'
        ? { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true }
        : { month: 'long', day: 'numeric', year: 'numeric' },
    );
    formatters.set(style, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(date)) parts[part.type] = part.value;
  return parts;
}

/** 'MMM d, h:mm a' ("Jan 3, 4:05 PM"). */
function shortDateTime(date: Date): string {
  const parts = dateParts(date, 'short');
  return `${parts.month} ${parts.day}, ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
}

/** 'MMMM d, yyyy' ("December 12, 2025"). */
function longDate(date: Date): string {
  const parts = dateParts(date, 'long');
  return `${parts.month} ${parts.day}, ${parts.year}`;
}

/** SPEC §2 news: 'Just now' under an hour, '{n}h ago' under a day, '{n}d ago' under a week, else a short date. */
export function formatRelativeTime(value: Date | string, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const minutes = (now.getTime() - date.getTime()) / 60_000;
  if (minutes < 60) return 'Just now';
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)}h ago`;
  if (minutes < 7 * 24 * 60) return `${Math.floor(minutes / (24 * 60))}d ago`;
  return shortDateTime(date);
}

/**
 * How old a figure is, where staleness matters (metrics, ticker, whales, sync status): minutes under
 * an hour ("4 min ago"), then as `formatRelativeTime`. The SPEC's 'Just now' stays on news cards only:
 * a 23-minute-old sync is not "just now".
 */
export function formatAge(value: Date | string, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < 1) return 'under a minute ago';
  if (minutes < 60) return `${minutes} min ago`;
  return formatRelativeTime(date, now);
}

/** SPEC §9 event dates: 'MMMM d, yyyy' ("December 12, 2025"); a date-only string is that calendar day. */
export function formatEventDate(value: string): string {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  return longDate(new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1));
}

/** A moment as its local calendar day, 'MMMM d, yyyy' ("November 23, 2026"). */
export function formatLongDate(value: Date | string): string {
  return longDate(new Date(value));
}

/** SPEC §2: a price impact with a leading '+' is positive, a leading '-' negative. */
export function priceImpactTone(impact: string | null | undefined): 'positive' | 'negative' | 'neutral' {
  const trimmed = impact?.trim() ?? '';
  if (trimmed.startsWith('+')) return 'positive';
  if (trimmed.startsWith('-') || trimmed.startsWith('−')) return 'negative';
  return 'neutral';
}

/** SPEC §9: a news card shows the body cut at 120 characters with an ellipsis. */
export const EXCERPT_LENGTH = 120;
export function formatExcerpt(text: string, length = EXCERPT_LENGTH): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > length ? `${clean.slice(0, length).trimEnd()}...` : clean;
}
