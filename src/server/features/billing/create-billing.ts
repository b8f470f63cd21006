import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import type { Logger } from '../../lib/logger';
import type { AppDeps } from '../../lib/context';
import type { Mailer } from '../../lib/mailer';
import { processBillingEvent, type BillingContext } from './billing.service';
import { createTestProvider, type TestBillingProvider } from './test-mode/test-provider';

/** Billing as the app uses it: Stripe when its keys are set, else the labelled local test mode. */
export interface Billing extends BillingContext {
  /** Present in test mode: its checkout and billing pages' operations. */
  test: TestBillingProvider | null;
  /** Present with Stripe keys: the SDK client and the webhook signing secret. */
  stripe: { client: Stripe; webhookSecret: string | undefined } | null;
}

/** What the billing routes are built with: the app's deps and billing itself (composed in runtime.ts). */
export interface BillingDeps extends AppDeps {
  billing: Billing;
}

/**
 * Stripe's SDK (its module, ./stripe-provider) is loaded only with Stripe's keys: a server in test
 * mode never needs its few MB (ADR 0056).
 */
export async function createBilling(deps: {
  env: Env;
  db: Db;
  mailer: Mailer;
  logger: Logger;
}): Promise<Billing> {
  const { env, db, mailer } = deps;
  const logger = deps.logger.child({ module: 'billing' });
  const base = { db, mailer, logger, publicUrl: env.PUBLIC_URL };
  if (env.STRIPE_SECRET_KEY) {
    const { createStripeProvider } = await import('./stripe/stripe-provider');
    const provider = createStripeProvider(
      {
        secretKey: env.STRIPE_SECRET_KEY,
        priceId: env.STRIPE_PRICE_ID,
        apiBase: env.STRIPE_API_BASE,
        publicUrl: env.PUBLIC_URL,
      },
      { db, logger },
    );
    if (!env.STRIPE_WEBHOOK_SECRET)
      logger.warn(
        'STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks will be refused, plans will not follow payments',
      );
    return {
      ...base,
      provider,
      test: null,
      stripe: { client: provider.stripe, webhookSecret: env.STRIPE_WEBHOOK_SECRET },
    };
  }
  const provider = createTestProvider({ db, publicUrl: env.PUBLIC_URL });
  const billing: Billing = { ...base, provider, test: provider, stripe: null };
  provider.attach((event) => processBillingEvent(billing, event));
  return billing;
}

/** One line for the start-up log and the admin overview. */
export function billingModeNotice(billing: Billing): string {
  return billing.test
    ? 'Billing is in TEST MODE: no card is charged. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take payments.'
    : 'Billing through Stripe.';
}
