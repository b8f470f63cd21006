import type { BillingMode, PlanPrice } from '@/domain/billing/billing';

/** A subscription as the payment provider holds it right now. */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  /** The user id we put in the subscription's metadata at checkout (a fallback to the customer link). */
  userId: string | null;
  status: string;
  priceId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  cancelAt: Date | null;
  canceledAt: Date | null;
  endedAt: Date | null;
}

export interface InvoiceSnapshot {
  id: string;
  customerId: string;
  subscriptionId: string | null;
  status: string;
  amountCents: number;
  currency: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  hostedUrl: string | null;
  createdAt: Date;
}

/** A provider's webhook event, reduced to what billing acts on. */
export type BillingEvent = {
  id: string;
  created: Date;
} & (
  | {
      type: 'checkout.session.completed';
      customerId: string | null;
      subscriptionId: string | null;
      /** client_reference_id: the user who opened the checkout. */
      userId: string | null;
    }
  | {
      type:
        'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted';
      subscriptionId: string;
    }
  | { type: 'invoice.paid' | 'invoice.payment_failed'; invoice: InvoiceSnapshot }
  | { type: 'ignored'; originalType: string }
);

export interface BillingCustomerInput {
  userId: string;
  email: string;
  name: string | null;
}

/**
 * What billing needs from a payment provider. Stripe implements it against its API; the test-mode
 * provider implements it locally, with its own checkout and billing pages, and feeds its events into
 * the same processing as Stripe's webhooks.
 */
export interface BillingProvider {
  readonly mode: BillingMode;
  /** Premium's price as the provider holds it (Stripe: the price object checkout charges). */
  price(): Promise<PlanPrice>;
  /** Creates the provider's customer for a user (called once per user; the caller stores the link). */
  createCustomer(input: BillingCustomerInput): Promise<string>;
  /** A checkout page for the $9/month plan; returns its URL. */
  createCheckout(input: { userId: string; customerId: string }): Promise<string>;
  /** A billing page (cancel, resume, invoices, card); returns its URL. */
  createPortal(input: { userId: string; customerId: string }): Promise<string>;
  /** The subscription as the provider holds it now; null when the provider does not know it. */
  retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null>;
  /** Every subscription of a customer (the checkout-return sync). */
  listSubscriptions(customerId: string): Promise<SubscriptionSnapshot[]>;
  /** Ends a subscription at once, without a refund (account deletion). */
  cancelNow(subscriptionId: string): Promise<void>;
}
