import { grantsPremium, paidThrough, type BillingInvoice } from '@/domain/billing/billing';
import { isPremiumPlan, type SubscriptionPlan } from '@/domain/plans/entitlements';
import type { SubscriptionStatus } from '@/domain/subscription/subscription.schema';
import type { Db } from '../../db/client';

/** A member's subscriptions and invoices as stored from the provider: what the billing pages read. */
export async function subscriptionsOf(db: Db, userId: string) {
  return db
    .selectFrom('billing_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .execute();
}

export type SubscriptionRow = Awaited<ReturnType<typeof subscriptionsOf>>[number];

export function timesOf(row: SubscriptionRow) {
  return {
    status: row.status,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    cancelAt: row.cancel_at,
  };
}

/** The subscription that grants Premium, else the most recently changed one. */
export function currentSubscription(rows: SubscriptionRow[]): SubscriptionRow | undefined {
  return rows.find((row) => grantsPremium(row.status)) ?? rows[0];
}

/** The subscription check's answer: {subscribed, subscriptionEnd, plan}. */
export async function subscriptionStatus(
  db: Db,
  userId: string,
  plan: SubscriptionPlan,
): Promise<SubscriptionStatus> {
  const current = currentSubscription(await subscriptionsOf(db, userId));
  const end = current && plan !== 'complimentary' ? paidThrough(timesOf(current)) : null;
  return { subscribed: isPremiumPlan(plan), subscriptionEnd: end?.toISOString() ?? null, plan };
}

export async function listInvoices(db: Db, userId: string): Promise<BillingInvoice[]> {
  const rows = await db
    .selectFrom('billing_invoices')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(24)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    amountCents: row.amount_cents,
    currency: row.currency,
    periodStart: row.period_start?.toISOString() ?? null,
    periodEnd: row.period_end?.toISOString() ?? null,
    hostedUrl: row.hosted_url,
    createdAt: row.created_at.toISOString(),
  }));
}
