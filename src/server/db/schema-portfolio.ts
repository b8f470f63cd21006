import type { ColumnType, Generated } from 'kysely';
import type { Json, Numeric, NullableNumeric, NullableTimestamp, Timestamp } from './columns';

/** Portfolio tracking (migration 0019): watched accounts, their payments, lots, ledger prices. */
export interface WatchedAccountsTable {
  id: Generated<string>;
  user_id: string;
  address: string;
  destination_tag: number | null;
  label: string;
  created_at: Timestamp;
  balance_drops: NullableNumeric;
  owner_count: number | null;
  ledger_index: number | null;
  /** [{ currency, issuer, balance }] as `account_lines` gave them. */
  lines: Json;
  refreshed_at: NullableTimestamp;
  refresh_error: string | null;
  refresh_due_at: Timestamp;
  history_from: Timestamp;
}

export interface WatchedAccountTxTable {
  id: Generated<string>;
  watched_account_id: string;
  hash: string;
  ledger_index: number;
  occurred_at: ColumnType<Date, Date | string, Date | string>;
  direction: 'in' | 'out' | 'other';
  transaction_type: string;
  delivered_drops: NullableNumeric;
  counterparty: string | null;
  balance_after_drops: NullableNumeric;
  change_drops: NullableNumeric;
  backfilled: Generated<boolean>;
}

export interface PortfolioLotsTable {
  id: Generated<string>;
  user_id: string;
  amount_drops: Numeric;
  /** A calendar day, 'YYYY-MM-DD'. */
  acquired_on: string | null;
  cost_usd_per_xrp: NullableNumeric;
  note: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LedgerTokenPricesTable {
  currency: string;
  issuer: string;
  xrp_per_token: number | null;
  source: 'amm' | 'order-book' | null;
  unvalued_reason: string | null;
  read_at: Timestamp;
}

export interface LedgerReservesTable {
  id: Generated<boolean>;
  base_drops: Numeric;
  per_object_drops: Numeric;
  ledger_index: number | null;
  read_at: Timestamp;
}
