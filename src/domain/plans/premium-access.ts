import { grantsPremium } from '../billing/billing';
import type { PlanPrice } from '../billing/price';
import type { SubscriptionPlan } from './entitlements';

/**
 * Where a member's Premium comes from, so pages and the admin overview tell a paying
 * member from one an administrator granted Premium to without a billing subscription.
 */
export type PremiumSource = 'subscription' | 'granted' | 'complimentary';

/** A subscription as billing stores it, reduced to what these rules read. */
export interface SubscriptionState {
  status: string;
  /** When a cancelled subscription ends (its period end); null while it renews. */
  cancelAt: Date | null;
}

/**
 * Premium from a subscription that keeps it (active, trialing, past due), from an administrator
 * (plan premium with no such subscription: set with `user:plan` or User Management), or complimentary.
 * Null for the Free plan.
 */
export function premiumSourceOf(
  plan: SubscriptionPlan,
  subscriptions: readonly Pick<SubscriptionState, 'status'>[],
): PremiumSource | null {
  if (plan === 'complimentary') return 'complimentary';
  if (plan !== 'premium') return null;
  return subscriptions.some((subscription) => grantsPremium(subscription.status))
    ? 'subscription'
    : 'granted';
}

/**
 * A subscription that pays: active (not on trial, not past due), and not already past the end a
 * cancellation set. A cancelled one still pays for the period it is in.
 */
export function isPayingSubscription(subscription: SubscriptionState, now: Date): boolean {
  if (subscription.status !== 'active') return false;
  return subscription.cancelAt === null || subscription.cancelAt.getTime() > now.getTime();
}

/** How the admin overview counts a Premium member: each counted once, in the first kind that fits. */
export type PremiumKind = 'paying' | 'unpaid' | 'granted' | 'complimentary';

/**
 * complimentary by plan; paying with a paying subscription; unpaid when the subscription keeps
 * Premium without paying (a trial, a failed payment being retried); granted by an administrator when
 * no subscription keeps Premium. Null for the Free plan.
 */
export function premiumKindOf(
  plan: SubscriptionPlan,
  subscriptions: readonly SubscriptionState[],
  now: Date,
): PremiumKind | null {
  const source = premiumSourceOf(plan, subscriptions);
  if (source === null || source === 'complimentary' || source === 'granted') return source;
  return subscriptions.some((subscription) => isPayingSubscription(subscription, now)) ? 'paying' : 'unpaid';
}

const MONTHS_PER_INTERVAL: Record<PlanPrice['interval'], number> = {
  day: 12 / 365,
  week: 12 / 52,
  month: 1,
  year: 12,
};

/**
 * A month's revenue from `paying` subscriptions at `price`, in the price's minor units (cents),
 * whatever its billing interval ($90 a year counts $7.50 a month).
 */
export function monthlyRevenueCents(paying: number, price: PlanPrice): number {
  const months = MONTHS_PER_INTERVAL[price.interval] * price.intervalCount;
  return Math.round((paying * price.amountCents) / months);
}
