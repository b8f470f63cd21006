import type { AccountCategory, AccountOrigin } from '@/domain/known-accounts/known-accounts.schema';
import type { NullableTimestamp, Timestamp } from './columns';

/** The registry of known accounts: who owns an address, what it is, and where the name comes from. */
export interface KnownAccountsTable {
  address: string;
  label: string;
  entity: string;
  category: AccountCategory;
  source_name: string;
  source_url: string;
  origin: AccountOrigin;
  checked_at: NullableTimestamp;
  retired_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}
