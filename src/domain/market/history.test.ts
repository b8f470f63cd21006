import { describe, expect, it } from 'vitest';
import {
  bucketCandles,
  bucketPoints,
  bucketSeries,
  dailyReadings,
  mergeMarketChart,
  type Point,
} from './history';

describe('bucketSeries', () => {
  const minute = 60_000;
  const hour = 60 * minute;
  const day = 24 * hour;

  it("keeps one point per bucket: its last record, at that record's own time, in whole seconds", () => {
    // Every sync row: points milliseconds apart, as the history API used to hand to the chart.
    const start = Date.UTC(2026, 10, 20);
    const points: Point[] = [
      [start + 1, 1],
      [start + 2, 2],
      [start + 3 * minute, 3],
      [start + 5 * minute + 7, 4],
      [start + 9 * minute, 5],
    ];
    // Never a value at a moment before it was recorded (the bucket's start).
    expect(bucketSeries(points, '1d')).toEqual([
      [start + 3 * minute, 3],
      [start + 9 * minute, 5],
    ]);
  });

  it('uses minutes for a day, hours up to 90 days, days beyond', () => {
    const start = Date.UTC(2025, 10, 25);
    const points: Point[] = Array.from({ length: 365 * 24 * 12 }, (_, index) => [
      start + index * 5 * minute,
      index,
    ]);
    const sizes = { '1d': 5 * minute, '7d': hour, '30d': hour, '90d': hour, '1y': day, all: day } as const;
    const end = points.at(-1)![0];
    const days = { '1d': 1, '7d': 7, '30d': 30, '90d': 90, '1y': 365, all: Infinity } as const;
    for (const [range, size] of Object.entries(sizes) as [keyof typeof sizes, number][]) {
      // As the service hands them over: the range's records only.
      const result = bucketSeries(
        points.filter((point) => point[0] > end - days[range] * day),
        range,
      );
      const steps = new Set(result.slice(1).map((point, index) => point[0] - result[index]![0]));
      expect([range, [...steps]]).toEqual([range, [size]]);
      expect(result.every((point) => point[0] % 1000 === 0)).toBe(true);
      expect(result.at(-1)![1]).toBe(points.at(-1)![1]);
    }
  });

  it('leaves a gap where no record was stored, and widens buckets by days for a very long All', () => {
    const start = Date.UTC(2026, 0, 1);
    expect(
      bucketSeries(
        [
          [start, 1],
          [start + 3 * day, 2],
        ],
        '1y',
      ),
    ).toEqual([
      [start, 1],
      [start + 3 * day, 2],
    ]);
    const years: Point[] = Array.from({ length: 10 * 365 }, (_, index) => [start + index * day, index]);
    const all = bucketSeries(years, 'all', 2000);
    expect(all.length).toBeLessThanOrEqual(2000);
    expect(all[1]![0] - all[0]![0]).toBe(2 * day);
  });
});

describe('mergeMarketChart', () => {
  it('joins the three series by timestamp and keeps a missing value missing', () => {
    expect(
      mergeMarketChart({
        prices: [
          [2, 1.5],
          [1, 1.4],
        ],
        market_caps: [[1, 100]],
        total_volumes: [[2, 7]],
      }),
    ).toEqual([
      { ts: 1, price: 1.4, marketCap: 100, volume: null },
      { ts: 2, price: 1.5, marketCap: null, volume: 7 },
    ]);
  });
});

describe('bucketCandles', () => {
  const hour = 3_600_000;
  const day = 24 * hour;
  const start = Date.UTC(2026, 10, 20);

  it('makes no candle from no record', () => {
    expect(bucketCandles([], '1d')).toEqual({ bucketMs: hour, bars: [] });
  });

  it('makes a flat candle from a single record: real, and said to be one record', () => {
    expect(bucketCandles([[start + 5 * 60_000, 2.5]], '1d').bars).toEqual([
      { time: start, open: 2.5, high: 2.5, low: 2.5, close: 2.5, records: 1 },
    ]);
  });

  it('opens where the previous candle closed (the first: its first record), closes with the last', () => {
    const points: Point[] = [
      [start, 2],
      [start + 10 * 60_000, 3],
      [start + 20 * 60_000, 1],
      [start + 50 * 60_000, 2.5],
      [start + 3 * hour + 1, 4],
    ];
    expect(bucketCandles(points, '1d')).toEqual({
      bucketMs: hour,
      bars: [
        { time: start, open: 2, high: 3, low: 1, close: 2.5, records: 4 },
        // The hours in between hold no record: a gap, not an invented candle.
        // One record: the move from the previous close to it, not a flat dash.
        { time: start + 3 * hour, open: 2.5, high: 4, low: 2.5, close: 4, records: 1 },
      ],
    });
  });

  it('orders unordered records by time first, so open and close are the first and last in time', () => {
    const points: Point[] = [
      [start + 2 * day + 5, 7],
      [start + 3 * hour, 9],
      [start + 1, 5],
      [start + 2 * day, 6],
    ];
    const { bars } = bucketCandles(points, '30d');
    expect(bars).toEqual([
      { time: start, open: 5, high: 9, low: 5, close: 9, records: 2 },
      { time: start + 2 * day, open: 9, high: 9, low: 6, close: 7, records: 2 },
    ]);
    expect(bars.every((bar, index) => index === 0 || bar.time > bars[index - 1]!.time)).toBe(true);
  });

  it('uses hours for a day, 4 hours for a week, days beyond, and widens a very long All by days', () => {
    const sizes = { '1d': hour, '7d': 4 * hour, '30d': day, '90d': day, '1y': day, all: day } as const;
    for (const [range, size] of Object.entries(sizes) as [keyof typeof sizes, number][])
      expect(bucketCandles([[start, 1]], range).bucketMs, range).toBe(size);
    const years: Point[] = Array.from({ length: 10 * 365 }, (_, index) => [start + index * day, index]);
    const all = bucketCandles(years, 'all', 2000);
    expect(all.bars.length).toBeLessThanOrEqual(2000);
    expect(all.bucketMs).toBe(2 * day);
    // Every record is in exactly one candle; none is lost to the widening.
    expect(all.bars.reduce((sum, bar) => sum + bar.records, 0)).toBe(years.length);
  });
});

describe('bucketPoints', () => {
  it('keeps the last value of each bucket at its start (volume aligned with the candles)', () => {
    const hour = 3_600_000;
    expect(
      bucketPoints(
        [
          [0, 1],
          [5 * 60_000, 2],
          [hour + 1, 3],
        ],
        hour,
      ),
    ).toEqual([
      [0, 2],
      [hour, 3],
    ]);
  });
});

describe('dailyReadings', () => {
  const day = 86_400_000;
  const start = Date.UTC(2025, 11, 10);

  it('is empty without readings', () => {
    expect(dailyReadings([])).toEqual([]);
  });

  it('keeps one reading per UTC day, the later one, in increasing order', () => {
    expect(
      dailyReadings([
        { time: start + 2 * day, value: 38, classification: 'Fear' },
        { time: start, value: 22, classification: 'Extreme Fear' },
        { time: start + day, value: 29, classification: 'Fear' },
        { time: start + day + 3_600_000, value: 30, classification: 'Fear' },
      ]),
    ).toEqual([
      { day: '2025-12-10', value: 22, classification: 'Extreme Fear' },
      { day: '2025-12-11', value: 30, classification: 'Fear' },
      { day: '2025-12-12', value: 38, classification: 'Fear' },
    ]);
  });
});
