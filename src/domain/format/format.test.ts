import { describe, expect, it } from 'vitest';
import {
  formatCountOf,
  formatDecimal,
  parseAmountInput,
  formatAmount,
  formatEventDate,
  formatExcerpt,
  formatPercent,
  formatPrice,
  formatAge,
  formatRelativeTime,
  formatUsd,
  priceImpactTone,
} from './format';

describe('number, amount and date formats', () => {
  it('shows prices with 4 decimals', () => {
    expect(formatPrice('2.0134')).toBe('$2.0134');
    expect(formatPrice(0.65)).toBe('$0.6500');
    expect(formatPrice(-1.5)).toBe('-$1.5000');
    expect(formatPrice(null)).toBe('—');
    expect(formatPrice('abc')).toBe('—');
  });

  it('shows percentages with 2 decimals, signed on request', () => {
    expect(formatPercent('-1.56308')).toBe('-1.56%');
    expect(formatPercent(3.901095, { signed: true })).toBe('+3.90%');
    expect(formatPercent(0, { signed: true })).toBe('0.00%');
    expect(formatPercent(undefined)).toBe('—');
  });

  it.each([
    [999.99, '999.99'],
    [999.994, '999.99'],
    [1000, '1.0K'],
    [1234.5, '1.2K'],
    [999_999, '1000.0K'],
    [1e6, '1.0M'],
    [3_215_448_903.27, '3.2B'],
    [1e9, '1.0B'],
    [121_111_815_029, '121.1B'],
    [-2_500_000, '-2.5M'],
    [0, '0.00'],
  ])('amount %s → %s', (value, expected) => {
    expect(formatAmount(value)).toBe(expected);
  });

  it('prefixes dollars and keeps missing values missing', () => {
    expect(formatUsd('121111815029')).toBe('$121.1B');
    expect(formatUsd(-1500)).toBe('-$1.5K');
    expect(formatAmount(null)).toBe('—');
  });

  it('writes ages in minutes under an hour where staleness matters, never "Just now"', () => {
    const now = new Date('2026-01-10T12:00:00Z');
    expect(formatAge(new Date('2026-01-10T11:59:30Z'), now)).toBe('under a minute ago');
    expect(formatAge(new Date('2026-01-10T11:56:00Z'), now)).toBe('4 min ago');
    expect(formatAge(new Date('2026-01-10T11:37:00Z'), now)).toBe('23 min ago');
    expect(formatAge(new Date('2026-01-10T11:00:00Z'), now)).toBe('1h ago');
  });

  it('says relative times: Just now, then hours, then days, then a date', () => {
    const now = new Date('2026-01-10T12:00:00Z');
    expect(formatRelativeTime(new Date('2026-01-10T11:01:00Z'), now)).toBe('Just now');
    expect(formatRelativeTime(new Date('2026-01-10T11:00:00Z'), now)).toBe('1h ago');
    expect(formatRelativeTime(new Date('2026-01-09T12:00:01Z'), now)).toBe('23h ago');
    expect(formatRelativeTime(new Date('2026-01-09T12:00:00Z'), now)).toBe('1d ago');
    expect(formatRelativeTime(new Date('2026-01-03T12:00:01Z'), now)).toBe('6d ago');
    expect(formatRelativeTime(new Date('2026-01-03T12:00:00Z'), now)).toMatch(/^Jan 3, \d{1,2}:\d{2} [AP]M$/);
  });

  it("writes event dates as 'MMMM d, yyyy' and reads the sign of a price impact", () => {
    expect(formatEventDate('2025-12-01')).toBe('December 1, 2025');
    expect(priceImpactTone('+12%')).toBe('positive');
    expect(priceImpactTone('-3%')).toBe('negative');
    expect(priceImpactTone('TBD')).toBe('neutral');
    expect(priceImpactTone(null)).toBe('neutral');
  });

  it('cuts a news excerpt at 120 characters with an ellipsis, and leaves shorter text whole', () => {
    expect(formatExcerpt('a'.repeat(120))).toBe('a'.repeat(120));
    expect(formatExcerpt('a'.repeat(121))).toBe(`${'a'.repeat(120)}...`);
    expect(formatExcerpt('  two\n  lines  ')).toBe('two lines');
  });
});

describe('formatCountOf', () => {
  it('writes one thing in the singular and any other count in the plural', () => {
    expect(formatCountOf(1, 'item')).toBe('1 item');
    expect(formatCountOf(0, 'item')).toBe('0 items');
    expect(formatCountOf(1200, 'item')).toBe('1,200 items');
    expect(formatCountOf(2, 'entry', 'entries')).toBe('2 entries');
  });
});

describe('parseAmountInput', () => {
  it('reads an amount as a member types it, with separators or a K, M or B', () => {
    expect(parseAmountInput('30,000,000')).toBe('30000000');
    expect(parseAmountInput('30 000 000')).toBe('30000000');
    expect(parseAmountInput('30M')).toBe('30000000');
    expect(parseAmountInput('2.5m')).toBe('2500000');
    expect(parseAmountInput('500k')).toBe('500000');
    expect(parseAmountInput('1000000')).toBe('1000000');
  });

  it('refuses what is not a positive amount', () => {
    for (const text of ['', 'abc', '0', '-5', '1,0,', '30MM', '1e6'])
      expect(parseAmountInput(text)).toBeNull();
  });
});

describe('formatDecimal', () => {
  it('groups the whole part of an exact amount and keeps every decimal', () => {
    expect(formatDecimal('99912345678.901234')).toBe('99,912,345,678.901234');
    expect(formatDecimal('-1700450000')).toBe('-1,700,450,000');
    expect(formatDecimal('0.000012')).toBe('0.000012');
    expect(formatDecimal('999')).toBe('999');
    expect(formatDecimal('not a number')).toBe('not a number');
  });
});
