import { describe, expect, it } from 'vitest';
import {
  isPayingSubscription,
  monthlyRevenueCents,
  premiumKindOf,
  premiumSourceOf,
  type SubscriptionState,
} from './premium-access';

const now = new Date('2026-11-27T12:00:00Z');
const active: SubscriptionState = { status: 'active', cancelAt: null };
const endingLater: SubscriptionState = { status: 'active', cancelAt: new Date('2026-12-20T00:00:00Z') };
const endedAlready: SubscriptionState = { status: 'active', cancelAt: new Date('2026-11-20T00:00:00Z') };
const pastDue: SubscriptionState = { status: 'past_due', cancelAt: null };
const canceled: SubscriptionState = { status: 'canceled', cancelAt: null };

describe('premiumSourceOf', () => {
  it('tells a subscription from an administrator’s grant and complimentary access', () => {
    expect(premiumSourceOf('premium', [active])).toBe('subscription');
    expect(premiumSourceOf('premium', [pastDue])).toBe('subscription');
    expect(premiumSourceOf('premium', [])).toBe('granted');
    // A subscription that ended before an administrator set Premium does not bill anything.
    expect(premiumSourceOf('premium', [canceled])).toBe('granted');
    expect(premiumSourceOf('complimentary', [active])).toBe('complimentary');
    expect(premiumSourceOf('free', [canceled])).toBeNull();
  });
});

describe('isPayingSubscription', () => {
  it('is an active subscription not yet past the end its cancellation set', () => {
    expect(isPayingSubscription(active, now)).toBe(true);
    expect(isPayingSubscription(endingLater, now)).toBe(true);
    expect(isPayingSubscription(endedAlready, now)).toBe(false);
    expect(isPayingSubscription(pastDue, now)).toBe(false);
    expect(isPayingSubscription({ status: 'trialing', cancelAt: null }, now)).toBe(false);
    expect(isPayingSubscription(canceled, now)).toBe(false);
  });
});

describe('premiumKindOf', () => {
  it('counts each Premium member once: paying, unpaid, granted or complimentary', () => {
    expect(premiumKindOf('premium', [canceled, active], now)).toBe('paying');
    expect(premiumKindOf('premium', [endingLater], now)).toBe('paying');
    expect(premiumKindOf('premium', [pastDue], now)).toBe('unpaid');
    expect(premiumKindOf('premium', [], now)).toBe('granted');
    expect(premiumKindOf('premium', [canceled], now)).toBe('granted');
    expect(premiumKindOf('complimentary', [active], now)).toBe('complimentary');
    expect(premiumKindOf('free', [active], now)).toBeNull();
  });
});

describe('monthlyRevenueCents', () => {
  it('is the paying count times the price, per month whatever the interval', () => {
    const monthly = { amountCents: 900, currency: 'usd', interval: 'month', intervalCount: 1 } as const;
    expect(monthlyRevenueCents(12, monthly)).toBe(10_800);
    expect(monthlyRevenueCents(0, monthly)).toBe(0);
    expect(monthlyRevenueCents(2, { ...monthly, amountCents: 9_000, interval: 'year' })).toBe(1_500);
    expect(monthlyRevenueCents(1, { ...monthly, amountCents: 2_700, intervalCount: 3 })).toBe(900);
  });
});
