import { describe, expect, it } from 'vitest';
import { backfillWindow } from './backfill.schema';
import { LEDGERS_PER_DAY } from './ledger-ranges';

describe('backfill window', () => {
  it('counts a backfill window back from the validated ledger, 24,000 ledgers a day', () => {
    expect(backfillWindow(1, 99_100_124)).toEqual({ from: 99_100_124 - LEDGERS_PER_DAY + 1, to: 99_100_124 });
    expect(backfillWindow(30, 1000)).toEqual({ from: 1, to: 1000 });
  });
});
