import type { Generated, ColumnType } from 'kysely';
import type { Timestamp, RequiredTimestamp, NullableTimestamp } from './columns';

/**
 * Alerts and the developer API: rules, the evaluation queue, notifications and their deliveries, push
 * subscriptions, weekly summary sends, API keys and their use.
 */
export interface AlertRulesTable {
  id: Generated<string>;
  user_id: string;
  kind:
    | 'price'
    | 'percent'
    | 'fear_greed'
    | 'account_move'
    | 'entity_move'
    | 'exchange_netflow'
    | 'reserve_change';
  direction: 'above' | 'below' | 'crosses' | 'up' | 'down' | 'either' | 'in' | 'out';
  target: number | null;
  percent: number | null;
  window_minutes: number | null;
  note: string | null;
  active: Generated<boolean>;
  last_side: 'above' | 'below' | null;
  last_fired_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The account an 'account_move' rule watches (migration 0019). */
  watched_account_id: string | null;
  /** The registry entity of an 'entity_move' or 'reserve_change' rule (migration 0031). */
  entity: string | null;
}

export interface AlertQueueTable {
  id: ColumnType<string, never, never>;
  kind: 'metrics' | 'fear_greed' | 'whale' | 'news' | 'domino' | 'account_tx';
  row_id: string;
  attempts: Generated<number>;
  created_at: Timestamp;
}

export interface NotificationsTable {
  id: Generated<string>;
  user_id: string;
  type: 'price' | 'whale' | 'regulatory' | 'adoption' | 'reply' | 'answer';
  rule_id: string | null;
  source_key: string;
  title: string;
  body: string;
  url: string | null;
  created_at: Timestamp;
  read_at: NullableTimestamp;
}

export interface NotificationDeliveriesTable {
  id: Generated<string>;
  notification_id: string;
  user_id: string;
  channel: 'email' | 'push';
  status: ColumnType<
    'pending' | 'sending' | 'sent' | 'failed' | 'skipped',
    'pending' | undefined,
    'pending' | 'sending' | 'sent' | 'failed' | 'skipped'
  >;
  due_at: RequiredTimestamp;
  attempts: Generated<number>;
  claimed_until: NullableTimestamp;
  sent_at: NullableTimestamp;
  error: string | null;
  created_at: Timestamp;
}

export interface PushSubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  failure_count: Generated<number>;
  last_success_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface WeeklySummarySendsTable {
  user_id: string;
  week: string;
  status: 'sending' | 'sent' | 'failed';
  sent_at: NullableTimestamp;
  error: string | null;
  created_at: Timestamp;
}

export interface ApiKeysTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface ApiKeyUsageTable {
  key_id: string;
  day: ColumnType<string, string, string>;
  requests: Generated<number>;
}
