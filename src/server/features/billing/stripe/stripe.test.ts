import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../../../tests/support/fake-stripe';
import { startTestSmtp, type TestSmtp } from '../../../../../tests/support/smtp';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../../../tests/support/test-app';
import type { BillingInvoice } from '@/domain/billing/billing';
import type { SubscriptionStatus } from '@/domain/subscription/subscription.schema';
import { PREMIUM_LOOKUP_KEY } from './stripe-provider';

/** Billing through the real `stripe` SDK against a local server speaking Stripe's API. */

let app: TestApp;
let stripe: FakeStripe;
let smtp: TestSmtp;

beforeAll(async () => {
  stripe = await startFakeStripe();
  smtp = await startTestSmtp();
  app = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
      SMTP_URL: smtp.url,
    },
  });
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
  await smtp?.close();
});

const api = (cookie?: string) => app.client(cookie);
type ErrorBody = { error: { code: string; message: string } };

async function planOf(userId: string) {
  const row = await app.handle.db
    .selectFrom('profiles')
    .select('subscription_plan')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.subscription_plan;
}

/** Sends an event to the webhook as Stripe does: the exact bytes, signed. */
async function deliver(
  event: Record<string, unknown>,
  options: { timestamp?: number; secret?: string } = {},
) {
  const payload = JSON.stringify(event);
  return app.request('/api/webhooks/stripe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload, options) },
    body: payload,
  });
}

/** A user who went through checkout on Stripe's side; returns the ids the webhooks talk about. */
async function checkedOutUser(plan: 'free' | 'complimentary' = 'free') {
  const user = await app.signedInUser();
  const checkout = await api(user.cookie).billing.checkout.$post();
  expect(checkout.status).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  const { session, subscription } = stripe.completeCheckout(url.split('/').pop() ?? '');
  // An administrator may grant complimentary access to someone who also pays.
  if (plan === 'complimentary')
    await app.handle.db
      .updateTable('profiles')
      .set({ subscription_plan: 'complimentary' })
      .where('user_id', '=', user.userId)
      .execute();
  return { ...user, session, subscription, subscriptionId: String(subscription.id) };
}

describe('checkout', () => {
  it('opens Stripe Checkout with one customer per user and one remembered $9/month price', async () => {
    const { cookie, userId, email } = await app.signedInUser();
    const first = await api(cookie).billing.checkout.$post();
    expect(first.status).toBe(200);
    const { url } = (await first.json()) as { url: string };
    expect(url.startsWith(`${stripe.url}/pay/cs_`)).toBe(true);

    const session = stripe.checkoutSessions.get(url.split('/').pop() ?? '');
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: userId,
      success_url: `${app.env.PUBLIC_URL}/membership?success=true`,
      cancel_url: `${app.env.PUBLIC_URL}/membership?canceled=true`,
      subscription_metadata: { user_id: userId },
    });
    const customer = stripe.customers.get(String(session?.customer));
    expect(customer).toMatchObject({ email, metadata: { user_id: userId } });
    const price = stripe.prices.get(String(session?.price));
    expect(price).toMatchObject({ unit_amount: 900, currency: 'usd', lookup_key: PREMIUM_LOOKUP_KEY });
    expect(price?.recurring).toMatchObject({ interval: 'month' });

    // A second checkout (the first tab was closed) reuses the customer and the price.
    const second = await api(cookie).billing.checkout.$post();
    expect(second.status).toBe(200);
    const secondSession = stripe.checkoutSessions.get(
      ((await second.json()) as { url: string }).url.split('/').pop() ?? '',
    );
    expect(secondSession?.customer).toBe(session?.customer);
    expect(secondSession?.price).toBe(session?.price);
    const customersOfUser = [...stripe.customers.values()].filter(
      (item) => (item.metadata as Record<string, string>).user_id === userId,
    );
    expect(customersOfUser).toHaveLength(1);
    expect(stripe.prices.size).toBe(1);
  });

  it('sends an idempotency key with every call that changes something at Stripe', async () => {
    const posts = stripe.requests.filter((request) => request.method !== 'GET');
    expect(posts.length).toBeGreaterThan(0);
    for (const request of posts) expect(request.idempotencyKey, request.path).toBeTruthy();
  });

  it('refuses without a session, for premium and complimentary users, and says so when Stripe fails', async () => {
    expect((await api().billing.checkout.$post()).status).toBe(401);
    expect((await api().billing.portal.$post()).status).toBe(401);
    expect((await api().billing.sync.$post()).status).toBe(401);
    expect((await api().subscription.check.$get()).status).toBe(401);

    const premium = await app.signedInUser({ plan: 'premium' });
    const premiumAnswer = await api(premium.cookie).billing.checkout.$post();
    expect(premiumAnswer.status).toBe(409);
    const complimentary = await app.signedInUser({ plan: 'complimentary' });
    const compAnswer = await api(complimentary.cookie).billing.checkout.$post();
    expect(compAnswer.status).toBe(409);
    expect(((await compAnswer.json()) as ErrorBody).error.message).toMatch(/complimentary/i);
    const compPortal = await api(complimentary.cookie).billing.portal.$post();
    expect(compPortal.status).toBe(409);

    const free = await app.signedInUser();
    stripe.failNext('POST /v1/checkout/sessions', 400, 'Your account cannot currently make live charges.');
    const failed = await api(free.cookie).billing.checkout.$post();
    expect(failed.status).toBe(502);
    expect(((await failed.json()) as ErrorBody).error.message).toBe(
      'Failed to create checkout session. Please try again.',
    );
    // Nothing was lost: the next try works.
    expect((await api(free.cookie).billing.checkout.$post()).status).toBe(200);
  });
});

