import { describe, expect, it } from 'vitest';
import {
  countLedgers,
  formatRanges,
  mergeRanges,
  missingRanges,
  oldestCompleteLedger,
  takeLedgers,
} from './ledger-ranges';

describe('ledger ranges', () => {
  it('joins overlapping and adjacent ranges, in order', () => {
    expect(
      mergeRanges([
        { first: 20, last: 25 },
        { first: 1, last: 5 },
        { first: 6, last: 8 },
        { first: 22, last: 30 },
      ]),
    ).toEqual([
      { first: 1, last: 8 },
      { first: 20, last: 30 },
    ]);
  });

  it('finds what no range covers within a window: before, between and after', () => {
    const scanned = [
      { first: 105, last: 110 },
      { first: 115, last: 200 },
      { first: 50, last: 60 },
    ];
    expect(missingRanges(scanned, 100, 210)).toEqual([
      { first: 100, last: 104 },
      { first: 111, last: 114 },
      { first: 201, last: 210 },
    ]);
    expect(missingRanges(scanned, 116, 150)).toEqual([]);
    expect(missingRanges([], 7, 9)).toEqual([{ first: 7, last: 9 }]);
    expect(countLedgers(missingRanges(scanned, 100, 210))).toBe(19);
  });

  it('takes a bounded batch from the oldest or the newest end', () => {
    const gaps = [
      { first: 100, last: 104 },
      { first: 111, last: 114 },
      { first: 201, last: 210 },
    ];
    expect(takeLedgers(gaps, 7, 'oldest')).toEqual([
      { first: 100, last: 104 },
      { first: 111, last: 112 },
    ]);
    expect(takeLedgers(gaps, 12, 'newest')).toEqual([
      { first: 113, last: 114 },
      { first: 201, last: 210 },
    ]);
    expect(countLedgers(takeLedgers(gaps, 1_000, 'newest'))).toBe(19);
    expect(formatRanges(takeLedgers(gaps, 6, 'oldest'))).toBe('100–104, 111');
  });

  it('reads how far back a server can answer from its complete_ledgers', () => {
    expect(oldestCompleteLedger('32570-99100124', 99_100_124)).toBe(32_570);
    // A server with a hole answers without one only back to the hole.
    expect(oldestCompleteLedger('1000-2000,2500-3000', 3000)).toBe(2500);
    expect(oldestCompleteLedger('empty', 3000)).toBeNull();
    expect(oldestCompleteLedger('1000-2000', 3000)).toBeNull();
  });
});
