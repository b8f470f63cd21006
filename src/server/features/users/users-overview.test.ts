import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOverview } from '@/domain/admin/admin.schema';
import { startFakeStripe, type FakeStripe } from '../../../../tests/support/fake-stripe';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

/**
 * The overview's Premium split and revenue estimate, exact, on a database of its own: paying
 * members only, at the price the billing provider charges (test mode's, or Stripe's price object).
 */

const apps: TestApp[] = [];
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});
afterAll(async () => {
  await stripe?.close();
});

async function start(env: Record<string, string> = {}) {
  const app = await createTestApp({ env });
  apps.push(app);
  const admin = await app.signedInUser({ role: 'admin' });
  const overview = async () => {
    const response = await app.client(admin.cookie).admin.overview.$get();
    expect(response.status).toBe(200);
    return (await response.json()) as AdminOverview;
  };
  return { app, overview };
}

/** Pays a test-mode checkout: the member's Premium comes from a subscription. */
async function payInTestMode(app: TestApp) {
  const user = await app.signedInUser();
  const { url } = (await (await app.client(user.cookie).billing.checkout.$post()).json()) as { url: string };
  const paid = await app.client(user.cookie).billing.test.checkout[':id'].pay.$post({
    param: { id: url.split('/').pop() ?? '' },
  });
  expect(paid.status).toBe(200);
  return user;
}

const portal = async (app: TestApp, cookie: string, action: 'cancel' | 'advance' | 'fail-payment') => {
  const response = await app.client(cookie).billing.test.portal[action].$post();
  expect(response.status).toBe(200);
};

describe('admin overview in test mode', () => {
  it('counts paying, admin-granted, complimentary and unpaid members apart, at the test price', async () => {
    const { app, overview } = await start();
    expect(await overview()).toMatchObject({
      totalUsers: 1,
      premiumUsers: 0,
      payingPremiumUsers: 0,
      estimatedMonthlyRevenueCents: 0,
      premiumPrice: { amountCents: 900, currency: 'usd', interval: 'month', intervalCount: 1 },
    });

    // Three paying: one renews, one cancelled (still paid for this period), one plain.
    await payInTestMode(app);
    await payInTestMode(app);
    const cancelling = await payInTestMode(app);
    await portal(app, cancelling.cookie, 'cancel');
    // One whose renewal failed: Premium while the payment is retried, but nothing paid.
    const failing = await payInTestMode(app);
    await portal(app, failing.cookie, 'fail-payment');
    // Two granted by an administrator without a subscription, one of them after theirs ended.
    await app.signedInUser({ plan: 'premium' });
    const lapsed = await payInTestMode(app);
    await portal(app, lapsed.cookie, 'cancel');
    await portal(app, lapsed.cookie, 'advance');
    await app.handle.db
      .updateTable('profiles')
      .set({ subscription_plan: 'premium' })
      .where('user_id', '=', lapsed.userId)
      .execute();
    // Complimentary and free members pay nothing.
    await app.signedInUser({ plan: 'complimentary' });
    await app.signedInUser();

    expect(await overview()).toMatchObject({
      totalUsers: 9,
      premiumUsers: 7,
      payingPremiumUsers: 3,
      unpaidPremiumUsers: 1,
      grantedPremiumUsers: 2,
      complimentaryUsers: 1,
      premiumPrice: { amountCents: 900, currency: 'usd', interval: 'month', intervalCount: 1 },
      estimatedMonthlyRevenueCents: 2_700,
      revenueUnknownReason: null,
      // Billed: the latest paid invoice of each active or past-due subscription (4 × $9).
      recurringRevenueCents: 3_600,
    });
  });
});

describe('admin overview with Stripe', () => {
  const stripeEnv = (priceId: string) => ({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
    STRIPE_PRICE_ID: priceId,
  });

  it("estimates at the configured Stripe price, not the test mode's $9", async () => {
    stripe.prices.set('price_premium_quarterly', {
      id: 'price_premium_quarterly',
      object: 'price',
      active: true,
      currency: 'eur',
      unit_amount: 4_500,
      recurring: { interval: 'month', interval_count: 3 },
      product: 'prod_premium',
      type: 'recurring',
    });
    const { app, overview } = await start(stripeEnv('price_premium_quarterly'));
    for (const _ of [1, 2]) {
      const user = await app.signedInUser();
      const { url } = (await (await app.client(user.cookie).billing.checkout.$post()).json()) as {
        url: string;
      };
      stripe.completeCheckout(url.split('/').pop() ?? '');
      expect((await app.client(user.cookie).billing.sync.$post()).status).toBe(200);
    }
    await app.signedInUser({ plan: 'premium' });

    expect(await overview()).toMatchObject({
      premiumUsers: 3,
      payingPremiumUsers: 2,
      grantedPremiumUsers: 1,
      complimentaryUsers: 0,
      premiumPrice: { amountCents: 4_500, currency: 'eur', interval: 'month', intervalCount: 3 },
      // €45 every 3 months is €15 a month, for each of the two paying members.
      estimatedMonthlyRevenueCents: 3_000,
      revenueUnknownReason: null,
    });
  });

  it('says the estimate is unknown, and why, when the price cannot be read', async () => {
    const { app, overview } = await start(stripeEnv('price_that_does_not_exist'));
    await app.signedInUser({ plan: 'premium' });
    expect(await overview()).toMatchObject({
      premiumUsers: 1,
      grantedPremiumUsers: 1,
      premiumPrice: null,
      estimatedMonthlyRevenueCents: null,
      revenueUnknownReason: "Premium's price is unknown: The payment provider could not be reached",
    });
  });
});