describe('webhooks', () => {
  it('a paid checkout makes the user premium; the status check reports the next billing date', async () => {
    const user = await checkedOutUser();
    expect(await planOf(user.userId)).toBe('free');
    const response = await deliver(stripe.event('checkout.session.completed', user.session));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, duplicate: false });
    expect(await planOf(user.userId)).toBe('premium');

    const status = await (await api(user.cookie).subscription.check.$get()).json();
    const item = (user.subscription.items as { data: { current_period_end: number }[] }).data[0];
    expect(status).toEqual({
      subscribed: true,
      subscriptionEnd: new Date((item?.current_period_end ?? 0) * 1000).toISOString(),
      plan: 'premium',
    });
  });

  it('refuses a tampered body, a stale timestamp, a wrong secret and a missing signature, changing nothing', async () => {
    const user = await checkedOutUser();
    const event = stripe.event('checkout.session.completed', user.session);
    const payload = JSON.stringify(event);
    const tampered = await app.request('/api/webhooks/stripe', {
      method: 'POST',
      headers: { 'stripe-signature': stripe.sign(payload) },
      body: payload.replace(user.userId, 'someone-else'),
    });
    expect(tampered.status).toBe(400);
    expect((await tampered.json()).error.message).toBe('Webhook signature verification failed');

    const stale = await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 60 * 60 });
    expect(stale.status).toBe(400);
    const wrongSecret = await deliver(event, { secret: 'whsec_not_ours' });
    expect(wrongSecret.status).toBe(400);
    const unsigned = await app.request('/api/webhooks/stripe', { method: 'POST', body: payload });
    expect(unsigned.status).toBe(400);

    expect(await planOf(user.userId)).toBe('free');
    const recorded = await app.handle.db
      .selectFrom('billing_events')
      .select('id')
      .where('id', '=', String(event.id))
      .execute();
    expect(recorded).toHaveLength(0);
    // The genuine delivery still works afterwards.
    expect((await deliver(event)).status).toBe(200);
    expect(await planOf(user.userId)).toBe('premium');
  });

  it('processes each event id once, however often Stripe delivers it', async () => {
    const user = await checkedOutUser();
    await deliver(stripe.event('checkout.session.completed', user.session));
    stripe.updateSubscription(user.subscriptionId, { status: 'past_due' });
    const failedInvoice = stripe.invoiceFor(user.subscriptionId, 'open');
    const event = stripe.event('invoice.payment_failed', failedInvoice);
    const answers = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as { duplicate: boolean }[];
    expect(bodies.filter((body) => !body.duplicate)).toHaveLength(1);
    await smtp.waitFor(user.email, /payment failed/);
    // Give a would-be second mail time to arrive, then count.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      smtp.mails.filter((mail) => mail.to.includes(user.email) && /payment failed/.test(mail.subject)),
    ).toHaveLength(1);
    const rows = await app.handle.db
      .selectFrom('billing_events')
      .select('id')
      .where('id', '=', String(event.id))
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('ends in the right plan when events arrive out of order (state read from the subscription)', async () => {
    const user = await checkedOutUser();
    const created = stripe.event('customer.subscription.created', user.subscription);
    const completed = stripe.event('checkout.session.completed', user.session);
    // The customer cancelled at once; Stripe ended the subscription. The deletion arrives first…
    stripe.updateSubscription(user.subscriptionId, {
      status: 'canceled',
      canceled_at: Math.floor(Date.now() / 1000),
      ended_at: Math.floor(Date.now() / 1000),
    });
    const deleted = stripe.event(
      'customer.subscription.deleted',
      stripe.subscriptions.get(user.subscriptionId) ?? {},
    );
    expect((await deliver(deleted)).status).toBe(200);
    // …then the older ones, whose bodies still say "active".
    expect((await deliver(completed)).status).toBe(200);
    expect((await deliver(created)).status).toBe(200);
    expect(await planOf(user.userId)).toBe('free');
    const status = await (await api(user.cookie).subscription.check.$get()).json();
    expect(status).toEqual({ subscribed: false, subscriptionEnd: null, plan: 'free' });
  });

  it('follows the whole lifecycle: subscribe, renew, payment failed, cancel at period end, deleted', async () => {
    const user = await checkedOutUser();
    const summary = async () => (await api(user.cookie).billing.summary.$get()).json();

    await deliver(stripe.event('checkout.session.completed', user.session));
    await deliver(stripe.event('customer.subscription.created', user.subscription));
    await deliver(stripe.event('invoice.paid', stripe.invoiceFor(user.subscriptionId, 'paid')));
    expect(await planOf(user.userId)).toBe('premium');
    expect(await summary()).toMatchObject({
      mode: 'stripe',
      plan: 'premium',
      subscription: { status: 'active', cancelAtPeriodEnd: false, endsAt: null },
      canManageBilling: true,
      premiumSource: 'subscription',
    });

    // Renewal: a new period and a second paid invoice.
    const nextEnd = Math.floor(Date.now() / 1000) + 61 * 24 * 3600;
    stripe.updateSubscription(user.subscriptionId, { current_period_end: nextEnd });
    await deliver(stripe.event('invoice.paid', stripe.invoiceFor(user.subscriptionId, 'paid')));
    const renewed = (await (await api(user.cookie).subscription.check.$get()).json()) as SubscriptionStatus;
    expect(renewed.subscriptionEnd).toBe(new Date(nextEnd * 1000).toISOString());
    const invoices = (await (await api(user.cookie).billing.invoices.$get()).json()) as {
      invoices: BillingInvoice[];
    };
    expect(invoices.invoices).toHaveLength(2);
    expect(invoices.invoices[0]).toMatchObject({ status: 'paid', amountCents: 900, currency: 'usd' });

    // The next renewal fails: still premium while Stripe retries; the user is told by email.
    stripe.updateSubscription(user.subscriptionId, { status: 'past_due' });
    await deliver(stripe.event('invoice.payment_failed', stripe.invoiceFor(user.subscriptionId, 'open')));
    expect(await planOf(user.userId)).toBe('premium');
    const mail = await smtp.waitFor(user.email, /payment failed/);
    expect(mail.text).toContain('$9.00');
    expect(mail.text).toContain(`${app.env.PUBLIC_URL}/membership`);

    // The card is fixed, then the user cancels at the period end: premium until then.
    stripe.updateSubscription(user.subscriptionId, { status: 'active', cancel_at_period_end: true });
    await deliver(
      stripe.event('customer.subscription.updated', stripe.subscriptions.get(user.subscriptionId) ?? {}),
    );
    expect(await planOf(user.userId)).toBe('premium');
    expect(await summary()).toMatchObject({
      subscription: { cancelAtPeriodEnd: true, endsAt: new Date(nextEnd * 1000).toISOString() },
    });

    // The period ends: Stripe deletes the subscription, Premium ends.
    stripe.updateSubscription(user.subscriptionId, { status: 'canceled', ended_at: nextEnd });
    await deliver(
      stripe.event('customer.subscription.deleted', stripe.subscriptions.get(user.subscriptionId) ?? {}),
    );
    expect(await planOf(user.userId)).toBe('free');
    expect(await summary()).toMatchObject({
      plan: 'free',
      subscription: { status: 'canceled', endsAt: null },
      premiumSource: null,
    });
    // An administrator then grants Premium: nothing is billed, the page says it was granted.
    await app.handle.db
      .updateTable('profiles')
      .set({ subscription_plan: 'premium' })
      .where('user_id', '=', user.userId)
      .execute();
    expect(await summary()).toMatchObject({ plan: 'premium', premiumSource: 'granted' });
  });

  it('never touches complimentary access', async () => {
    const user = await checkedOutUser('complimentary');
    await deliver(stripe.event('checkout.session.completed', user.session));
    expect(await planOf(user.userId)).toBe('complimentary');
    stripe.updateSubscription(user.subscriptionId, { status: 'canceled' });
    await deliver(
      stripe.event('customer.subscription.deleted', stripe.subscriptions.get(user.subscriptionId) ?? {}),
    );
    expect(await planOf(user.userId)).toBe('complimentary');
  });

  it('acknowledges events for customers this site did not create, and ignores other event types', async () => {
    const stranger = stripe.event('customer.subscription.updated', {
      id: 'sub_not_ours',
      object: 'subscription',
      customer: 'cus_not_ours',
    });
    expect((await deliver(stranger)).status).toBe(200);
    const other = stripe.event('charge.refunded', { id: 'ch_1', object: 'charge' });
    expect((await deliver(other)).status).toBe(200);
    const outcomes = await app.handle.db
      .selectFrom('billing_events')
      .select(['id', 'outcome'])
      .where('id', 'in', [String(stranger.id), String(other.id)])
      .execute();
    expect(Object.fromEntries(outcomes.map((row) => [row.id, row.outcome]))).toEqual({
      [String(stranger.id)]: 'subscription not found',
      [String(other.id)]: 'ignored',
    });
  });
});

