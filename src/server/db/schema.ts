import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { SubscriptionPlan } from '@/domain/plans/entitlements';
import type { ThemePreference } from '@/domain/preferences/preferences.schema';
import type {
  Timestamp,
  RequiredTimestamp,
  NullableTimestamp,
  Numeric,
  NullableNumeric,
  Json,
} from './columns';
import type {
  AlertRulesTable,
  AlertQueueTable,
  NotificationsTable,
  NotificationDeliveriesTable,
  PushSubscriptionsTable,
  WeeklySummarySendsTable,
  ApiKeysTable,
  ApiKeyUsageTable,
} from './schema-alerts';
import type {
  BillingCustomersTable,
  BillingSubscriptionsTable,
  BillingInvoicesTable,
  BillingEventsTable,
  BillingTestCheckoutSessionsTable,
  BillingTestSubscriptionsTable,
} from './schema-billing';
import type {
  ApiSourcesTable,
  ApiSyncLogsTable,
  JobRunsTable,
  AppEventsTable,
  MarketHistoryTable,
  SyncStateTable,
} from './schema-sync';
import type { KnownAccountsTables } from './schema-known-accounts';
import type {
  WatchedAccountsTable,
  WatchedAccountTxTable,
  PortfolioLotsTable,
  LedgerTokenPricesTable,
  LedgerReservesTable,
} from './schema-portfolio';
import type {
  CommentersTable,
  CommentLikesTable,
  CommentReportsTable,
  CommentsTable,
} from './schema-community';
import type {
  AnalystQuestionMessagesTable,
  AnalystQuestionsTable,
  AnalystSettingsTable,
} from './schema-questions';

export type * from './schema-alerts';
export type * from './schema-portfolio';
export type * from './schema-known-accounts';
export type * from './schema-community';
export type * from './schema-questions';
export type * from './schema-billing';
export type * from './schema-sync';

/** better-auth's tables (created through its migration API; camelCase columns are its convention). */
export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  role: string | null;
  banned: boolean | null;
  banReason: string | null;
  banExpires: NullableTimestamp;
  twoFactorEnabled: boolean | null;
}

export interface AuthSessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: RequiredTimestamp;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  impersonatedBy: string | null;
}

