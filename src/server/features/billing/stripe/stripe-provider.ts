import crypto from 'node:crypto';
import Stripe from 'stripe';
import {
  PREMIUM_CURRENCY,
  PREMIUM_PRICE_CENTS,
  planPriceSchema,
  type PlanPrice,
} from '@/domain/billing/billing';

/** How long a price read from Stripe is shown before it is read again. */
const PRICE_TTL_MS = 10 * 60_000;
/** After a failed read, how long before Stripe is asked again. */
const PRICE_RETRY_MS = 60_000;
import type { Db } from '../../../db/client';
import type { Logger } from '../../../lib/logger';
import type {
  BillingEvent,
  BillingProvider,
  InvoiceSnapshot,
  SubscriptionSnapshot,
} from '../provider-contract';
import { rememberedStripePrice, rememberStripePrice } from './stripe-price.service';

/** The price we create when STRIPE_PRICE_ID is not set, found again by this lookup key. */
export const PREMIUM_LOOKUP_KEY = 'xrp_research_premium_monthly';

export interface StripeSettings {
  secretKey: string;
  priceId: string | undefined;
  /** Tests only: a local server speaking Stripe's API. */
  apiBase: string | undefined;
  publicUrl: string;
}

export function createStripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiBase'>): Stripe {
  const config: ConstructorParameters<typeof Stripe>[1] = {
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    appInfo: { name: 'xrp-research' },
  };
  if (settings.apiBase) {
    const base = new URL(settings.apiBase);
    config.host = base.hostname;
    config.protocol = base.protocol === 'http:' ? 'http' : 'https';
    config.port = Number(base.port || (base.protocol === 'http:' ? 80 : 443));
  }
  return new Stripe(settings.secretKey, config);
}

const toDate = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000);

const idOf = (value: string | { id: string } | null | undefined) =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

export function subscriptionSnapshot(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const items = subscription.items.data;
  // Since API 2025-03-31 the billing period lives on the items; every item of ours shares one period.
  const periodEnds = items.map((item) => item.current_period_end).filter((end) => typeof end === 'number');
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    userId: subscription.metadata.user_id ?? null,
    status: subscription.status,
    priceId: items[0]?.price.id ?? null,
    currentPeriodEnd: periodEnds.length > 0 ? toDate(Math.max(...periodEnds)) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    cancelAt: toDate(subscription.cancel_at),
    canceledAt: toDate(subscription.canceled_at),
    endedAt: toDate(subscription.ended_at),
  };
}

export function invoiceSnapshot(invoice: Stripe.Invoice): InvoiceSnapshot {
  const paid = invoice.status === 'paid';
  return {
    id: invoice.id ?? '',
    customerId: idOf(invoice.customer) ?? '',
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription ?? null),
    status: invoice.status ?? 'draft',
    amountCents: paid ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    periodStart: toDate(invoice.period_start),
    periodEnd: toDate(invoice.period_end),
    hostedUrl: invoice.hosted_invoice_url ?? null,
    createdAt: toDate(invoice.created) ?? new Date(),
  };
}

/** Reduces a verified Stripe event to what billing acts on. */
/** The webhook's event once its signature checks out with `secret`; `{ refused }` with the reason when not. */
export async function verifiedWebhookEvent(
  client: Stripe,
  rawBody: string,
  signature: string,
  secret: string,
): Promise<Stripe.Event | { refused: string }> {
  try {
    return await client.webhooks.constructEventAsync(rawBody, signature, secret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) return { refused: error.message };
    throw error;
  }
}

export function billingEventOf(event: Stripe.Event): BillingEvent {
  const base = { id: event.id, created: new Date(event.created * 1000) };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return { ...base, type: 'ignored', originalType: event.type };
      return {
        ...base,
        type: event.type,
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
        userId: session.client_reference_id,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { ...base, type: event.type, subscriptionId: event.data.object.id };
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return { ...base, type: event.type, invoice: invoiceSnapshot(event.data.object) };
    default:
      return { ...base, type: 'ignored', originalType: event.type };
  }
}

