import type { AccountCategory, AccountOrigin } from '@/domain/known-accounts/known-accounts.schema';
import type { EscrowEventKind } from '@/domain/supply/escrow-events';
import type { ColumnType, Generated } from 'kysely';
import type { NullableNumeric, Numeric, NullableTimestamp, RequiredTimestamp, Timestamp } from './columns';

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

/** Every validated XRP payment with a named exchange account on either side (migration 0028). */
export interface ExchangePaymentsTable {
  transaction_hash: string;
  ledger_index: number;
  paid_at: RequiredTimestamp;
  from_address: string;
  to_address: string;
  amount_drops: Numeric;
  destination_tag: ColumnType<number | null, number | null | undefined, number | null>;
  /** The sender's exchange entity as named when the ledger was read; null: not an exchange's. */
  from_exchange: string | null;
  to_exchange: string | null;
}

/** Each exchange's inflow and outflow per UTC hour, summed from exchange_payments. */
export interface ExchangeFlowHourlyTable {
  entity: string;
  hour: RequiredTimestamp;
  inflow_drops: Numeric;
  inflow_count: number;
  outflow_drops: Numeric;
  outflow_count: number;
}

/** Each exchange's named accounts' XRP, summed at one validated ledger (migration 0029). */
export interface ExchangeReservesTable {
  entity: string;
  ledger_index: number;
  read_at: RequiredTimestamp;
  balance_drops: Numeric;
  /** How many of the exchange's named accounts the sum covers. */
  accounts: number;
  /** A digest of which accounts (their sorted addresses); null for readings before migration 0035. */
  accounts_key: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Ledgers read (stream, catch-up, backfill), as ranges joined as they grow (migration 0033). */
export interface LedgerScanRangesTable {
  first_ledger: number;
  last_ledger: number;
}

/** An admin's request to read past ledgers, and its progress (migration 0034). */
export interface LedgerBackfillsTable {
  id: Generated<string>;
  days: number;
  status: 'running' | 'done' | 'cancelled';
  from_ledger: number | null;
  to_ledger: number | null;
  ledgers_total: number | null;
  ledgers_scanned: Generated<number>;
  whale_payments: Generated<number>;
  exchange_payments: Generated<number>;
  oldest_ledger: number | null;
  oldest_closed_at: NullableTimestamp;
  note: string | null;
  requested_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: NullableTimestamp;
}

/** One reading of the XRP supply at a validated ledger (migration 0036). */
export interface SupplyReadingsTable {
  ledger_index: number;
  read_at: RequiredTimestamp;
  total_coins_drops: Numeric;
  /** How many accounts named as Ripple's were read; 0 leaves the three sums below null. */
  ripple_accounts: number;
  escrowed_drops: NullableNumeric;
  escrows: number | null;
  ripple_held_drops: NullableNumeric;
}

/** The escrows Ripple's named accounts own, as of the latest supply reading (migration 0036). */
export interface RippleEscrowsTable {
  entry_index: string;
  owner: string;
  destination: string;
  amount_drops: Numeric;
  finish_after: NullableTimestamp;
  cancel_after: NullableTimestamp;
  created_ledger: number | null;
  ledger_index: number;
}

/** An escrow a Ripple account created, finished or cancelled, from a ledger read (migration 0037). */
export interface EscrowEventsTable {
  hash: string;
  ledger_index: number;
  closed_at: RequiredTimestamp;
  kind: EscrowEventKind;
  owner: string;
  amount_drops: Numeric;
  finish_after: NullableTimestamp;
}

/** The tables of this file, as the Database interface (schema.ts) includes them. */
export interface KnownAccountsTables {
  known_accounts: KnownAccountsTable;
  exchange_payments: ExchangePaymentsTable;
  exchange_flow_hourly: ExchangeFlowHourlyTable;
  exchange_reserves: ExchangeReservesTable;
  ledger_scan_ranges: LedgerScanRangesTable;
  ledger_backfills: LedgerBackfillsTable;
  supply_readings: SupplyReadingsTable;
  ripple_escrows: RippleEscrowsTable;
  escrow_events: EscrowEventsTable;
}
