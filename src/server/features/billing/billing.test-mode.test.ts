import { beforeAll, describe, expect, it } from 'vitest';
import type { TestSmtp } from '../../../../tests/support/smtp';
import { useTestAppWithSmtp } from '../../../../tests/support/test-app-with-smtp';
import { TEST_PASSWORD, type TestApp } from '../../../../tests/support/test-app';

/** Without Stripe keys (the embedded default): the labelled local test-mode provider, same rules. */

const context = useTestAppWithSmtp();
let app: TestApp;
let smtp: TestSmtp;
beforeAll(() => {
  app = context.app();
  smtp = context.smtp();
});

const post = (cookie?: string) => ({ method: 'POST', ...(cookie ? { cookie } : {}) });
const getJson = async (path: string, cookie: string) => (await app.request(path, { cookie })).json();

async function planOf(userId: string) {
  const row = await app.handle.db
    .selectFrom('profiles')
    .select('subscription_plan')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.subscription_plan;
}

async function openCheckout(cookie: string) {
  const response = await app.request('/api/billing/checkout', post(cookie));
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  expect(url).toMatch(new RegExp(`^${app.env.PUBLIC_URL}/billing/test/checkout/cs_test_[0-9a-f]+$`));
  return url.split('/').pop() ?? '';
}

async function subscribedUser() {
  const user = await app.signedInUser();
  const sessionId = await openCheckout(user.cookie);
  const paid = await app.request(`/api/billing/test/checkout/${sessionId}/pay`, post(user.cookie));
  expect(paid.status).toBe(200);
  return { ...user, sessionId };
}

