import { addBillingMonth } from '@/domain/billing/billing';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';

/** The SQL of test-provider.ts: the test mode's own checkout sessions and subscriptions. */

export type TestSubscriptionRow = {
  id: string;
  user_id: string;
  customer_id: string;
  status: string;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  canceled_at: Date | null;
  ended_at: Date | null;
};

/** A user's test subscriptions, newest first. */
export async function testSubscriptionsOf(db: Db, userId: string): Promise<TestSubscriptionRow[]> {
  return db
    .selectFrom('billing_test_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function testSubscription(db: Db, id: string): Promise<TestSubscriptionRow | undefined> {
  return db.selectFrom('billing_test_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function testSubscriptionsOfCustomer(
  db: Db,
  customerId: string,
): Promise<TestSubscriptionRow[]> {
  return db
    .selectFrom('billing_test_subscriptions')
    .selectAll()
    .where('customer_id', '=', customerId)
    .execute();
}

/** Active or past-due subscriptions whose period has run out (at most 500 a pass). */
export async function dueTestSubscriptions(db: Db, now: Date): Promise<TestSubscriptionRow[]> {
  return db
    .selectFrom('billing_test_subscriptions')
    .selectAll()
    .where('status', 'in', ['active', 'past_due'])
    .where('current_period_end', '<=', now)
    .limit(500)
    .execute();
}

/**
 * Ends a subscription at its period end; false when another pass already moved it (its status or
 * period changed since it was read).
 */
export async function endTestSubscription(db: Db, row: TestSubscriptionRow, now: Date): Promise<boolean> {
  const ended = await db
    .updateTable('billing_test_subscriptions')
    .set({ status: 'canceled', ended_at: now, canceled_at: row.canceled_at ?? now, updated_at: now })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .where('current_period_end', '=', row.current_period_end)
    .returning('id')
    .executeTakeFirst();
  return Boolean(ended);
}

/** Starts the next period; false when another pass already moved it. */
export async function renewTestSubscription(
  db: Db,
  row: TestSubscriptionRow,
  period: { start: Date; end: Date },
  now: Date,
): Promise<boolean> {
  const renewed = await db
    .updateTable('billing_test_subscriptions')
    .set({ current_period_start: period.start, current_period_end: period.end, updated_at: now })
    .where('id', '=', row.id)
    .where('current_period_end', '=', row.current_period_end)
    .returning('id')
    .executeTakeFirst();
  return Boolean(renewed);
}

/** Ends a subscription at once; false when it had already ended. */
export async function cancelTestSubscriptionNow(db: Db, subscriptionId: string, now: Date): Promise<boolean> {
  const ended = await db
    .updateTable('billing_test_subscriptions')
    .set({ status: 'canceled', ended_at: now, canceled_at: now, updated_at: now })
    .where('id', '=', subscriptionId)
    .where('status', '<>', 'canceled')
    .returning('id')
    .executeTakeFirst();
  return Boolean(ended);
}

export async function setTestCancelAtPeriodEnd(
  db: Db,
  subscriptionId: string,
  cancel: boolean,
): Promise<void> {
  await db
    .updateTable('billing_test_subscriptions')
    .set({
      cancel_at_period_end: cancel,
      canceled_at: cancel ? new Date() : null,
      updated_at: new Date(),
    })
    .where('id', '=', subscriptionId)
    .execute();
}

/** The period's payment failed: the subscription moves to the next period, past due. */
export async function markTestPastDue(
  db: Db,
  subscriptionId: string,
  period: { start: Date; end: Date },
): Promise<void> {
  await db
    .updateTable('billing_test_subscriptions')
    .set({
      status: 'past_due',
      current_period_start: period.start,
      current_period_end: period.end,
      updated_at: new Date(),
    })
    .where('id', '=', subscriptionId)
    .execute();
}

export async function createTestCheckoutSession(
  db: Db,
  session: { id: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('billing_test_checkout_sessions')
    .values({ id: session.id, user_id: session.userId, status: 'open', expires_at: session.expiresAt })
    .execute();
}

/** One of the user's own checkout sessions; another's, or an unknown one, is not found. */
export async function ownTestCheckoutSession(db: Db, userId: string, sessionId: string) {
  const session = await db
    .selectFrom('billing_test_checkout_sessions')
    .selectAll()
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!session) throw new AppError('not_found', 'This checkout session does not exist or is not yours');
  return session;
}

export async function emailOfUser(db: Db, userId: string): Promise<string> {
  const user = await db.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  return user.email;
}

/** Leaves an open checkout session unpaid. */
export async function expireTestCheckoutSession(db: Db, sessionId: string): Promise<void> {
  await db
    .updateTable('billing_test_checkout_sessions')
    .set({ status: 'expired' })
    .where('id', '=', sessionId)
    .where('status', '=', 'open')
    .execute();
}

/**
 * Pays a checkout session: the subscription `subscriptionId` starts now, in the transaction that
 * marks the session complete. Null when the session was already paid (a second click).
 */
export async function completeTestCheckout(
  db: Db,
  userId: string,
  sessionId: string,
  subscriptionId: string,
): Promise<TestSubscriptionRow | null> {
  return db.transaction().execute(async (trx) => {
    const session = await trx
      .selectFrom('billing_test_checkout_sessions')
      .selectAll()
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!session) throw new AppError('not_found', 'This checkout session does not exist or is not yours');
    if (session.status === 'complete') return null; // a second click: already paid
    if (session.status === 'expired' || session.expires_at.getTime() < Date.now())
      throw new AppError(
        'conflict',
        'This checkout session has expired: start again from the membership page',
      );
    const active = await trx
      .selectFrom('billing_test_subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', 'in', ['active', 'trialing', 'past_due'])
      .executeTakeFirst();
    if (active) throw new AppError('conflict', 'You already have Premium');
    const customer = await trx
      .selectFrom('billing_customers')
      .select('customer_id')
      .where('user_id', '=', userId)
      .where('provider', '=', 'test')
      .executeTakeFirstOrThrow();
    const now = new Date();
    const row: TestSubscriptionRow = {
      id: subscriptionId,
      user_id: userId,
      customer_id: customer.customer_id,
      status: 'active',
      current_period_start: now,
      current_period_end: addBillingMonth(now),
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
    };
    await trx.insertInto('billing_test_subscriptions').values(row).execute();
    await trx
      .updateTable('billing_test_checkout_sessions')
      .set({ status: 'complete', subscription_id: row.id })
      .where('id', '=', sessionId)
      .execute();
    return row;
  });
}

/**
 * Test-mode checkout sessions a day past their expiry: their page can no longer be paid, and a
 * completed one's subscription is kept in its own table.
 */
export async function pruneTestCheckoutSessions(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('billing_test_checkout_sessions')
    .where('expires_at', '<', new Date(Date.now() - 86_400_000))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
