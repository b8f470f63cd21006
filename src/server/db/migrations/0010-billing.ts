import { sql, type Kysely } from 'kysely';

/**
 * Billing: the app's mirror of each user's payment-provider customer, subscriptions and invoices,
 * the webhook event ids already processed, and the local test-mode provider's own records (what
 * Stripe would hold when no Stripe keys are set).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE billing_customers (
      user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
      provider text NOT NULL CHECK (provider IN ('stripe', 'test')),
      customer_id text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, provider)
    );

    CREATE TABLE billing_subscriptions (
      id text PRIMARY KEY,
      provider text NOT NULL CHECK (provider IN ('stripe', 'test')),
      user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
      customer_id text NOT NULL,
      status text NOT NULL,
      price_id text,
      current_period_end timestamptz,
      cancel_at_period_end boolean NOT NULL DEFAULT false,
      cancel_at timestamptz,
      canceled_at timestamptz,
      ended_at timestamptz,
      synced_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX billing_subscriptions_user_idx ON billing_subscriptions (user_id);

    CREATE TABLE billing_invoices (
      id text PRIMARY KEY,
      provider text NOT NULL CHECK (provider IN ('stripe', 'test')),
      user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
      subscription_id text,
      status text NOT NULL,
      amount_cents integer NOT NULL,
      currency text NOT NULL,
      period_start timestamptz,
      period_end timestamptz,
      hosted_url text,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX billing_invoices_user_idx ON billing_invoices (user_id, created_at DESC);

    CREATE TABLE billing_events (
      id text PRIMARY KEY,
      provider text NOT NULL CHECK (provider IN ('stripe', 'test')),
      type text NOT NULL,
      user_id text,
      outcome text NOT NULL,
      created_at timestamptz NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX billing_events_processed_idx ON billing_events (processed_at DESC);

    CREATE TABLE billing_test_checkout_sessions (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
      status text NOT NULL CHECK (status IN ('open', 'complete', 'expired')),
      subscription_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );

    CREATE TABLE billing_test_subscriptions (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
      customer_id text NOT NULL,
      status text NOT NULL,
      current_period_start timestamptz NOT NULL,
      current_period_end timestamptz NOT NULL,
      cancel_at_period_end boolean NOT NULL DEFAULT false,
      canceled_at timestamptz,
      ended_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX billing_test_subscriptions_due_idx ON billing_test_subscriptions (current_period_end)
      WHERE status IN ('active', 'past_due');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE billing_test_subscriptions;
    DROP TABLE billing_test_checkout_sessions;
    DROP TABLE billing_events;
    DROP TABLE billing_invoices;
    DROP TABLE billing_subscriptions;
    DROP TABLE billing_customers;
  `.execute(db);
}
