import { z } from 'zod';
import type { SubscriptionPlan } from '../plans/entitlements';
import type { PlanPrice } from './price';

/**
 * Billing rules shared by the server and the web app. A subscription's provider status decides
 * whether it grants Premium; the plan on the profile follows, except complimentary access, which
 * billing never touches.
 */

export const billingModeSchema = z.enum(['stripe', 'test']);
export type BillingMode = z.infer<typeof billingModeSchema>;

/**
 * $9 per month: the price test mode charges, and the one created at Stripe when no
 * STRIPE_PRICE_ID is set. Pages never write it: they show the price the billing provider holds
 * (`GET /api/billing/config`), which with Stripe is whatever its price object says.
 */
export const PREMIUM_PRICE_CENTS = 900;
export const PREMIUM_CURRENCY = 'usd';

/**
 * Statuses that keep Premium. past_due stays premium while the provider retries the card (Stripe's
 * dunning); once it gives up the status moves to canceled or unpaid and Premium ends.
 */
const ENTITLED_STATUSES = new Set(['active', 'trialing', 'past_due']);

export function grantsPremium(status: string): boolean {
  return ENTITLED_STATUSES.has(status);
}

/** The plan a profile should hold after its subscriptions changed. */
export function planAfterBilling(
  current: SubscriptionPlan,
  subscriptions: readonly { status: string }[],
): SubscriptionPlan {
  if (current === 'complimentary') return 'complimentary';
  return subscriptions.some((subscription) => grantsPremium(subscription.status)) ? 'premium' : 'free';
}

export interface SubscriptionTimes {
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  cancelAt: Date | null;
}

/** When Premium from this subscription ends if nothing changes: its scheduled end, or null while it renews. */
export function scheduledEnd(subscription: SubscriptionTimes): Date | null {
  if (!grantsPremium(subscription.status)) return null;
  if (subscription.cancelAt) return subscription.cancelAt;
  return subscription.cancelAtPeriodEnd ? subscription.currentPeriodEnd : null;
}

/** The end of what has been paid for: the next billing date while it renews, else the scheduled end. */
export function paidThrough(subscription: SubscriptionTimes): Date | null {
  if (!grantsPremium(subscription.status)) return null;
  return scheduledEnd(subscription) ?? subscription.currentPeriodEnd;
}

/** One calendar month on, clamped to the month's last day (Jan 31 → Feb 28/29), as Stripe bills. */
export function addBillingMonth(from: Date): Date {
  const next = new Date(from);
  const day = from.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

export const planPriceSchema = z
  .object({
    amountCents: z.number().int().nonnegative(),
    currency: z.string(),
    interval: z.enum(['day', 'week', 'month', 'year']),
    intervalCount: z.number().int().positive(),
  })
  .meta({ id: 'PlanPrice' }) satisfies z.ZodType<PlanPrice>;
export type { PlanPrice } from './price';

export const billingConfigSchema = z
  .object({
    mode: billingModeSchema,
    /** Premium's price as the billing provider holds it; null while it cannot be read. */
    price: planPriceSchema.nullable(),
    /** Why the price is unknown, when it is. */
    priceUnavailable: z.string().nullable(),
  })
  .meta({ id: 'BillingConfig' });
export type BillingConfig = z.infer<typeof billingConfigSchema>;

export const billingSubscriptionSchema = z
  .object({
    status: z.string(),
    currentPeriodEnd: z.string().nullable(),
    cancelAtPeriodEnd: z.boolean(),
    /** When Premium ends because the subscription was cancelled; null while it renews. */
    endsAt: z.string().nullable(),
  })
  .meta({ id: 'BillingSubscription' });

export const billingInvoiceSchema = z
  .object({
    id: z.string(),
    status: z.string(),
    amountCents: z.number().int(),
    currency: z.string(),
    periodStart: z.string().nullable(),
    periodEnd: z.string().nullable(),
    hostedUrl: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'BillingInvoice' });
export type BillingInvoice = z.infer<typeof billingInvoiceSchema>;

export const billingSummarySchema = z
  .object({
    mode: billingModeSchema,
    plan: z.enum(['free', 'premium', 'complimentary']),
    /** The subscription that grants Premium (or the latest one); null when there never was one. */
    subscription: billingSubscriptionSchema.nullable(),
    /** Whether the billing portal can open: a paid plan's customer exists; never for complimentary. */
    canManageBilling: z.boolean(),
    /**
     * Where Premium comes from: a subscription, an administrator's grant (plan premium with no
     * subscription that keeps it: nothing to bill) or complimentary access; null on Free.
     */
    premiumSource: z.enum(['subscription', 'granted', 'complimentary']).nullable(),
  })
  .meta({ id: 'BillingSummary' });
export type BillingSummary = z.infer<typeof billingSummarySchema>;

export const redirectUrlSchema = z.object({ url: z.string() }).meta({ id: 'RedirectUrl' });
