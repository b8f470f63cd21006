import crypto from 'node:crypto';
import {
  addBillingMonth,
  grantsPremium,
  PREMIUM_CURRENCY,
  PREMIUM_PRICE_CENTS,
} from '@/domain/billing/billing';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { BillingEvent, BillingProvider, InvoiceSnapshot, SubscriptionSnapshot } from './provider';

/**
 * The test-mode provider: what Stripe would do, done locally, with no card and no network. Its checkout
 * and billing pages (/billing/test/…) change its own records, then hand the same events Stripe would
 * send to the same processing as Stripe's webhooks.
 */

export const TEST_PRICE_ID = 'price_test_premium_monthly';
const CHECKOUT_VALID_MS = 24 * 60 * 60 * 1000;

const newId = (prefix: string) => `${prefix}_test_${crypto.randomBytes(12).toString('hex')}`;

type TestSubscriptionRow = {
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

function snapshotOf(row: TestSubscriptionRow): SubscriptionSnapshot {
  return {
    id: row.id,
    customerId: row.customer_id,
    userId: row.user_id,
    status: row.status,
    priceId: TEST_PRICE_ID,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    cancelAt: row.cancel_at_period_end ? row.current_period_end : null,
    canceledAt: row.canceled_at,
    endedAt: row.ended_at,
  };
}

type EventBody = BillingEvent extends infer E
  ? E extends unknown
    ? Omit<E, 'id' | 'created'>
    : never
  : never;

export interface TestCheckoutView {
  id: string;
  status: 'open' | 'complete' | 'expired';
  productName: string;
  amountCents: number;
  currency: string;
  interval: 'month';
  email: string;
}

export interface TestBillingProvider extends BillingProvider {
  /** Wires the processing the events go to (the same as Stripe's webhooks). */
  attach(process: (event: BillingEvent) => Promise<unknown>): void;
  checkout(userId: string, sessionId: string): Promise<TestCheckoutView>;
  completeCheckout(userId: string, sessionId: string): Promise<void>;
  cancelCheckout(userId: string, sessionId: string): Promise<void>;
  setCancelAtPeriodEnd(userId: string, cancel: boolean): Promise<void>;
  failNextPayment(userId: string): Promise<void>;
  /** Test clock: moves the user's subscription to the end of its period (renews, or ends it). */
  advancePeriod(userId: string): Promise<void>;
  /** Renews or ends every test subscription whose period has run out (the scheduler, in real time). */
  advanceDue(now?: Date): Promise<number>;
}

export function createTestProvider(deps: { db: Db; publicUrl: string }): TestBillingProvider {
  const { db } = deps;
  let process: ((event: BillingEvent) => Promise<unknown>) | null = null;

  const emit = async (...bodies: EventBody[]) => {
    if (!process) throw new Error('test billing provider is not attached');
    for (const body of bodies)
      await process({ ...body, id: newId('evt'), created: new Date() } as BillingEvent);
  };

  const invoice = (
    row: TestSubscriptionRow,
    status: 'paid' | 'open',
    start: Date,
    end: Date,
  ): InvoiceSnapshot => ({
    id: newId('in'),
    customerId: row.customer_id,
    subscriptionId: row.id,
    status,
    amountCents: PREMIUM_PRICE_CENTS,
    currency: PREMIUM_CURRENCY,
    periodStart: start,
    periodEnd: end,
    hostedUrl: null,
    createdAt: new Date(),
  });

  const currentOf = async (userId: string): Promise<TestSubscriptionRow> => {
    const rows = await db
      .selectFrom('billing_test_subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute();
    const current = rows.find((row) => grantsPremium(row.status));
    if (!current) throw new AppError('not_found', 'You have no active test-mode subscription');
    return current;
  };

  /** Moves one subscription past its period end: a renewal with a paid invoice, or its end. */
  const advance = async (row: TestSubscriptionRow, now: Date) => {
    if (row.cancel_at_period_end || row.status === 'past_due') {
      const ended = await db
        .updateTable('billing_test_subscriptions')
        .set({ status: 'canceled', ended_at: now, canceled_at: row.canceled_at ?? now, updated_at: now })
        .where('id', '=', row.id)
        .where('status', '=', row.status)
        .where('current_period_end', '=', row.current_period_end)
        .returning('id')
        .executeTakeFirst();
      if (ended) await emit({ type: 'customer.subscription.deleted', subscriptionId: row.id });
      return;
    }
    const start = row.current_period_end;
    const end = addBillingMonth(start);
    const renewed = await db
      .updateTable('billing_test_subscriptions')
      .set({ current_period_start: start, current_period_end: end, updated_at: now })
      .where('id', '=', row.id)
      .where('current_period_end', '=', row.current_period_end)
      .returning('id')
      .executeTakeFirst();
    if (renewed)
      await emit(
        { type: 'invoice.paid', invoice: invoice(row, 'paid', start, end) },
        { type: 'customer.subscription.updated', subscriptionId: row.id },
      );
  };

  const ownSession = async (userId: string, sessionId: string) => {
    const session = await db
      .selectFrom('billing_test_checkout_sessions')
      .selectAll()
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!session) throw new AppError('not_found', 'This checkout session does not exist or is not yours');
    return session;
  };

  return {
    mode: 'test',
    price: async () => ({
      amountCents: PREMIUM_PRICE_CENTS,
      currency: PREMIUM_CURRENCY,
      interval: 'month',
      intervalCount: 1,
    }),
    attach(fn) {
      process = fn;
    },
    async createCustomer() {
      return newId('cus');
    },
    async createCheckout({ userId }) {
      const id = newId('cs');
      await db
        .insertInto('billing_test_checkout_sessions')
        .values({ id, user_id: userId, status: 'open', expires_at: new Date(Date.now() + CHECKOUT_VALID_MS) })
        .execute();
      return `${deps.publicUrl}/billing/test/checkout/${id}`;
    },
    async createPortal() {
      return `${deps.publicUrl}/billing/test/portal`;
    },
    async retrieveSubscription(id) {
      const row = await db
        .selectFrom('billing_test_subscriptions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? snapshotOf(row) : null;
    },
    async listSubscriptions(customerId) {
      const rows = await db
        .selectFrom('billing_test_subscriptions')
        .selectAll()
        .where('customer_id', '=', customerId)
        .execute();
      return rows.map(snapshotOf);
    },
    async cancelNow(subscriptionId) {
      const now = new Date();
      const ended = await db
        .updateTable('billing_test_subscriptions')
        .set({ status: 'canceled', ended_at: now, canceled_at: now, updated_at: now })
        .where('id', '=', subscriptionId)
        .where('status', '<>', 'canceled')
        .returning('id')
        .executeTakeFirst();
      if (ended) await emit({ type: 'customer.subscription.deleted', subscriptionId });
    },

    async checkout(userId, sessionId) {
      const session = await ownSession(userId, sessionId);
      const user = await db
        .selectFrom('user')
        .select('email')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      const expired = session.status === 'open' && session.expires_at.getTime() < Date.now();
      return {
        id: session.id,
        status: expired ? 'expired' : session.status,
        productName: 'XRP Research Premium',
        amountCents: PREMIUM_PRICE_CENTS,
        currency: PREMIUM_CURRENCY,
        interval: 'month',
        email: user.email,
      };
    },

    async completeCheckout(userId, sessionId) {
      const created = await db.transaction().execute(async (trx) => {
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
          id: newId('sub'),
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
      if (!created) return;
      await emit(
        {
          type: 'checkout.session.completed',
          customerId: created.customer_id,
          subscriptionId: created.id,
          userId,
        },
        { type: 'customer.subscription.created', subscriptionId: created.id },
        {
          type: 'invoice.paid',
          invoice: invoice(created, 'paid', created.current_period_start, created.current_period_end),
        },
      );
    },

    async cancelCheckout(userId, sessionId) {
      await ownSession(userId, sessionId);
      await db
        .updateTable('billing_test_checkout_sessions')
        .set({ status: 'expired' })
        .where('id', '=', sessionId)
        .where('status', '=', 'open')
        .execute();
    },

    async setCancelAtPeriodEnd(userId, cancel) {
      const row = await currentOf(userId);
      if (row.cancel_at_period_end === cancel) return;
      await db
        .updateTable('billing_test_subscriptions')
        .set({
          cancel_at_period_end: cancel,
          canceled_at: cancel ? new Date() : null,
          updated_at: new Date(),
        })
        .where('id', '=', row.id)
        .execute();
      await emit({ type: 'customer.subscription.updated', subscriptionId: row.id });
    },

    async failNextPayment(userId) {
      const row = await currentOf(userId);
      if (row.status === 'past_due') throw new AppError('conflict', 'The last payment has already failed');
      if (row.cancel_at_period_end)
        throw new AppError('conflict', 'This subscription ends at the period end: there is no next payment');
      const start = row.current_period_end;
      const end = addBillingMonth(start);
      await db
        .updateTable('billing_test_subscriptions')
        .set({
          status: 'past_due',
          current_period_start: start,
          current_period_end: end,
          updated_at: new Date(),
        })
        .where('id', '=', row.id)
        .execute();
      await emit(
        { type: 'invoice.payment_failed', invoice: invoice(row, 'open', start, end) },
        { type: 'customer.subscription.updated', subscriptionId: row.id },
      );
    },

    async advancePeriod(userId) {
      await advance(await currentOf(userId), new Date());
    },

    async advanceDue(now = new Date()) {
      const due = await db
        .selectFrom('billing_test_subscriptions')
        .selectAll()
        .where('status', 'in', ['active', 'past_due'])
        .where('current_period_end', '<=', now)
        .limit(500)
        .execute();
      for (const row of due) await advance(row, now);
      return due.length;
    },
  };
}
