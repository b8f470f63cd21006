import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, RequiredTimestamp, NullableTimestamp, NullableNumeric } from './columns';

/**
 * The data engine: API sources and their sync logs, background task runs, market history, sync
 * state and the live-event log.
 */
export interface ApiSourcesTable {
  id: Generated<string>;
  name: string;
  description: string | null;
  api_type: string;
  status: ColumnType<'active' | 'inactive' | 'error', 'active' | 'inactive' | 'error' | undefined>;
  sync_frequency_minutes: Generated<number>;
  last_sync_at: NullableTimestamp;
  next_sync_at: NullableTimestamp;
  total_requests: Generated<number>;
  success_count: Generated<number>;
  error_count: Generated<number>;
  lease_owner: string | null;
  lease_expires_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ApiSyncLogsTable {
  id: Generated<string>;
  api_source: string;
  sync_type: string;
  status: 'success' | 'error' | 'in_progress';
  started_at: Timestamp;
  duration_ms: number | null;
  records_processed: Generated<number>;
  error_message: string | null;
  /** What else the run wants an operator to know (the provider used, a backfill's progress). */
  details: string | null;
}

/** A background task's lease and last run (migration 0018). */
export interface JobRunsTable {
  name: string;
  next_run_at: Generated<Date>;
  lease_owner: string | null;
  lease_expires_at: Date | null;
  last_started_at: Date | null;
  last_finished_at: Date | null;
  last_duration_ms: number | null;
  last_status: 'success' | 'error' | null;
  last_details: string | null;
  last_error: string | null;
}

export interface AppEventsTable {
  id: ColumnType<string, never, never>;
  type: string;
  audience: 'public' | 'premium' | 'admin' | 'user';
  payload: ColumnType<{ id: string; op: string; user_id?: string; subject?: string }, string, string>;
  created_at: Timestamp;
}

export interface MarketHistoryTable {
  symbol: string;
  ts: RequiredTimestamp;
  price: NullableNumeric;
  market_cap: NullableNumeric;
  volume_24h: NullableNumeric;
  xrp_dominance: NullableNumeric;
}

export interface SyncStateTable {
  key: string;
  value: string;
  expires_at: NullableTimestamp;
  updated_at: Timestamp;
}
