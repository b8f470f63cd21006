import {
  grantsPremium,
  planAfterBilling,
  scheduledEnd,
  type BillingInvoice,
  type BillingSummary,
} from '@/domain/billing/billing';
import type { SubscriptionPlan } from '@/domain/plans/entitlements';
import { premiumSourceOf } from '@/domain/plans/premium-access';
import type { SubscriptionStatus } from '@/domain/subscription/subscription.schema';
import type { Db, Trx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';
import { planOf } from '../../lib/profiles';
import { paymentFailedEmail } from './billing.emails';
import {
  currentSubscription,
  listInvoices,
  subscriptionsOf,
  subscriptionStatus,
  timesOf,
} from './stored-subscriptions.service';
import type {
  BillingEvent,
  BillingProvider,
  InvoiceSnapshot,
  SubscriptionSnapshot,
} from './provider-contract';

export interface BillingContext {
  db: Db;
  provider: BillingProvider;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
}

export interface BillingUser {
  id: string;
  email: string;
  name: string | null;
}

export type EventOutcome = 'processed' | 'duplicate';

/** The user a provider customer belongs to, or null for a customer this site did not create. */
async function userForCustomer(trx: Trx | Db, customerId: string): Promise<string | null> {
  const row = await trx
    .selectFrom('billing_customers')
    .select('user_id')
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Links a provider customer to a user, when the user still exists and has none for that provider. */
async function linkCustomer(ctx: BillingContext, trx: Trx, userId: string, customerId: string) {
  const user = await trx.selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) return null;
  await trx
    .insertInto('billing_customers')
    .values({ user_id: userId, provider: ctx.provider.mode, customer_id: customerId })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  return userForCustomer(trx, customerId);
}

/** The provider customer of a user, created (once) on first need. */
export async function ensureCustomer(ctx: BillingContext, user: BillingUser): Promise<string> {
  const existing = await customerOf(ctx, user.id);
  if (existing) return existing;
  const customerId = await ctx.provider.createCustomer({
    userId: user.id,
    email: user.email,
    name: user.name,
  });
  await ctx.db
    .insertInto('billing_customers')
    .values({ user_id: user.id, provider: ctx.provider.mode, customer_id: customerId })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  // A concurrent first checkout may have linked another customer; everyone uses the stored one.
  const stored = await customerOf(ctx, user.id);
  if (!stored) throw new Error('billing customer link vanished');
  return stored;
}

async function customerOf(ctx: BillingContext, userId: string): Promise<string | null> {
  const row = await ctx.db
    .selectFrom('billing_customers')
    .select('customer_id')
    .where('user_id', '=', userId)
    .where('provider', '=', ctx.provider.mode)
    .executeTakeFirst();
  return row?.customer_id ?? null;
}

/**
 * Stores the provider's state of a subscription, unless a newer read is already stored (two events
 * handled at once may read in one order and write in the other). Returns the user it belongs to.
 */
async function applySnapshot(
  ctx: BillingContext,
  trx: Trx,
  snapshot: SubscriptionSnapshot,
  readAt: Date,
): Promise<string | null> {
  let userId = await userForCustomer(trx, snapshot.customerId);
  if (!userId && snapshot.userId) userId = await linkCustomer(ctx, trx, snapshot.userId, snapshot.customerId);
  if (!userId) return null;
  const state = {
    status: snapshot.status,
    price_id: snapshot.priceId,
    current_period_end: snapshot.currentPeriodEnd,
    cancel_at_period_end: snapshot.cancelAtPeriodEnd,
    cancel_at: snapshot.cancelAt,
    canceled_at: snapshot.canceledAt,
    ended_at: snapshot.endedAt,
    synced_at: readAt,
    updated_at: new Date(),
  };
  await trx
    .insertInto('billing_subscriptions')
    .values({
      id: snapshot.id,
      provider: ctx.provider.mode,
      user_id: userId,
      customer_id: snapshot.customerId,
      ...state,
    })
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet(state).where('billing_subscriptions.synced_at', '<=', readAt),
    )
    .execute();
  return userId;
}

