import { describe, expect, it } from 'vitest';
import { allocation, costBasis } from './pnl';

const lot = (xrp: number, cost: number | null) => ({
  amountDrops: BigInt(xrp) * 1_000_000n,
  costUsdPerXrp: cost,
});

describe('unrealised P&L by average cost', () => {
  it('values the lots with a cost at the latest price against what they cost', () => {
    // 1,000 XRP at $0.50 and 500 at $2.00: $1,500 for 1,500 XRP, $1.00 on average.
    const result = costBasis([lot(1000, 0.5), lot(500, 2)], 2.0134)!;
    expect(result.costBasisUsd).toBeCloseTo(1500, 10);
    expect(result.averageCostUsd).toBeCloseTo(1, 10);
    expect(result.valueUsd).toBeCloseTo(3020.1, 10);
    expect(result.unrealisedUsd).toBeCloseTo(1520.1, 10);
    expect(result.unrealisedPercent).toBeCloseTo(101.34, 10);
  });

  it('leaves lots without a cost out of the P&L, and says how much XRP that is', () => {
    const result = costBasis([lot(100, 3), lot(250, null)], 2)!;
    expect(result.coveredDrops).toBe(100_000_000n);
    expect(result.uncoveredDrops).toBe(250_000_000n);
    expect(result.unrealisedUsd).toBeCloseTo(-100, 10);
    expect(result.unrealisedPercent).toBeCloseTo(-33.333333, 5);
  });

  it('states no P&L when no lot has a cost (never a 0 % gain)', () => {
    expect(costBasis([lot(100, null)], 2)).toBeNull();
    expect(costBasis([], 2)).toBeNull();
  });

  it('takes XRP received for free as a 0 cost: all of its value is gain, with no percentage', () => {
    const result = costBasis([lot(10, 0)], 2)!;
    expect(result.unrealisedUsd).toBe(20);
    expect(result.unrealisedPercent).toBeNull();
  });
});

describe('allocation', () => {
  it("gives each part's share of the XRP held", () => {
    expect(
      allocation([
        { key: 'cold', drops: 750_000_000n },
        { key: 'exchange', drops: 250_000_000n },
      ]),
    ).toEqual([
      { key: 'cold', percent: 75 },
      { key: 'exchange', percent: 25 },
    ]);
    expect(allocation([{ key: 'empty', drops: 0n }])).toEqual([]);
  });
});
