import type { Point } from './history';

/** A decade of days, or a month of 5 minutes: more slots than that and the grid is left out. */
const MAX_SLOTS = 10_000;

/**
 * The chart's time slots for data on a bucket grid of `width` ms: one slot per bucket from the first
 * time to the last, at the given time where a bucket holds one and at the bucket's start where it
 * holds none. The library spaces by slot, not by time, so this is what makes a day of hourly syncs
 * and a day of the daily history equally wide. Times must be increasing, at most one per bucket.
 */
export function timeSlots(times: readonly number[], width: number): number[] {
  const first = times[0];
  const last = times.at(-1);
  if (first === undefined || last === undefined || width <= 0) return [];
  const from = Math.floor(first / width);
  const to = Math.floor(last / width);
  if (to - from + 1 > MAX_SLOTS) return [...times];
  const held = new Map(times.map((time) => [Math.floor(time / width), time]));
  const slots: number[] = [];
  for (let bucket = from; bucket <= to; bucket += 1) slots.push(held.get(bucket) ?? bucket * width);
  return slots;
}

/**
 * Points of another series moved onto `slots` (made by `timeSlots` with the same `width`): each to
 * its bucket's slot, the bucket's last one winning; points outside the slots are left out, so no
 * series ever adds a slot of its own.
 */
export function onSlots(points: readonly Point[], slots: readonly number[], width: number): Point[] {
  const slotOf = new Map(slots.map((slot) => [Math.floor(slot / width), slot]));
  const moved = new Map<number, number>();
  for (const [time, value] of points) {
    const slot = slotOf.get(Math.floor(time / width));
    if (slot !== undefined) moved.set(slot, value);
  }
  return [...moved.entries()].sort((a, b) => a[0] - b[0]);
}

/** The last item at or before `time` (items in increasing time): what was known then. */
export function atOrBefore<Item>(items: readonly Item[], time: number, timeOf: (item: Item) => number) {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (timeOf(items[middle]!) <= time) low = middle + 1;
    else high = middle;
  }
  return low === 0 ? undefined : items[low - 1];
}
