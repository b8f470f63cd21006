import type { ColumnType } from 'kysely';
import type { Timestamp, RequiredTimestamp, NullableTimestamp } from './columns';

/**
 * Billing: the payment provider's customers, subscriptions, invoices and events, and the tables of
 * the local test mode.
 */
export type BillingProviderName = 'stripe' | 'test';

export interface BillingCustomersTable {
  user_id: string;
  provider: BillingProviderName;
  customer_id: string;
  created_at: Timestamp;
}

export interface BillingSubscriptionsTable {
  id: string;
  provider: BillingProviderName;
  user_id: string;
  customer_id: string;
  status: string;
  price_id: string | null;
  current_period_end: NullableTimestamp;
  cancel_at_period_end: boolean;
  cancel_at: NullableTimestamp;
  canceled_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  /** When the provider's state was read: an older read never overwrites a newer one. */
  synced_at: RequiredTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BillingInvoicesTable {
  id: string;
  provider: BillingProviderName;
  user_id: string;
  subscription_id: string | null;
  status: string;
  amount_cents: number;
  currency: string;
  period_start: NullableTimestamp;
  period_end: NullableTimestamp;
  hosted_url: string | null;
  created_at: RequiredTimestamp;
}

export interface BillingEventsTable {
  id: string;
  provider: BillingProviderName;
  type: string;
  user_id: string | null;
  outcome: string;
  created_at: RequiredTimestamp;
  processed_at: Timestamp;
}

export interface BillingTestCheckoutSessionsTable {
  id: string;
  user_id: string;
  status: 'open' | 'complete' | 'expired';
  subscription_id: string | null;
  created_at: Timestamp;
  expires_at: RequiredTimestamp;
}

export interface BillingTestSubscriptionsTable {
  id: string;
  user_id: string;
  customer_id: string;
  status: string;
  current_period_start: RequiredTimestamp;
  current_period_end: RequiredTimestamp;
  cancel_at_period_end: ColumnType<boolean, boolean | undefined, boolean>;
  canceled_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}
