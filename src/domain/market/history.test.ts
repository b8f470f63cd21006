import { describe, expect, it } from 'vitest';
import { downsample, mergeMarketChart, type Point } from './history';

describe('downsample', () => {
  it('leaves a short series alone', () => {
    const points: Point[] = [
      [1, 1],
      [2, 2],
    ];
    expect(downsample(points, 500)).toEqual(points);
  });

  it('keeps at most max points, in order, always with the newest', () => {
    const points: Point[] = Array.from({ length: 10_000 }, (_, index) => [index * 1000, index]);
    const result = downsample(points, 500);
    expect(result.length).toBeLessThanOrEqual(500);
    expect(result.length).toBeGreaterThan(450);
    expect(result.at(-1)).toEqual(points.at(-1));
    expect(result.every((point, index) => index === 0 || point[0] > result[index - 1]![0])).toBe(true);
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