async function storeInvoice(ctx: BillingContext, trx: Trx, userId: string, invoice: InvoiceSnapshot) {
  const values = {
    status: invoice.status,
    amount_cents: invoice.amountCents,
    currency: invoice.currency,
    period_start: invoice.periodStart,
    period_end: invoice.periodEnd,
    hosted_url: invoice.hostedUrl,
    subscription_id: invoice.subscriptionId,
  };
  await trx
    .insertInto('billing_invoices')
    .values({
      id: invoice.id,
      provider: ctx.provider.mode,
      user_id: userId,
      created_at: invoice.createdAt,
      ...values,
    })
    .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
    .execute();
}

/** Puts the profile's plan in line with the user's subscriptions (complimentary is never touched). */
async function syncPlan(ctx: BillingContext, trx: Trx, userId: string) {
  const profile = await trx
    .selectFrom('profiles')
    .select('subscription_plan')
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!profile) return null;
  const subscriptions = await trx
    .selectFrom('billing_subscriptions')
    .select('status')
    .where('user_id', '=', userId)
    .execute();
  const next = planAfterBilling(profile.subscription_plan, subscriptions);
  if (next === profile.subscription_plan) return null;
  await trx
    .updateTable('profiles')
    .set({ subscription_plan: next, updated_at: new Date() })
    .where('user_id', '=', userId)
    .execute();
  ctx.logger.info({ userId, from: profile.subscription_plan, to: next }, 'plan changed by billing');
  return { from: profile.subscription_plan, to: next };
}

function subscriptionIdOf(event: BillingEvent): string | null {
  switch (event.type) {
    case 'checkout.session.completed':
      return event.subscriptionId;
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return event.subscriptionId;
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return event.invoice.subscriptionId;
    case 'ignored':
      return null;
  }
}

/**
 * Handles one provider event exactly once. The subscription's state is read from the provider, not
 * taken from the event, so events delivered late or out of order still end in the current state.
 * The provider is asked before the transaction opens (no network wait while holding the database).
 */
export async function processBillingEvent(ctx: BillingContext, event: BillingEvent): Promise<EventOutcome> {
  const seen = await ctx.db
    .selectFrom('billing_events')
    .select('id')
    .where('id', '=', event.id)
    .executeTakeFirst();
  if (seen) return 'duplicate';
  const subscriptionId = subscriptionIdOf(event);
  const readAt = new Date();
  const snapshot = subscriptionId ? await ctx.provider.retrieveSubscription(subscriptionId) : null;

  const result = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('billing_events')
      .values({
        id: event.id,
        provider: ctx.provider.mode,
        type: event.type === 'ignored' ? event.originalType : event.type,
        outcome: 'processing',
        created_at: event.created,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return { outcome: 'duplicate' as const, userId: null };

    let userId: string | null = null;
    if (event.type === 'checkout.session.completed' && event.userId && event.customerId)
      userId = await linkCustomer(ctx, trx, event.userId, event.customerId);
    if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
      userId = await userForCustomer(trx, event.invoice.customerId);
      if (userId) await storeInvoice(ctx, trx, userId, event.invoice);
    }
    if (snapshot) userId = (await applySnapshot(ctx, trx, snapshot, readAt)) ?? userId;

    let outcome: string;
    if (event.type === 'ignored') outcome = 'ignored';
    else if (subscriptionId && !snapshot) outcome = 'subscription not found';
    else if (!userId) outcome = 'unknown customer';
    else outcome = 'applied';
    const change = userId ? await syncPlan(ctx, trx, userId) : null;
    if (change) outcome += `: ${change.from} → ${change.to}`;
    await trx
      .updateTable('billing_events')
      .set({ user_id: userId, outcome })
      .where('id', '=', event.id)
      .execute();
    return { outcome: 'processed' as const, userId };
  });

  if (result.outcome === 'processed' && event.type === 'invoice.payment_failed' && result.userId)
    await notifyPaymentFailed(ctx, result.userId, event.invoice);
  return result.outcome;
}

async function notifyPaymentFailed(ctx: BillingContext, userId: string, invoice: InvoiceSnapshot) {
  const user = await ctx.db.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirst();
  if (!user) return;
  try {
    await ctx.mailer.send(
      paymentFailedEmail(user.email, {
        amountCents: invoice.amountCents,
        currency: invoice.currency,
        membershipUrl: `${ctx.publicUrl}/membership`,
      }),
    );
  } catch (error) {
    // The event stays processed: a mail outage must not make the provider redeliver it forever.
    ctx.logger.error({ err: error, userId, invoice: invoice.id }, 'payment-failed email not sent');
  }
}

