import crypto from 'node:crypto';
import {
  addBillingMonth,
  grantsPremium,
  PREMIUM_CURRENCY,
  PREMIUM_PRICE_CENTS,
} from '@/domain/billing/billing';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type {
  BillingEvent,
  BillingProvider,
  InvoiceSnapshot,
  SubscriptionSnapshot,
} from '../provider-contract';
import {
  cancelTestSubscriptionNow,
  completeTestCheckout,
  createTestCheckoutSession,
  dueTestSubscriptions,
  emailOfUser,
  endTestSubscription,
  expireTestCheckoutSession,
  markTestPastDue,
  ownTestCheckoutSession,
  renewTestSubscription,
  setTestCancelAtPeriodEnd,
  testSubscription,
  testSubscriptionsOf,
  testSubscriptionsOfCustomer,
  type TestSubscriptionRow,
} from './test-subscriptions.service';

/**
 * The test-mode provider: what Stripe would do, done locally, with no card and no network. Its checkout
 * and billing pages (/billing/test/…) change its own records, then hand the same events Stripe would
 * send to the same processing as Stripe's webhooks.
 */

export const TEST_PRICE_ID = 'price_test_premium_monthly';
const CHECKOUT_VALID_MS = 24 * 60 * 60 * 1000;

const newId = (prefix: string) => `${prefix}_test_${crypto.randomBytes(12).toString('hex')}`;

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
    const rows = await testSubscriptionsOf(db, userId);
    const current = rows.find((row) => grantsPremium(row.status));
    if (!current) throw new AppError('not_found', 'You have no active test-mode subscription');
    return current;
  };

  /** Moves one subscription past its period end: a renewal with a paid invoice, or its end. */
  const advance = async (row: TestSubscriptionRow, now: Date) => {
    if (row.cancel_at_period_end || row.status === 'past_due') {
      if (await endTestSubscription(db, row, now))
        await emit({ type: 'customer.subscription.deleted', subscriptionId: row.id });
      return;
    }
    const start = row.current_period_end;
    const end = addBillingMonth(start);
    if (await renewTestSubscription(db, row, { start, end }, now))
      await emit(
        { type: 'invoice.paid', invoice: invoice(row, 'paid', start, end) },
        { type: 'customer.subscription.updated', subscriptionId: row.id },
      );
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
      await createTestCheckoutSession(db, {
        id,
        userId,
        expiresAt: new Date(Date.now() + CHECKOUT_VALID_MS),
      });
      return `${deps.publicUrl}/billing/test/checkout/${id}`;
    },
    async createPortal() {
      return `${deps.publicUrl}/billing/test/portal`;
    },
    async retrieveSubscription(id) {
      const row = await testSubscription(db, id);
      return row ? snapshotOf(row) : null;
    },
    async listSubscriptions(customerId) {
      return (await testSubscriptionsOfCustomer(db, customerId)).map(snapshotOf);
    },
    async cancelNow(subscriptionId) {
      if (await cancelTestSubscriptionNow(db, subscriptionId, new Date()))
        await emit({ type: 'customer.subscription.deleted', subscriptionId });
    },

    async checkout(userId, sessionId) {
      const session = await ownTestCheckoutSession(db, userId, sessionId);
      const email = await emailOfUser(db, userId);
      const expired = session.status === 'open' && session.expires_at.getTime() < Date.now();
      return {
        id: session.id,
        status: expired ? 'expired' : session.status,
        productName: 'XRP Research Premium',
        amountCents: PREMIUM_PRICE_CENTS,
        currency: PREMIUM_CURRENCY,
        interval: 'month',
        email,
      };
    },

    async completeCheckout(userId, sessionId) {
      const created = await completeTestCheckout(db, userId, sessionId, newId('sub'));
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
      await ownTestCheckoutSession(db, userId, sessionId);
      await expireTestCheckoutSession(db, sessionId);
    },

    async setCancelAtPeriodEnd(userId, cancel) {
      const row = await currentOf(userId);
      if (row.cancel_at_period_end === cancel) return;
      await setTestCancelAtPeriodEnd(db, row.id, cancel);
      await emit({ type: 'customer.subscription.updated', subscriptionId: row.id });
    },

    async failNextPayment(userId) {
      const row = await currentOf(userId);
      if (row.status === 'past_due') throw new AppError('conflict', 'The last payment has already failed');
      if (row.cancel_at_period_end)
        throw new AppError('conflict', 'This subscription ends at the period end: there is no next payment');
      const start = row.current_period_end;
      const end = addBillingMonth(start);
      await markTestPastDue(db, row.id, { start, end });
      await emit(
        { type: 'invoice.payment_failed', invoice: invoice(row, 'open', start, end) },
        { type: 'customer.subscription.updated', subscriptionId: row.id },
      );
    },

    async advancePeriod(userId) {
      await advance(await currentOf(userId), new Date());
    },

    async advanceDue(now = new Date()) {
      const due = await dueTestSubscriptions(db, now);
      for (const row of due) await advance(row, now);
      return due.length;
    },
  };
}
