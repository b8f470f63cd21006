import { describe, expect, it } from 'vitest';
import { balanceAt, change24h, holdingsAt, valueSeries, type AccountHistory } from './value-series';

const XRP = 1_000_000n;

/** The fixture account: 492.318421 XRP, +300 on Dec 10, −50.000012 on Dec 11 (account_tx). */
const account: AccountHistory = {
  knownFrom: '2025-12-01T00:00:00Z',
  points: [
    { at: '2025-12-01T00:00:00Z', drops: 492_318_421n },
    { at: '2025-12-10T16:00:03Z', drops: 792_318_421n },
    { at: '2025-12-11T16:00:03Z', drops: 742_318_409n },
  ],
};

describe("a watched account's balance over time", () => {
  it('is the balance after the last transaction at or before the time', () => {
    expect(balanceAt(account, '2025-12-10T16:00:02Z')).toBe(492_318_421n);
    expect(balanceAt(account, '2025-12-10T16:00:03Z')).toBe(792_318_421n);
    expect(balanceAt(account, '2025-12-12T00:00:00Z')).toBe(742_318_409n);
  });

  it('is unknown before the history is complete, never 0, and left out of what is counted then', () => {
    expect(balanceAt(account, '2025-11-30T23:59:59Z')).toBeNull();
    expect(
      holdingsAt([account], [{ drops: 5n * XRP, from: '2025-01-01T00:00:00Z' }], '2025-11-30T00:00:00Z'),
    ).toBe(5n * XRP);
  });
});

describe("the portfolio's value over time", () => {
  const lots = [{ drops: 1000n * XRP, from: '2025-12-11T00:00:00Z' }];
  const prices = [
    { at: '2025-11-30T00:00:00Z', priceUsd: 2.2 },
    { at: '2025-12-10T00:00:00Z', priceUsd: 2.1 },
    { at: '2025-12-11T12:00:00Z', priceUsd: 2.0 },
    { at: '2025-12-12T12:00:00Z', priceUsd: 2.5 },
  ];

  it('multiplies each stored price by what was held then, an account counted from when it is known', () => {
    const series = valueSeries(prices, [{ ...account, label: 'Cold wallet' }], lots);
    expect(series.points.map((point) => [point.at, point.drops])).toEqual([
      // The history does not reach Nov 30: the account is not counted then, nor guessed.
      ['2025-11-30T00:00:00Z', 0n],
      ['2025-12-10T00:00:00Z', 492_318_421n],
      ['2025-12-11T12:00:00Z', 792_318_421n + 1000n * XRP],
      ['2025-12-12T12:00:00Z', 742_318_409n + 1000n * XRP],
    ]);
    expect(series.points[1]!.valueUsd).toBeCloseTo(492.318421 * 2.1, 9);
    expect(series.points[3]!.valueUsd).toBeCloseTo(1742.318409 * 2.5, 9);
    expect(series.startsAt).toBe('2025-11-30T00:00:00Z');
    expect(series.note).toBe(
      'Cold wallet counts since you added it: the ledger history did not reach further back',
    );
  });

  it('has no note when every point is known', () => {
    expect(valueSeries(prices.slice(1), [account], lots).note).toBeNull();
  });

  it('gives the 24-hour change from the holdings and the price a day before', () => {
    const series = valueSeries(prices, [account], lots);
    const change = change24h(series, '2025-12-12T12:00:00Z')!;
    const before = 1792.318421 * 2.0;
    const now = 1742.318409 * 2.5;
    expect(change.usd).toBeCloseTo(now - before, 9);
    expect(change.percent).toBeCloseTo(((now - before) / before) * 100, 9);
    // No point a day before the latest: no change to state.
    expect(change24h(valueSeries(prices.slice(3), [account], lots), '2025-12-12T12:00:00Z')).toBeNull();
  });
});
