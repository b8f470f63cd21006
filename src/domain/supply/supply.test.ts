import { describe, expect, it } from 'vitest';
import {
  burnedDrops,
  burnPerDay,
  dayIn,
  monthLabel,
  restDrops,
  unlockCalendar,
  XRP_AT_GENESIS_DROPS,
} from './supply';

const XRP = 1_000_000n;

describe('burnedDrops', () => {
  it('is what total_coins lacks of the 100 billion made at the first ledger', () => {
    expect(XRP_AT_GENESIS_DROPS).toBe(100_000_000_000n * XRP);
    expect(burnedDrops(99_985_123_456_789_012n)).toBe(14_876_543_210_988n);
    expect(burnedDrops(XRP_AT_GENESIS_DROPS)).toBe(0n);
  });
});

describe('unlockCalendar', () => {
  const now = new Date('2027-01-15T00:00:00Z');

  it('groups locked escrows by the month they unlock in the member’s zone, earliest first', () => {
    const calendar = unlockCalendar(
      [
        { amountDrops: 500n * XRP, finishAfter: new Date('2027-03-01T00:00:00Z') },
        // Midnight UTC on 1 February is still January in New York.
        { amountDrops: 200n * XRP, finishAfter: new Date('2027-02-01T00:00:00Z') },
        { amountDrops: 300n * XRP, finishAfter: new Date('2027-02-10T00:00:00Z') },
      ],
      'America/New_York',
      now,
    );
    expect(calendar.months).toEqual([
      { month: '2027-01', drops: 200n * XRP, escrows: 1 },
      { month: '2027-02', drops: 800n * XRP, escrows: 2 },
    ]);
    expect(calendar.releasable).toEqual({ drops: 0n, escrows: 0 });
  });

  it('counts passed unlock dates as releasable now and condition-only escrows as undated', () => {
    const calendar = unlockCalendar(
      [
        { amountDrops: 1_000n * XRP, finishAfter: new Date('2027-01-01T00:00:00Z') },
        { amountDrops: 7n * XRP, finishAfter: now },
        { amountDrops: 9n * XRP, finishAfter: null },
      ],
      'UTC',
      now,
    );
    expect(calendar).toEqual({
      releasable: { drops: 1_007n * XRP, escrows: 2 },
      months: [],
      undated: { drops: 9n * XRP, escrows: 1 },
    });
  });
});

describe('burnPerDay', () => {
  it('is the fall in total_coins from the day before’s last reading; unknown after a gap', () => {
    expect(
      burnPerDay([
        { day: '2027-02-27', totalCoinsDrops: 1_000_000n },
        { day: '2027-02-28', totalCoinsDrops: 999_000n },
        { day: '2027-03-01', totalCoinsDrops: 998_500n },
        { day: '2027-03-03', totalCoinsDrops: 997_000n },
      ]),
    ).toEqual([
      { day: '2027-02-27', burnedDrops: null },
      { day: '2027-02-28', burnedDrops: 1_000n },
      { day: '2027-03-01', burnedDrops: 500n },
      { day: '2027-03-03', burnedDrops: null },
    ]);
  });
});

describe('restDrops', () => {
  it('is the total less Ripple’s escrows and holdings, and unknown without named accounts', () => {
    expect(restDrops({ totalCoinsDrops: 100n, escrowedDrops: 30n, rippleHeldDrops: 5n })).toBe(65n);
    expect(restDrops({ totalCoinsDrops: 100n, escrowedDrops: null, rippleHeldDrops: null })).toBeNull();
  });
});

describe('dayIn and monthLabel', () => {
  it('name the member’s calendar day and month', () => {
    expect(dayIn(new Date('2027-03-01T03:00:00Z'), 'America/New_York')).toBe('2027-02-28');
    expect(dayIn(new Date('2027-03-01T03:00:00Z'), 'Asia/Tokyo')).toBe('2027-03-01');
    expect(monthLabel('2027-01')).toBe('January 2027');
    expect(monthLabel('2040-12')).toBe('December 2040');
  });
});
