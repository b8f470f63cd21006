import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { weekKey, weekLabel, weekRange, weekSpan, weekStart } from './analysis.schema';

describe('ISO weeks in UTC', () => {
  it('agrees with date-fns on the week of any moment, and the range holds that moment', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1990-01-01T00:00:00Z'),
          max: new Date('2100-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const key = weekKey(date);
          expect(key).toBe(format(new TZDate(date.getTime(), 'UTC'), "RRRR-'W'II"));
          const range = weekRange(key)!;
          expect(range.start.getTime()).toBe(weekStart(date).getTime());
          expect(range.start.getUTCDay()).toBe(1);
          expect(date >= range.start && date < range.end).toBe(true);
        },
      ),
    );
  });

  it('handles the weeks that cross a year', () => {
    expect(weekKey(new Date('2026-12-31T12:00:00Z'))).toBe('2026-W53');
    expect(weekKey(new Date('2027-01-03T23:59:59Z'))).toBe('2026-W53');
    expect(weekKey(new Date('2027-01-04T00:00:00Z'))).toBe('2027-W01');
    expect(weekKey(new Date('2024-12-30T00:00:00Z'))).toBe('2025-W01');
  });

  it('refuses keys that name no week', () => {
    for (const key of ['2025-W53', '2026-W00', '2026-W54', '2026-48', '2026-w48', ' 2026-W48'])
      expect(weekRange(key), key).toBeNull();
  });

  it('labels a week and its days', () => {
    expect(weekLabel('2026-W48')).toBe('Week 48, 2026');
    expect(weekSpan('2026-W48')).toBe('November 23, 2026 – November 29, 2026');
  });
});
