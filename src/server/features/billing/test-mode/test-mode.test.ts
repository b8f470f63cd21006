import { beforeAll, describe, expect, it } from 'vitest';
import type { TestSmtp } from '../../../../../tests/support/smtp';
import { useTestAppWithSmtp } from '../../../../../tests/support/test-app-with-smtp';
import type { BillingInvoice, BillingSummary } from '@/domain/billing/billing';
import type { SubscriptionStatus } from '@/domain/subscription/subscription.schema';
import { TEST_PASSWORD, type TestApp } from '../../../../../tests/support/test-app';

/** Without Stripe keys (the embedded default): the labelled local test-mode provider, same rules. */

const context = useTestAppWithSmtp();
let app: TestApp;
let smtp: TestSmtp;
beforeAll(() => {
  app = context.app();
  smtp = context.smtp();
});

const api = (cookie?: string) => app.client(cookie);
const checkoutOf = (cookie: string | undefined) => api(cookie).billing.test.checkout[':id'];
const pay = (cookie: string | undefined, id: string) => checkoutOf(cookie).pay.$post({ param: { id } });
const portal = (cookie: string, action: 'cancel' | 'resume' | 'advance' | 'fail-payment') =>
  api(cookie).billing.test.portal[action].$post();
/** The billing page after a portal action that must succeed. */
const portalAfter = async (cookie: string, action: 'cancel' | 'resume' | 'advance' | 'fail-payment') => {
  const response = await portal(cookie, action);
  if (response.status !== 200) throw new Error(`${action}: ${response.status} ${await response.text()}`);
  return response.json();
};
const invoicesOf = async (cookie: string) =>
  (await (await api(cookie).billing.invoices.$get()).json()) as { invoices: BillingInvoice[] };
const summaryOf = async (cookie: string) =>
  (await (await api(cookie).billing.summary.$get()).json()) as BillingSummary;
const subscriptionOf = async (cookie: string) =>
  (await (await api(cookie).subscription.check.$get()).json()) as SubscriptionStatus;

async function planOf(userId: string) {
  const row = await app.handle.db
    .selectFrom('profiles')
    .select('subscription_plan')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.subscription_plan;
}

async function openCheckout(cookie: string) {
  const response = await api(cookie).billing.checkout.$post();
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  expect(url).toMatch(new RegExp(`^${app.env.PUBLIC_URL}/billing/test/checkout/cs_test_[0-9a-f]+$`));
  return url.split('/').pop() ?? '';
}

async function subscribedUser() {
  const user = await app.signedInUser();
  const sessionId = await openCheckout(user.cookie);
  const paid = await pay(user.cookie, sessionId);
  expect(paid.status).toBe(200);
  return { ...user, sessionId };
}

describe('test-mode checkout', () => {
  it('is the mode without Stripe keys', async () => {
    expect(await (await api().billing.config.$get()).json()).toEqual({
      mode: 'test',
      price: { amountCents: 900, currency: 'usd', interval: 'month', intervalCount: 1 },
      priceUnavailable: null,
    });
  });

  it("shows the user's own session, pays it without a card, and the user is premium", async () => {
    const user = await app.signedInUser();
    const sessionId = await openCheckout(user.cookie);
    const view = await (await checkoutOf(user.cookie).$get({ param: { id: sessionId } })).json();
    expect(view).toMatchObject({
      status: 'open',
      amountCents: 900,
      currency: 'usd',
      interval: 'month',
      email: user.email,
    });

    const other = await app.signedInUser();
    expect((await checkoutOf(other.cookie).$get({ param: { id: sessionId } })).status).toBe(404);
    expect((await pay(other.cookie, sessionId)).status).toBe(404);
    expect((await pay(undefined, sessionId)).status).toBe(401);

    const paid = await pay(user.cookie, sessionId);
    expect(await paid.json()).toEqual({ redirect: '/membership?success=true' });
    expect(await planOf(user.userId)).toBe('premium');
    // A second click on Pay changes nothing and charges nothing.
    expect((await pay(user.cookie, sessionId)).status).toBe(200);
    const { invoices } = await invoicesOf(user.cookie);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: 'paid', amountCents: 900 });

    const status = await subscriptionOf(user.cookie);
    expect(status.subscribed).toBe(true);
    expect(status.plan).toBe('premium');
    expect(new Date(status.subscriptionEnd as string).getTime()).toBeGreaterThan(
      Date.now() + 27 * 86_400_000,
    );
    // The events went through the same processing as Stripe's webhooks.
    const events = await app.handle.db
      .selectFrom('billing_events')
      .select('type')
      .where('user_id', '=', user.userId)
      .orderBy('processed_at')
      .execute();
    expect(events.map((event) => event.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    // And a premium user cannot open a second checkout.
    expect((await api(user.cookie).billing.checkout.$post()).status).toBe(409);
  });

  it('leaving the checkout returns to ?canceled=true and the session cannot be paid afterwards', async () => {
    const user = await app.signedInUser();
    const sessionId = await openCheckout(user.cookie);
    const left = await checkoutOf(user.cookie).cancel.$post({ param: { id: sessionId } });
    expect(await left.json()).toEqual({ redirect: '/membership?canceled=true' });
    const view = await (await checkoutOf(user.cookie).$get({ param: { id: sessionId } })).json();
    expect((view as { status: string }).status).toBe('expired');
    const late = await pay(user.cookie, sessionId);
    expect(late.status).toBe(409);
    expect(await planOf(user.userId)).toBe('free');
  });

  it('opening checkout is limited to 10 per 10 minutes per user', async () => {
    const user = await app.signedInUser();
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect((await api(user.cookie).billing.checkout.$post()).status).toBe(200);
    const refused = await api(user.cookie).billing.checkout.$post();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another user is not affected.
    const other = await app.signedInUser();
    expect((await api(other.cookie).billing.checkout.$post()).status).toBe(200);
  });

  it('a Stripe webhook is refused: there is no Stripe here', async () => {
    const response = await app.request('/api/webhooks/stripe', {
      method: 'POST',
      headers: { 'stripe-signature': 't=1,v1=x' },
      body: '{}',
    });
    expect(response.status).toBe(404);
  });
});