describe('test-mode checkout', () => {
  it('is the mode without Stripe keys', async () => {
    expect(await (await app.request('/api/billing/config')).json()).toEqual({
      mode: 'test',
      price: { amountCents: 900, currency: 'usd', interval: 'month', intervalCount: 1 },
      priceUnavailable: null,
    });
  });

  it("shows the user's own session, pays it without a card, and the user is premium", async () => {
    const user = await app.signedInUser();
    const sessionId = await openCheckout(user.cookie);
    const view = await getJson(`/api/billing/test/checkout/${sessionId}`, user.cookie);
    expect(view).toMatchObject({
      status: 'open',
      amountCents: 900,
      currency: 'usd',
      interval: 'month',
      email: user.email,
    });

    const other = await app.signedInUser();
    expect(
      (await app.request(`/api/billing/test/checkout/${sessionId}`, { cookie: other.cookie })).status,
    ).toBe(404);
    expect(
      (await app.request(`/api/billing/test/checkout/${sessionId}/pay`, post(other.cookie))).status,
    ).toBe(404);
    expect((await app.request(`/api/billing/test/checkout/${sessionId}/pay`, post())).status).toBe(401);

    const paid = await app.request(`/api/billing/test/checkout/${sessionId}/pay`, post(user.cookie));
    expect(await paid.json()).toEqual({ redirect: '/membership?success=true' });
    expect(await planOf(user.userId)).toBe('premium');
    // A second click on Pay changes nothing and charges nothing.
    expect((await app.request(`/api/billing/test/checkout/${sessionId}/pay`, post(user.cookie))).status).toBe(
      200,
    );
    const { invoices } = await getJson('/api/billing/invoices', user.cookie);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: 'paid', amountCents: 900 });

    const status = await getJson('/api/subscription/check', user.cookie);
    expect(status.subscribed).toBe(true);
    expect(status.plan).toBe('premium');
    expect(new Date(status.subscriptionEnd).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
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
    expect((await app.request('/api/billing/checkout', post(user.cookie))).status).toBe(409);
  });

  it('leaving the checkout returns to ?canceled=true and the session cannot be paid afterwards', async () => {
    const user = await app.signedInUser();
    const sessionId = await openCheckout(user.cookie);
    const left = await app.request(`/api/billing/test/checkout/${sessionId}/cancel`, post(user.cookie));
    expect(await left.json()).toEqual({ redirect: '/membership?canceled=true' });
    expect((await getJson(`/api/billing/test/checkout/${sessionId}`, user.cookie)).status).toBe('expired');
    const late = await app.request(`/api/billing/test/checkout/${sessionId}/pay`, post(user.cookie));
    expect(late.status).toBe(409);
    expect(await planOf(user.userId)).toBe('free');
  });

  it('opening checkout is limited to 10 per 10 minutes per user', async () => {
    const user = await app.signedInUser();
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect((await app.request('/api/billing/checkout', post(user.cookie))).status).toBe(200);
    const refused = await app.request('/api/billing/checkout', post(user.cookie));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another user is not affected.
    const other = await app.signedInUser();
    expect((await app.request('/api/billing/checkout', post(other.cookie))).status).toBe(200);
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
    const cancelled = await (await app.request('/api/billing/test/portal/cancel', post(user.cookie))).json();
    expect(cancelled.summary).toMatchObject({ plan: 'premium', subscription: { cancelAtPeriodEnd: true } });
    expect(cancelled.summary.subscription.endsAt).toBe(cancelled.summary.subscription.currentPeriodEnd);
    expect(await planOf(user.userId)).toBe('premium');

    const resumed = await (await app.request('/api/billing/test/portal/resume', post(user.cookie))).json();
    expect(resumed.summary.subscription).toMatchObject({ cancelAtPeriodEnd: false, endsAt: null });

    await app.request('/api/billing/test/portal/cancel', post(user.cookie));
    const ended = await (await app.request('/api/billing/test/portal/advance', post(user.cookie))).json();
    expect(ended.summary).toMatchObject({ plan: 'free', subscription: { status: 'canceled' } });
    expect(await planOf(user.userId)).toBe('free');
    // Nothing left to cancel; and the user may subscribe again.
    expect((await app.request('/api/billing/test/portal/cancel', post(user.cookie))).status).toBe(404);
    expect((await app.request('/api/billing/checkout', post(user.cookie))).status).toBe(200);
  });

  it('a period that ends without cancellation renews with a new paid invoice', async () => {
    const user = await subscribedUser();
    const before = await getJson('/api/billing/summary', user.cookie);
    const renewed = await (await app.request('/api/billing/test/portal/advance', post(user.cookie))).json();
    expect(renewed.summary.plan).toBe('premium');
    expect(new Date(renewed.summary.subscription.currentPeriodEnd).getTime()).toBeGreaterThan(
      new Date(before.subscription.currentPeriodEnd).getTime() + 27 * 86_400_000,
    );
    expect(renewed.invoices).toHaveLength(2);
  });

  it('a failed renewal keeps premium while past due, emails the user, and ends premium when it stays unpaid', async () => {
    const user = await subscribedUser();
    const failed = await (
      await app.request('/api/billing/test/portal/fail-payment', post(user.cookie))
    ).json();
    expect(failed.summary).toMatchObject({ plan: 'premium', subscription: { status: 'past_due' } });
    expect(failed.invoices[0]).toMatchObject({ status: 'open' });
    const mail = await smtp.waitFor(user.email, /payment failed/);
    expect(mail.text).toContain('Manage Subscription');
    const gaveUp = await (await app.request('/api/billing/test/portal/advance', post(user.cookie))).json();
    expect(gaveUp.summary.plan).toBe('free');
  });

  it('the scheduler renews or ends test subscriptions whose period has run out', async () => {
    const renewing = await subscribedUser();
    const ending = await subscribedUser();
    await app.request('/api/billing/test/portal/cancel', post(ending.cookie));
    const test = app.billing.test;
    if (!test) throw new Error('expected test mode');
    const later = new Date(Date.now() + 40 * 86_400_000);
    expect(await test.advanceDue(later)).toBeGreaterThanOrEqual(2);
    expect(await planOf(renewing.userId)).toBe('premium');
    expect(await planOf(ending.userId)).toBe('free');
    // A second pass at the same moment does nothing more to them.
    await test.advanceDue(later);
    expect((await getJson('/api/billing/invoices', renewing.cookie)).invoices).toHaveLength(2);
  });

  it('complimentary users have no billing to manage', async () => {
    const user = await app.signedInUser({ plan: 'complimentary' });
    const summary = await getJson('/api/billing/summary', user.cookie);
    expect(summary).toEqual({
      mode: 'test',
      plan: 'complimentary',
      subscription: null,
      canManageBilling: false,
    });
    expect((await app.request('/api/billing/portal', post(user.cookie))).status).toBe(409);
    expect((await app.request('/api/billing/checkout', post(user.cookie))).status).toBe(409);
    expect(await getJson('/api/subscription/check', user.cookie)).toEqual({
      subscribed: true,
      subscriptionEnd: null,
      plan: 'complimentary',
    });
  });

  it('every billing route needs a session', async () => {
    for (const [method, path] of [
      ['GET', '/api/billing/summary'],
      ['GET', '/api/billing/invoices'],
      ['GET', '/api/billing/test/portal'],
      ['POST', '/api/billing/test/portal/cancel'],
      ['POST', '/api/billing/test/portal/resume'],
      ['POST', '/api/billing/test/portal/advance'],
      ['POST', '/api/billing/test/portal/fail-payment'],
      ['POST', '/api/billing/checkout'],
      ['POST', '/api/billing/portal'],
      ['POST', '/api/billing/sync'],
    ] as const) {
      const response = await app.request(path, { method });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it('deleting an account ends its test subscription first', async () => {
    const user = await subscribedUser();
    const eventsNaming = (userId: string) =>
      app.handle.db.selectFrom('billing_events').select('id').where('user_id', '=', userId).execute();
    expect(await eventsNaming(user.userId)).not.toHaveLength(0);
    // Every event so far, the other tests' included: what the deletion adds is what is left.
    const before = await app.handle.db.selectFrom('billing_events').select('id').execute();
    const response = await app.request('/api/account/delete', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: TEST_PASSWORD }),
      cookie: user.cookie,
    });
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