/** Provider failures become 502 with the caller's message (and a log line); our own refusals pass through. */
async function viaProvider<T>(ctx: BillingContext, message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    ctx.logger.error({ err: error }, message);
    throw new AppError('upstream_error', message);
  }
}

/** Reads every subscription of the user's customer from the provider (after a checkout return). */
export async function syncFromProvider(ctx: BillingContext, userId: string): Promise<void> {
  await viaProvider(ctx, 'Could not read your subscription. Please try again.', async () => {
    const customerId = await customerOf(ctx, userId);
    if (!customerId) return;
    const readAt = new Date();
    const snapshots = await ctx.provider.listSubscriptions(customerId);
    await ctx.db.transaction().execute(async (trx) => {
      for (const snapshot of snapshots) await applySnapshot(ctx, trx, snapshot, readAt);
      await syncPlan(ctx, trx, userId);
    });
  });
}

/** The checkout return: the provider's subscriptions read now, then the status with the plan they set. */
export async function syncSubscriptionStatus(
  ctx: BillingContext,
  userId: string,
): Promise<SubscriptionStatus> {
  await syncFromProvider(ctx, userId);
  return subscriptionStatus(ctx.db, userId, await planOf(ctx.db, userId));
}

/** The billing page of the test mode: the summary and the invoices, with the plan as it is now. */
export async function billingPage(
  ctx: BillingContext,
  userId: string,
): Promise<{ summary: BillingSummary; invoices: BillingInvoice[] }> {
  const plan = await planOf(ctx.db, userId);
  return { summary: await billingSummary(ctx, userId, plan), invoices: await listInvoices(ctx.db, userId) };
}

export async function billingSummary(
  ctx: BillingContext,
  userId: string,
  plan: SubscriptionPlan,
): Promise<BillingSummary> {
  const rows = await subscriptionsOf(ctx.db, userId);
  const current = currentSubscription(rows);
  const customerId = await customerOf(ctx, userId);
  return {
    mode: ctx.provider.mode,
    plan,
    subscription: current
      ? {
          status: current.status,
          currentPeriodEnd: current.current_period_end?.toISOString() ?? null,
          cancelAtPeriodEnd: current.cancel_at_period_end,
          endsAt: scheduledEnd(timesOf(current))?.toISOString() ?? null,
        }
      : null,
    canManageBilling: plan !== 'complimentary' && customerId !== null,
    premiumSource: premiumSourceOf(plan, rows),
  };
}

/** What a member whose Premium an administrator granted is told when they reach for billing. */
export const GRANTED_NOTHING_TO_BILL =
  "Your Premium access was granted by the site's team: there is nothing to bill. Questions? Write to us from the contact page.";

/** Checkout: refused when the user already has Premium (paid or complimentary). */
export async function startCheckout(ctx: BillingContext, user: BillingUser, plan: SubscriptionPlan) {
  return viaProvider(ctx, 'Failed to create checkout session. Please try again.', async () => {
    if (plan === 'complimentary')
      throw new AppError('conflict', 'Your complimentary access already includes every Premium feature');
    const rows = await subscriptionsOf(ctx.db, user.id);
    if (premiumSourceOf(plan, rows) === 'granted') throw new AppError('conflict', GRANTED_NOTHING_TO_BILL);
    if (plan === 'premium' || rows.some((row) => grantsPremium(row.status)))
      throw new AppError(
        'conflict',
        'You already have Premium: manage your subscription from the membership page',
      );
    const customerId = await ensureCustomer(ctx, user);
    return ctx.provider.createCheckout({ userId: user.id, customerId });
  });
}

/** The billing portal: only for a paid plan's customer; complimentary access has no billing. */
export async function openPortal(ctx: BillingContext, userId: string, plan: SubscriptionPlan) {
  return viaProvider(ctx, 'Failed to open billing portal. Please try again.', async () => {
    if (plan === 'complimentary')
      throw new AppError('conflict', 'Complimentary access has no billing to manage');
    const customerId = await customerOf(ctx, userId);
    if (!customerId)
      throw new AppError(
        'conflict',
        plan === 'premium'
          ? GRANTED_NOTHING_TO_BILL
          : 'There is no billing account yet: subscribe to Premium first',
      );
    return ctx.provider.createPortal({ userId, customerId });
  });
}