export interface AuthAccountTable {
  id: string;
  userId: string;
  accountId: string;
  providerId: string;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ProfilesTable {
  id: Generated<string>;
  user_id: string;
  full_name: string | null;
  email: string;
  subscription_plan: ColumnType<SubscriptionPlan, SubscriptionPlan | undefined, SubscriptionPlan>;
  blocked: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserPreferencesTable {
  user_id: string;
  theme_preference: ColumnType<ThemePreference, ThemePreference | undefined, ThemePreference>;
  timezone: ColumnType<string, string | undefined, string>;
  date_format: ColumnType<'US' | 'EU' | 'ISO', 'US' | 'EU' | 'ISO' | undefined, 'US' | 'EU' | 'ISO'>;
  notification_email_price_alerts: Generated<boolean>;
  notification_email_whale_alerts: Generated<boolean>;
  notification_email_regulatory_updates: Generated<boolean>;
  notification_email_adoption_alerts: Generated<boolean>;
  notification_email_weekly_summary: Generated<boolean>;
  /** Mail when someone replies to the member's comment (migration 0022). */
  notification_email_comment_replies: Generated<boolean>;
  notification_push_enabled: Generated<boolean>;
  notification_push_price_alerts: Generated<boolean>;
  notification_push_whale_alerts: Generated<boolean>;
  notification_push_regulatory_updates: Generated<boolean>;
  notification_push_adoption_alerts: Generated<boolean>;
  alert_frequency: ColumnType<'instant' | 'hourly' | 'daily', 'instant' | 'hourly' | 'daily' | undefined>;
  quiet_hours_enabled: Generated<boolean>;
  quiet_hours_start: Generated<string>;
  quiet_hours_end: Generated<string>;
  alerts_price_enabled: Generated<boolean>;
  alerts_whale_enabled: Generated<boolean>;
  alerts_regulatory_enabled: Generated<boolean>;
  alerts_adoption_enabled: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface NewsArticlesTable {
  id: Generated<string>;
  title: string;
  body: Generated<string>;
  url: string;
  image_url: string | null;
  source_name: string | null;
  categories: ColumnType<string[], string[] | undefined, string[]>;
  published_at: RequiredTimestamp;
  created_at: Timestamp;
  guid: string | null;
  body_text: Generated<string>;
  feed_id: string | null;
  /** False: the feed gave no usable date; published_at is when the article was first seen (0016). */
  dated: Generated<boolean>;
  /** Generated from title and body_text; read only. */
  search: ColumnType<string, never, never>;
}

export interface CryptoMetricsTable {
  id: Generated<string>;
  symbol: string;
  price: Numeric;
  price_change_24h: NullableNumeric;
  market_cap: NullableNumeric;
  rank: number | null;
  volume_24h: NullableNumeric;
  circulating_supply: NullableNumeric;
  total_supply: NullableNumeric;
  xrp_dominance: NullableNumeric;
  velocity: NullableNumeric;
  created_at: Timestamp;
}

export interface FearGreedIndexTable {
  id: Generated<string>;
  value: number;
  value_classification: 'Extreme Fear' | 'Fear' | 'Neutral' | 'Greed' | 'Extreme Greed';
  timestamp: RequiredTimestamp;
  created_at: Timestamp;
}

export interface WhaleTransactionsTable {
  id: Generated<string>;
  transaction_hash: string;
  amount_xrp: Numeric;
  transaction_timestamp: RequiredTimestamp;
  from_address: string;
  to_address: string;
  ledger_index: ColumnType<number | null, number | null | undefined, number | null>;
  destination_tag: ColumnType<number | null, number | null | undefined, number | null>;
  /** The sender's and receiver's AccountRoot flags after the payment, from its metadata (migration 0032). */
  from_flags: ColumnType<number | null, number | null | undefined, number | null>;
  to_flags: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

export interface DominoEventsTable {
  id: Generated<string>;
  date: ColumnType<string, string, string>;
  institution: string;
  event: string;
  impact: ColumnType<'High' | 'Medium' | 'Low', 'High' | 'Medium' | 'Low' | undefined>;
  price_impact: string | null;
  is_active: Generated<boolean>;
  display_order: Generated<number>;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RssFeedsTable {
  id: Generated<string>;
  name: string;
  url: string;
  description: string | null;
  feed_type: ColumnType<'cryptocompare' | 'rss' | 'json', 'cryptocompare' | 'rss' | 'json' | undefined>;
  category: Generated<string>;
  enabled: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  etag: string | null;
  last_modified: string | null;
  last_fetched_at: Date | null;
  last_error: string | null;
  last_item_count: number | null;
}

export type AuditActionType =
  | 'subscription_change'
  | 'profile_update'
  | 'user_block'
  | 'user_unblock'
  | 'role_change'
  | 'domino_event_create'
  | 'domino_event_update'
  | 'domino_event_delete'
  | 'domino_event_reorder'
  | 'research_post_create'
  | 'research_post_update'
  | 'research_post_delete'
  | 'comment_hide'
  | 'comment_restore'
  | 'comment_delete'
  | 'commenting_stop'
  | 'commenting_resume'
  | 'known_account_add'
  | 'known_account_update'
  | 'known_entity_merge';

export interface AdminAuditLogsTable {
  id: Generated<string>;
  admin_user_id: string | null;
  action_type: AuditActionType;
  target_user_id: string | null;
  old_value: Json;
  new_value: Json;
  reason: string | null;
  created_at: Timestamp;
}

export interface NewsletterSubscribersTable {
  id: Generated<string>;
  email: string;
  created_at: Timestamp;
  status: Generated<'pending' | 'confirmed' | 'unsubscribed'>;
  /** SHA-256 of the confirmation link's token; null once confirmed. */
  confirm_token_hash: string | null;
  confirmation_sent_at: NullableTimestamp;
  confirmed_at: NullableTimestamp;
  unsubscribed_at: NullableTimestamp;
}

/** A change of a member's email address, pending until the new address confirms (migration 0015). */
export interface EmailChangesTable {
  id: Generated<string>;
  user_id: string;
  old_email: string;
  new_email: string;
  confirm_token_hash: string;
  cancel_token_hash: string;
  undo_token_hash: string | null;
  created_at: Timestamp;
  confirm_by: RequiredTimestamp;
  cancel_by: RequiredTimestamp;
  confirmed_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
}

export interface NewsletterSendsTable {
  subscriber_id: string;
  week: string;
  status: 'sending' | 'sent' | 'failed';
  sent_at: NullableTimestamp;
  error: string | null;
  created_at: Timestamp;
}

export interface ResearchPostsTable {
  id: Generated<string>;
  slug: string;
  title: string;
  summary: string;
  body: string;
  /** Null for a draft. */
  published_at: NullableTimestamp;
  author_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ContactMessagesTable {
  id: Generated<string>;
  name: string;
  email: string;
  message: string;
  user_id: string | null;
  email_status: Generated<'pending' | 'sent' | 'failed'>;
  created_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: RequiredTimestamp;
}

export interface UsedTotpCodesTable {
  user_id: string;
  code: string;
  used_at: Timestamp;
}

/** The tables; the registry of known accounts and the exchange flows are in schema-known-accounts.ts. */
export interface Database extends KnownAccountsTables {
  user: AuthUserTable;
  session: AuthSessionTable;
  account: AuthAccountTable;
  profiles: ProfilesTable;
  user_preferences: UserPreferencesTable;
  news_articles: NewsArticlesTable;
  crypto_metrics: CryptoMetricsTable;
  fear_greed_index: FearGreedIndexTable;
  whale_transactions: WhaleTransactionsTable;
  domino_events: DominoEventsTable;
  rss_feeds: RssFeedsTable;
  api_sources: ApiSourcesTable;
  api_sync_logs: ApiSyncLogsTable;
  admin_audit_logs: AdminAuditLogsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  email_changes: EmailChangesTable;
  job_runs: JobRunsTable;
  newsletter_sends: NewsletterSendsTable;
  research_posts: ResearchPostsTable;
  contact_messages: ContactMessagesTable;
  rate_limits: RateLimitsTable;
  used_totp_codes: UsedTotpCodesTable;
  app_events: AppEventsTable;
  market_history: MarketHistoryTable;
  sync_state: SyncStateTable;
  billing_customers: BillingCustomersTable;
  billing_subscriptions: BillingSubscriptionsTable;
  billing_invoices: BillingInvoicesTable;
  billing_events: BillingEventsTable;
  billing_test_checkout_sessions: BillingTestCheckoutSessionsTable;
  billing_test_subscriptions: BillingTestSubscriptionsTable;
  alert_rules: AlertRulesTable;
  alert_queue: AlertQueueTable;
  notifications: NotificationsTable;
  notification_deliveries: NotificationDeliveriesTable;
  push_subscriptions: PushSubscriptionsTable;
  weekly_summary_sends: WeeklySummarySendsTable;
  api_keys: ApiKeysTable;
  api_key_usage: ApiKeyUsageTable;
  watched_accounts: WatchedAccountsTable;
  watched_account_tx: WatchedAccountTxTable;
  portfolio_lots: PortfolioLotsTable;
  ledger_token_prices: LedgerTokenPricesTable;
  ledger_reserves: LedgerReservesTable;
  commenters: CommentersTable;
  comments: CommentsTable;
  comment_likes: CommentLikesTable;
  comment_reports: CommentReportsTable;
  analyst_questions: AnalystQuestionsTable;
  analyst_question_messages: AnalystQuestionMessagesTable;
  analyst_settings: AnalystSettingsTable;
  twoFactor: { id: string; userId: string; secret: string; backupCodes: string };
}

export type Profile = Selectable<ProfilesTable>;
export type NewProfile = Insertable<ProfilesTable>;
export type ProfileUpdate = Updateable<ProfilesTable>;
export type UserPreferences = Selectable<UserPreferencesTable>;
export type ApiSource = Selectable<ApiSourcesTable>;
export type ApiSyncLog = Selectable<ApiSyncLogsTable>;
