import { describe, expect, it } from 'vitest';
import { atOrBefore, onSlots, timeSlots } from './time-grid';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const start = Date.UTC(2026, 10, 18);

describe('time slots: spacing by time, not by count', () => {
  it('gives every bucket one slot: the record where there is one, the bucket start where there is none', () => {
    // Three days of the daily history, then hourly syncs: as a 7D chart on an hourly grid gets them.
    const times = [
      start,
      start + DAY,
      start + 2 * DAY,
      start + 2 * DAY + HOUR + 120_000,
      start + 2 * DAY + 2 * HOUR,
    ];
    const slots = timeSlots(times, HOUR);
    expect(slots).toHaveLength(2 * 24 + 3);
    // A day of daily history is as wide as a day of syncs: 24 slots each.
    expect(slots.indexOf(start + DAY) - slots.indexOf(start)).toBe(24);
    expect(slots).toContain(start + 2 * DAY + HOUR + 120_000);
    expect(slots[1]).toBe(start + HOUR);
    expect(slots.every((slot, index) => index === 0 || slot > slots[index - 1]!)).toBe(true);
  });

  it('gives up the grid (each time its own slot) rather than draw tens of thousands of slots', () => {
    const times = [start, start + 20_000 * HOUR];
    expect(timeSlots(times, HOUR)).toEqual(times);
    expect(timeSlots([], HOUR)).toEqual([]);
  });

  it('moves another series onto the slots, never adding one of its own', () => {
    const slots = timeSlots([start, start + 3 * HOUR], HOUR);
    const volume: [number, number][] = [
      [start + 60_000, 1],
      [start + 2 * HOUR + 5, 2],
      [start + 2 * HOUR + 9, 3],
      [start + 9 * HOUR, 4],
    ];
    expect(onSlots(volume, slots, HOUR)).toEqual([
      [start, 1],
      [start + 2 * HOUR, 3],
    ]);
  });

  it('finds what was known at a moment: the last item at or before it', () => {
    const items = [10, 20, 30];
    expect(atOrBefore(items, 25, (item) => item)).toBe(20);
    expect(atOrBefore(items, 30, (item) => item)).toBe(30);
    expect(atOrBefore(items, 5, (item) => item)).toBeUndefined();
  });
});