describe('portal, checkout return and account deletion', () => {
  it('opens the billing portal for a customer, returning to /membership', async () => {
    const user = await checkedOutUser();
    await deliver(stripe.event('checkout.session.completed', user.session));
    const response = await api(user.cookie).billing.portal.$post();
    expect(response.status).toBe(200);
    expect(((await response.json()) as { url: string }).url.startsWith(`${stripe.url}/portal/bps_`)).toBe(
      true,
    );
    const portalCall = stripe.requests.findLast((request) => request.path === '/v1/billing_portal/sessions');
    expect(portalCall?.body.return_url).toBe(`${app.env.PUBLIC_URL}/membership`);

    const stranger = await app.signedInUser();
    const none = await api(stranger.cookie).billing.portal.$post();
    expect(none.status).toBe(409);
  });

  it('the checkout-return sync reads the subscription from Stripe before any webhook arrived', async () => {
    const user = await checkedOutUser();
    expect(await planOf(user.userId)).toBe('free');
    const response = await api(user.cookie).billing.sync.$post();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ subscribed: true, plan: 'premium' });
    expect(await planOf(user.userId)).toBe('premium');
  });

  it('deleting an account cancels its paid subscription at Stripe', async () => {
    const user = await checkedOutUser();
    await deliver(stripe.event('checkout.session.completed', user.session));
    const response = await api(user.cookie).account.delete.$post({ json: { password: TEST_PASSWORD } });
    expect(response.status).toBe(200);
    expect(stripe.subscriptions.get(user.subscriptionId)?.status).toBe('canceled');
    const cancel = stripe.requests.find(
      (request) => request.method === 'DELETE' && request.path === `/v1/subscriptions/${user.subscriptionId}`,
    );
    expect(cancel?.idempotencyKey).toBe(`cancel:${user.subscriptionId}`);
    const rows = await app.handle.db
      .selectFrom('billing_subscriptions')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('has no test-mode pages when Stripe is configured', async () => {
    const user = await app.signedInUser();
    // The price shown is the one Stripe holds (edited in its dashboard here), not our default.
    expect(stripe.prices.size).toBe(1);
    for (const price of stripe.prices.values()) price.unit_amount = 1250;
    const config = await (await api().billing.config.$get()).json();
    expect(config).toEqual({
      mode: 'stripe',
      price: { amountCents: 1250, currency: 'usd', interval: 'month', intervalCount: 1 },
      priceUnavailable: null,
    });
    const page = await api(user.cookie).billing.test.portal.$get();
    expect(page.status).toBe(404);
    const pay = await api(user.cookie).billing.test.checkout[':id'].pay.$post({ param: { id: 'cs_test_x' } });
    expect(pay.status).toBe(404);
  });
});
