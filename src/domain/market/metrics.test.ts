import { describe, expect, it } from 'vitest';
import { classifyFearGreed } from './fear-greed';
import { valueAt, velocity, xrpDominance } from './metrics';

describe('market rules', () => {
  it("takes XRP's dominance from the top-10 map, else computes it from market caps", () => {
    expect(xrpDominance({ mapPercent: 3.9, marketCap: 1, totalMarketCap: 2 })).toBe(3.9);
    expect(xrpDominance({ mapPercent: undefined, marketCap: 121e9, totalMarketCap: 3104.5e9 })).toBeCloseTo(
      3.8975,
      3,
    );
    expect(xrpDominance({ mapPercent: null, marketCap: null, totalMarketCap: 3e12 })).toBeNull();
    expect(xrpDominance({ mapPercent: undefined, marketCap: 1e9, totalMarketCap: 0 })).toBeNull();
  });

  it('computes velocity as volume over market cap, null when either is missing', () => {
    expect(velocity(3.2e9, 121e9)).toBeCloseTo(0.02645, 4);
    expect(velocity(null, 121e9)).toBeNull();
    expect(velocity(3.2e9, 0)).toBeNull();
  });

  it('classifies fear and greed by the upstream bands', () => {
    expect([0, 24, 25, 44, 45, 55, 56, 74, 75, 100].map(classifyFearGreed)).toEqual([
      'Extreme Fear',
      'Extreme Fear',
      'Fear',
      'Fear',
      'Neutral',
      'Neutral',
      'Greed',
      'Greed',
      'Extreme Greed',
      'Extreme Greed',
    ]);
  });
});

describe('dashboard rules', () => {
  it('computes percent change and refuses missing or zero baselines', async () => {
    const { changePercent } = await import('./metrics');
    expect(changePercent(110, 100)).toBeCloseTo(10);
    expect(changePercent('90', '100')).toBeCloseTo(-10);
    expect(changePercent(1, 0)).toBeNull();
    expect(changePercent(null, 1)).toBeNull();
  });

  it('marks a figure stale after twice its sync period', async () => {
    const { isStale } = await import('./metrics');
    const now = new Date('2026-01-01T12:00:00Z');
    expect(isStale('2026-01-01T11:50:00Z', 5, now)).toBe(false);
    expect(isStale('2026-01-01T11:49:59Z', 5, now)).toBe(true);
  });
});

describe('valueAt: the figure 24 hours back', () => {
  const hour = 3_600_000;
  const day = 24 * hour;
  const target = 10 * day;

  it('takes the record at or just before the time', () => {
    expect(
      valueAt(
        [
          [target - 30 * 60_000, 5],
          [target + hour, 9],
        ],
        target,
      ),
    ).toEqual({
      value: 5,
      at: target - 30 * 60_000,
      basis: 'record',
    });
  });

  it('reads between the daily history points on either side when no record is that close', () => {
    expect(
      valueAt(
        [
          [target - 6 * hour, 100],
          [target + 18 * hour, 200],
        ],
        target,
      ),
    ).toEqual({
      value: 125,
      at: target,
      basis: 'interpolated',
    });
  });

  it('is missing rather than a figure from another time', () => {
    // Only a record from minutes ago (the old rule compared with the previous sync).
    expect(valueAt([[target + day - 5 * 60_000, 7]], target)).toBeNull();
    // Only an old record, long before the time.
    expect(valueAt([[target - 5 * day, 7]], target)).toBeNull();
    // Records on either side, but too far apart to read between.
    expect(
      valueAt(
        [
          [target - 2 * day, 1],
          [target + 2 * day, 2],
        ],
        target,
      ),
    ).toBeNull();
    expect(valueAt([], target)).toBeNull();
  });
});