/** Billing through Stripe Checkout (subscription mode) and the Stripe Billing Portal. */
export function createStripeProvider(
  settings: StripeSettings,
  deps: { db: Db; logger: Logger; stripe?: Stripe },
): BillingProvider & { stripe: Stripe; priceId(): Promise<string> } {
  const stripe = deps.stripe ?? createStripeClient(settings);
  let rememberedPrice: Promise<string> | null = null;

  /** STRIPE_PRICE_ID, else our $9/month price: found by lookup key, or created once and remembered. */
  const resolvePrice = async (): Promise<string> => {
    if (settings.priceId) return settings.priceId;
    const stored = await rememberedStripePrice(deps.db);
    if (stored !== null) return stored;
    const found = await stripe.prices.list({ lookup_keys: [PREMIUM_LOOKUP_KEY], active: true, limit: 1 });
    const price =
      found.data[0] ??
      (await stripe.prices.create(
        {
          currency: PREMIUM_CURRENCY,
          unit_amount: PREMIUM_PRICE_CENTS,
          recurring: { interval: 'month' },
          lookup_key: PREMIUM_LOOKUP_KEY,
          product_data: { name: 'XRP Research Premium' },
        },
        { idempotencyKey: `price:${PREMIUM_LOOKUP_KEY}` },
      ));
    await rememberStripePrice(deps.db, price.id);
    deps.logger.info({ price: price.id }, found.data[0] ? 'stripe price found' : 'stripe price created');
    return price.id;
  };

  const priceId = () => {
    rememberedPrice ??= resolvePrice().catch((error: unknown) => {
      rememberedPrice = null;
      throw error;
    });
    return rememberedPrice;
  };

  // The price object checkout charges, read from Stripe and kept for a while (an edit in Stripe's
  // dashboard shows within PRICE_TTL_MS); the last good one stays when Stripe cannot be reached.
  let knownPrice: PlanPrice | null = null;
  // When the price was last read, or last failed to be read: the page-load path (GET
  // /api/billing/config) asks Stripe at most once per PRICE_TTL_MS when it answers, once per
  // PRICE_RETRY_MS when it does not, and never twice at once.
  let readAt = 0;
  let failure: { error: unknown; at: number } | null = null;
  let reading: Promise<PlanPrice> | null = null;
  const readPrice = async (): Promise<PlanPrice> => {
    const object = await stripe.prices.retrieve(await priceId());
    const interval = planPriceSchema.shape.interval.safeParse(object.recurring?.interval);
    if (object.unit_amount === null || !object.recurring || !interval.success)
      throw new Error(`Stripe price ${object.id} is not a fixed recurring amount`);
    return {
      amountCents: object.unit_amount,
      currency: object.currency,
      interval: interval.data,
      intervalCount: object.recurring.interval_count,
    };
  };
  const price = async (): Promise<PlanPrice> => {
    const now = Date.now();
    if (knownPrice && now - readAt < PRICE_TTL_MS) return knownPrice;
    if (failure && now - failure.at < PRICE_RETRY_MS) {
      if (knownPrice) return knownPrice;
      throw failure.error;
    }
    reading ??= readPrice()
      .then((value) => {
        knownPrice = value;
        readAt = Date.now();
        failure = null;
        return value;
      })
      .catch((error: unknown) => {
        failure = { error, at: Date.now() };
        if (!knownPrice) throw error;
        deps.logger.warn({ err: error }, 'stripe price unreadable; showing the last one read');
        return knownPrice;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };

  return {
    mode: 'stripe',
    stripe,
    priceId,
    price,
    async createCustomer({ userId, email, name }) {
      const customer = await stripe.customers.create(
        { email, ...(name ? { name } : {}), metadata: { user_id: userId } },
        { idempotencyKey: `customer:${userId}` },
      );
      return customer.id;
    },
    async createCheckout({ userId, customerId }) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: customerId,
          client_reference_id: userId,
          line_items: [{ price: await priceId(), quantity: 1 }],
          subscription_data: { metadata: { user_id: userId } },
          success_url: `${settings.publicUrl}/membership?success=true`,
          cancel_url: `${settings.publicUrl}/membership?canceled=true`,
        },
        { idempotencyKey: `checkout:${userId}:${crypto.randomUUID()}` },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return session.url;
    },
    async createPortal({ customerId }) {
      const session = await stripe.billingPortal.sessions.create(
        { customer: customerId, return_url: `${settings.publicUrl}/membership` },
        { idempotencyKey: `portal:${customerId}:${crypto.randomUUID()}` },
      );
      return session.url;
    },
    async retrieveSubscription(id) {
      try {
        return subscriptionSnapshot(await stripe.subscriptions.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
    async listSubscriptions(customerId) {
      const page = await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 });
      return page.data.map(subscriptionSnapshot);
    },
    async cancelNow(subscriptionId) {
      try {
        await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `cancel:${subscriptionId}` });
      } catch (error) {
        // Already cancelled (or unknown to Stripe): nothing will be charged.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return;
        throw error;
      }
    },
  };
}