describe('test-mode billing page', () => {
  it('cancel at period end keeps premium; resume takes it back; at the period end premium ends', async () => {
    const user = await subscribedUser();
    const cancelled = await portalAfter(user.cookie, 'cancel');
    expect(cancelled.summary).toMatchObject({ plan: 'premium', subscription: { cancelAtPeriodEnd: true } });
    expect(cancelled.summary.subscription?.endsAt).toBe(cancelled.summary.subscription?.currentPeriodEnd);
    expect(await planOf(user.userId)).toBe('premium');

    const resumed = await portalAfter(user.cookie, 'resume');
    expect(resumed.summary.subscription).toMatchObject({ cancelAtPeriodEnd: false, endsAt: null });

    await portal(user.cookie, 'cancel');
    const ended = await portalAfter(user.cookie, 'advance');
    expect(ended.summary).toMatchObject({ plan: 'free', subscription: { status: 'canceled' } });
    expect(await planOf(user.userId)).toBe('free');
    // Nothing left to cancel; and the user may subscribe again.
    expect((await portal(user.cookie, 'cancel')).status).toBe(404);
    expect((await api(user.cookie).billing.checkout.$post()).status).toBe(200);
  });

  it('a period that ends without cancellation renews with a new paid invoice', async () => {
    const user = await subscribedUser();
    const before = await summaryOf(user.cookie);
    const renewed = await portalAfter(user.cookie, 'advance');
    expect(renewed.summary.plan).toBe('premium');
    expect(new Date(renewed.summary.subscription?.currentPeriodEnd as string).getTime()).toBeGreaterThan(
      new Date(before.subscription?.currentPeriodEnd as string).getTime() + 27 * 86_400_000,
    );
    expect(renewed.invoices).toHaveLength(2);
  });

  it('a failed renewal keeps premium while past due, emails the user, and ends premium when it stays unpaid', async () => {
    const user = await subscribedUser();
    const failed = await portalAfter(user.cookie, 'fail-payment');
    expect(failed.summary).toMatchObject({ plan: 'premium', subscription: { status: 'past_due' } });
    expect(failed.invoices[0]).toMatchObject({ status: 'open' });
    const mail = await smtp.waitFor(user.email, /payment failed/);
    expect(mail.text).toContain('Manage Subscription');
    const gaveUp = await portalAfter(user.cookie, 'advance');
    expect(gaveUp.summary.plan).toBe('free');
  });

  it('the scheduler renews or ends test subscriptions whose period has run out', async () => {
    const renewing = await subscribedUser();
    const ending = await subscribedUser();
    await portal(ending.cookie, 'cancel');
    const test = app.billing.test;
    if (!test) throw new Error('expected test mode');
    const later = new Date(Date.now() + 40 * 86_400_000);
    expect(await test.advanceDue(later)).toBeGreaterThanOrEqual(2);
    expect(await planOf(renewing.userId)).toBe('premium');
    expect(await planOf(ending.userId)).toBe('free');
    // A second pass at the same moment does nothing more to them.
    await test.advanceDue(later);
    expect((await invoicesOf(renewing.cookie)).invoices).toHaveLength(2);
  });

  it("tells a paying member's Premium from one an administrator granted", async () => {
    const paying = await subscribedUser();
    expect(await summaryOf(paying.cookie)).toMatchObject({
      plan: 'premium',
      premiumSource: 'subscription',
      canManageBilling: true,
    });
    // Cancelled at the period end: still Premium from the subscription until then.
    await portal(paying.cookie, 'cancel');
    expect(await summaryOf(paying.cookie)).toMatchObject({
      premiumSource: 'subscription',
      subscription: { cancelAtPeriodEnd: true },
    });

    const granted = await app.signedInUser({ plan: 'premium' });
    expect(await summaryOf(granted.cookie)).toEqual({
      mode: 'test',
      plan: 'premium',
      subscription: null,
      canManageBilling: false,
      premiumSource: 'granted',
    });
    // Reaching for billing anyway (an old tab): told why there is none, not to subscribe.
    for (const refused of [
      api(granted.cookie).billing.portal.$post(),
      api(granted.cookie).billing.checkout.$post(),
    ]) {
      const response = await refused;
      expect(response.status).toBe(409);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
        "Your Premium access was granted by the site's team: there is nothing to bill. Questions? Write to us from the contact page.",
      );
    }
    const free = await app.signedInUser();
    expect((await summaryOf(free.cookie)).premiumSource).toBeNull();
  });

  it('complimentary users have no billing to manage', async () => {
    const user = await app.signedInUser({ plan: 'complimentary' });
    const summary = await summaryOf(user.cookie);
    expect(summary).toEqual({
      mode: 'test',
      plan: 'complimentary',
      subscription: null,
      canManageBilling: false,
      premiumSource: 'complimentary',
    });
    expect((await api(user.cookie).billing.portal.$post()).status).toBe(409);
    expect((await api(user.cookie).billing.checkout.$post()).status).toBe(409);
    expect(await subscriptionOf(user.cookie)).toEqual({
      subscribed: true,
      subscriptionEnd: null,
      plan: 'complimentary',
    });
  });

  it('every billing route needs a session', async () => {
    const anonymous = api();
    const calls = {
      'GET /api/billing/summary': () => anonymous.billing.summary.$get(),
      'GET /api/billing/invoices': () => anonymous.billing.invoices.$get(),
      'GET /api/billing/test/portal': () => anonymous.billing.test.portal.$get(),
      'POST /api/billing/test/portal/cancel': () => anonymous.billing.test.portal.cancel.$post(),
      'POST /api/billing/test/portal/resume': () => anonymous.billing.test.portal.resume.$post(),
      'POST /api/billing/test/portal/advance': () => anonymous.billing.test.portal.advance.$post(),
      'POST /api/billing/test/portal/fail-payment': () =>
        anonymous.billing.test.portal['fail-payment'].$post(),
      'POST /api/billing/checkout': () => anonymous.billing.checkout.$post(),
      'POST /api/billing/portal': () => anonymous.billing.portal.$post(),
      'POST /api/billing/sync': () => anonymous.billing.sync.$post(),
    };
    for (const [route, call] of Object.entries(calls)) expect((await call()).status, route).toBe(401);
  });

  it('deleting an account ends its test subscription first', async () => {
    const user = await subscribedUser();
    const eventsNaming = (userId: string) =>
      app.handle.db.selectFrom('billing_events').select('id').where('user_id', '=', userId).execute();
    expect(await eventsNaming(user.userId)).not.toHaveLength(0);
    // Every event so far, the other tests' included: what the deletion adds is what is left.
    const before = await app.handle.db.selectFrom('billing_events').select('id').execute();
    const response = await api(user.cookie).account.delete.$post({ json: { password: TEST_PASSWORD } });
    expect(response.status).toBe(200);
    // The provider ended it (and said so) before the account's rows went away; the events stay,
    // applied once each, and no longer name the member.
    const events = await app.handle.db
      .selectFrom('billing_events')
      .select(['type', 'outcome', 'user_id'])
      .where(
        'id',
        'not in',
        before.map((event) => event.id),
      )
      .where('type', '=', 'customer.subscription.deleted')
      .execute();
    expect(events).toEqual([
      { type: 'customer.subscription.deleted', outcome: 'applied: premium → free', user_id: null },
    ]);
    expect(await eventsNaming(user.userId)).toEqual([]);
  });
});
