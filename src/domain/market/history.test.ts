import { describe, expect, it } from 'vitest';
import { bucketSeries, mergeMarketChart, type Point } from './history';

describe('bucketSeries', () => {
  const minute = 60_000;
  const hour = 60 * minute;
  const day = 24 * hour;

  it('keeps one point per bucket, its last value, at the bucket start, strictly increasing in whole seconds', () => {
    // Every sync row: points milliseconds apart, as the history API used to hand to the chart.
    const start = Date.UTC(2026, 10, 20);
    const points: Point[] = [
      [start + 1, 1],
      [start + 2, 2],
      [start + 3 * minute, 3],
      [start + 5 * minute + 7, 4],
      [start + 9 * minute, 5],
    ];
    expect(bucketSeries(points, '1d')).toEqual([
      [start, 3],
      [start + 5 * minute, 5],
    ]);
  });

  it('uses minutes for a day, hours for a week and a month, days beyond', () => {
    const start = Date.UTC(2025, 10, 25);
    const points: Point[] = Array.from({ length: 365 * 24 * 12 }, (_, index) => [
      start + index * 5 * minute,
      index,
    ]);
    const sizes = { '1d': 5 * minute, '7d': hour, '30d': 4 * hour, '90d': day, '1y': day, all: day } as const;
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
