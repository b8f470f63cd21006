import { deviceDateFormatter } from './dates';

/**
 * Every number, amount, percent and date format the pages show, in one place. Inputs may be decimal
 * strings (numeric columns), numbers or missing; missing shows as an em dash.
 */
export const MISSING = '—';

function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

/** Price with 4 decimals. */
export function formatPrice(value: number | string | null | undefined): string {
  const number = toNumber(value);
  if (number === null) return MISSING;
  return `${number < 0 ? '-' : ''}$${Math.abs(number).toFixed(4)}`;
}

/** Percentages with 2 decimals; `signed` puts + before a positive change. */
export function formatPercent(
  value: number | string | null | undefined,
  options: { signed?: boolean } = {},
): string {
  const number = toNumber(value);
  if (number === null) return MISSING;
  const sign = options.signed && number > 0 ? '+' : '';
  return `${sign}${number.toFixed(2)}%`;
}

/** ≥ 1e9 → B, ≥ 1e6 → M, ≥ 1e3 → K (1 decimal), otherwise 2 decimals. */
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

/**
 * Dates for code with no reader in view (a server mail, a log line): this process's zone, US format.
 * Pages use the reader's formatter instead (`useDates()`, from `createDateFormatter` in ./dates).
 */
const onDevice = (now?: Date) => deviceDateFormatter(now ? () => now : undefined);

/** News times: 'Just now' under an hour, '{n}h ago' under a day, '{n}d ago' under a week, else a date. */
export function formatRelativeTime(value: Date | string, now: Date = new Date()): string {
  return onDevice(now).relative(value);
}

/** How old a figure is where staleness matters: '4 min ago' under an hour, then as above. */
export function formatAge(value: Date | string, now: Date = new Date()): string {
  return onDevice(now).age(value);
}

/** Event dates: 'MMMM d, yyyy' ("December 12, 2025"); a date-only string is that calendar day. */
export function formatEventDate(value: string): string {
  return onDevice().day(value);
}

/** A moment as its calendar day, 'MMMM d, yyyy' ("November 23, 2026"). */
export function formatLongDate(value: Date | string): string {
  return onDevice().date(value);
}

/** A price impact with a leading '+' is positive, a leading '-' negative. */
export function priceImpactTone(impact: string | null | undefined): 'positive' | 'negative' | 'neutral' {
  const trimmed = impact?.trim() ?? '';
  if (trimmed.startsWith('+')) return 'positive';
  if (trimmed.startsWith('-') || trimmed.startsWith('−')) return 'negative';
  return 'neutral';
}

/** A news card shows the body cut at 120 characters with an ellipsis. */
export const EXCERPT_LENGTH = 120;
export function formatExcerpt(text: string, length = EXCERPT_LENGTH): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > length ? `${clean.slice(0, length).trimEnd()}...` : clean;
}

/** "1 item", "2 items", "0 items": a count with its noun in the right number. */
export function formatCountOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatInteger(count)} ${count === 1 ? singular : plural}`;
}

/** "24,000": a whole number with thousands separators. */
export function formatInteger(value: number): string {
  return value.toLocaleString('en-US');
}

/**
 * An exact decimal string with thousands separators and its decimals as given: "99912345678.9012"
 * → "99,912,345,678.9012". Amounts of XRP are sent as exact strings; a float would round them.
 */
export function formatDecimal(value: string): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(value);
  if (!match) return value;
  const [, sign, whole, fraction = ''] = match;
  return `${sign}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
}

const MULTIPLIERS: Record<string, number> = { '': 1, k: 1e3, m: 1e6, b: 1e9 };

/**
 * An amount as a member types it — "30,000,000", "30 000 000", "30M", "2.5m", "500k" — as a plain
 * decimal string ("30000000"); null when it is not a positive amount.
 */
export function parseAmountInput(text: string): string | null {
  const match = /^(\d+(?:\.\d+)?)\s*([kmb]?)$/i.exec(text.replace(/[,_\s](?=\d)/g, '').trim());
  if (!match) return null;
  const value = Number(match[1]) * MULTIPLIERS[match[2]!.toLowerCase()]!;
  return value > 0 && Number.isFinite(value) ? String(value) : null;
}
