import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addBillingMonth, grantsPremium, paidThrough, planAfterBilling, scheduledEnd } from './billing';
import { formatPlanPrice } from './price';

describe('planAfterBilling', () => {
  it('premium while any subscription is active, trialing or past due; free otherwise', () => {
    expect(planAfterBilling('free', [{ status: 'active' }])).toBe('premium');
    expect(planAfterBilling('free', [{ status: 'trialing' }])).toBe('premium');
    expect(planAfterBilling('premium', [{ status: 'past_due' }])).toBe('premium');
    expect(planAfterBilling('premium', [{ status: 'canceled' }])).toBe('free');
    expect(planAfterBilling('premium', [{ status: 'unpaid' }])).toBe('free');
    expect(planAfterBilling('premium', [{ status: 'incomplete_expired' }, { status: 'active' }])).toBe(
      'premium',
    );
    expect(planAfterBilling('premium', [])).toBe('free');
  });

  it('never changes complimentary access, whatever billing says', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ status: fc.string() })),
        (subscriptions) => planAfterBilling('complimentary', subscriptions) === 'complimentary',
      ),
    );
  });

  it('an incomplete first payment does not grant premium', () => {
    expect(grantsPremium('incomplete')).toBe(false);
    expect(planAfterBilling('free', [{ status: 'incomplete' }])).toBe('free');
  });
});

describe('subscription dates', () => {
  const periodEnd = new Date('2026-12-22T10:00:00Z');
  it('renewing: no scheduled end, paid through the period end (the next billing date)', () => {
    const renewing = {
      status: 'active',
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: false,
      cancelAt: null,
    };
    expect(scheduledEnd(renewing)).toBeNull();
    expect(paidThrough(renewing)).toEqual(periodEnd);
  });
  it('cancelled at period end: ends then; a cancel_at date wins', () => {
    const cancelling = {
      status: 'active',
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: true,
      cancelAt: null,
    };
    expect(scheduledEnd(cancelling)).toEqual(periodEnd);
    const cancelAt = new Date('2026-12-01T00:00:00Z');
    expect(scheduledEnd({ ...cancelling, cancelAtPeriodEnd: false, cancelAt })).toEqual(cancelAt);
  });
  it('an ended subscription has neither', () => {
    const ended = {
      status: 'canceled',
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: true,
      cancelAt: null,
    };
    expect(scheduledEnd(ended)).toBeNull();
    expect(paidThrough(ended)).toBeNull();
  });
});

describe('addBillingMonth', () => {
  it('moves one calendar month, keeping the time of day', () => {
    expect(addBillingMonth(new Date('2026-11-22T06:30:00Z')).toISOString()).toBe('2026-12-22T06:30:00.000Z');
    expect(addBillingMonth(new Date('2026-12-15T00:00:00Z')).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });
  it('clamps to the last day of a shorter month', () => {
    expect(addBillingMonth(new Date('2027-01-31T12:00:00Z')).toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(addBillingMonth(new Date('2028-01-31T12:00:00Z')).toISOString()).toBe('2028-02-29T12:00:00.000Z');
    expect(addBillingMonth(new Date('2026-03-31T12:00:00Z')).toISOString()).toBe('2026-04-30T12:00:00.000Z');
  });
  it('is always 28 to 31 days later', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (from) => {
          const days = (addBillingMonth(from).getTime() - from.getTime()) / 86_400_000;
          return days >= 28 && days <= 31;
        },
      ),
    );
  });
});

describe('formatPlanPrice', () => {
  it('writes the price the provider holds, whole amounts without cents', () => {
    const monthly = { currency: 'usd', interval: 'month', intervalCount: 1 } as const;
    expect(formatPlanPrice({ ...monthly, amountCents: 900 })).toEqual({ amount: '$9', period: 'per month' });
    expect(formatPlanPrice({ ...monthly, amountCents: 1250 })).toEqual({
      amount: '$12.50',
      period: 'per month',
    });
    expect(
      formatPlanPrice({ amountCents: 9900, currency: 'eur', interval: 'year', intervalCount: 1 }),
    ).toEqual({ amount: '€99', period: 'per year' });
    expect(formatPlanPrice({ ...monthly, amountCents: 2500, intervalCount: 3 }).period).toBe(
      'every 3 months',
    );
  });
});
