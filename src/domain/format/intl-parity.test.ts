import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { deviceDateFormatter } from './dates';
import { formatEventDate, formatLongDate, formatRelativeTime } from './format';

describe('dates written with Intl match the formats date-fns would write', () => {
  it('agrees with date-fns on every hour of the day across a year, both formats', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    // A step of 23 hours meets every hour of the day, and the days on either side of each clock
    // change, in a third of the moments a step of 7 took (slow enough to time out on a busy machine).
    for (let hours = 0; hours < 366 * 24; hours += 23) {
      const moment = new Date(Date.UTC(2026, 0, 1) + hours * 3_600_000 + 5 * 60_000);
      // Another year than now's: the year is written too.
      expect(formatRelativeTime(moment, now)).toBe(format(moment, 'MMM d, yyyy, h:mm a'));
      expect(deviceDateFormatter(() => moment).dateTime(moment)).toBe(format(moment, 'MMM d, h:mm a'));
      expect(formatLongDate(moment)).toBe(format(moment, 'MMMM d, yyyy'));
    }
    expect(formatEventDate('2026-02-28')).toBe('February 28, 2026');
  });
});
