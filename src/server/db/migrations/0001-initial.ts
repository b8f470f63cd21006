import { sql, type Kysely } from 'kysely';

/**
 * The app's own tables, and better-auth's tables (with the admin and two-factor plugins) as its
 * migration API wrote them for better-auth 1.7: frozen SQL, so a fresh database is the same whatever
 * better-auth is installed. A later better-auth that wants a change gets a migration of its own
 * (`pendingAuthSchemaSql` in lib/auth.ts tells, and a test fails until it is written).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE "user" (
      "id" text NOT NULL PRIMARY KEY,
      "name" text NOT NULL,
      "email" text NOT NULL UNIQUE,
      "emailVerified" boolean NOT NULL,
      "image" text,
      "createdAt" timestamptz DEFAULT CURRENT_TIMESTAMP NOT NULL,
      "updatedAt" timestamptz DEFAULT CURRENT_TIMESTAMP NOT NULL,
      "role" text,
      "banned" boolean,
      "banReason" text,
      "banExpires" timestamptz,
      "twoFactorEnabled" boolean
    );
    CREATE TABLE "session" (
      "id" text NOT NULL PRIMARY KEY,
      "expiresAt" timestamptz NOT NULL,
      "token" text NOT NULL UNIQUE,
      "createdAt" timestamptz DEFAULT CURRENT_TIMESTAMP NOT NULL,
      "updatedAt" timestamptz NOT NULL,
      "ipAddress" text,
      "userAgent" text,
      "userId" text NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
      "impersonatedBy" text
    );
    CREATE TABLE "account" (
      "id" text NOT NULL PRIMARY KEY,
      "accountId" text NOT NULL,
      "providerId" text NOT NULL,
      "userId" text NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
      "accessToken" text,
      "refreshToken" text,
      "idToken" text,
      "accessTokenExpiresAt" timestamptz,
      "refreshTokenExpiresAt" timestamptz,
      "scope" text,
      "password" text,
      "createdAt" timestamptz DEFAULT CURRENT_TIMESTAMP NOT NULL,
      "updatedAt" timestamptz NOT NULL
    );
    CREATE TABLE "verification" (
      "id" text NOT NULL PRIMARY KEY,
      "identifier" text NOT NULL,
      "value" text NOT NULL,
      "expiresAt" timestamptz NOT NULL,
      "createdAt" timestamptz DEFAULT CURRENT_TIMESTAMP NOT NULL,
      "updatedAt" timestamptz DEFAULT CURRENT_TIMESTAMP NOT NULL
    );
    CREATE TABLE "twoFactor" (
      "id" text NOT NULL PRIMARY KEY,
      "secret" text NOT NULL,
      "backupCodes" text NOT NULL,
      "userId" text NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
      "verified" boolean,
      "failedVerificationCount" integer,
      "lockedUntil" timestamptz
    );
    CREATE INDEX "session_userId_idx" ON "session" ("userId");
    CREATE INDEX "account_userId_idx" ON "account" ("userId");
    CREATE INDEX "verification_identifier_idx" ON "verification" ("identifier");
    CREATE INDEX "twoFactor_secret_idx" ON "twoFactor" ("secret");
    CREATE INDEX "twoFactor_userId_idx" ON "twoFactor" ("userId");
  `.execute(db);

  await sql`
    CREATE TABLE profiles (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id text NOT NULL UNIQUE REFERENCES "user"(id) ON DELETE CASCADE,
      full_name text,
      email text NOT NULL,
      subscription_plan text NOT NULL DEFAULT 'free' CHECK (subscription_plan IN ('free', 'premium', 'complimentary')),
      blocked boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX profiles_created_at_idx ON profiles (created_at DESC);

    CREATE TABLE user_preferences (
      user_id text PRIMARY KEY REFERENCES "user"(id) ON DELETE CASCADE,
      theme_preference text NOT NULL DEFAULT 'light' CHECK (theme_preference IN ('light', 'dark', 'system')),
      timezone text NOT NULL DEFAULT 'UTC',
      date_format text NOT NULL DEFAULT 'US' CHECK (date_format IN ('US', 'EU', 'ISO')),
      notification_email_price_alerts boolean NOT NULL DEFAULT true,
      notification_email_whale_alerts boolean NOT NULL DEFAULT false,
      notification_email_regulatory_updates boolean NOT NULL DEFAULT false,
      notification_email_adoption_alerts boolean NOT NULL DEFAULT false,
      notification_email_weekly_summary boolean NOT NULL DEFAULT true,
      notification_push_enabled boolean NOT NULL DEFAULT false,
      notification_push_price_alerts boolean NOT NULL DEFAULT false,
      notification_push_whale_alerts boolean NOT NULL DEFAULT false,
      notification_push_regulatory_updates boolean NOT NULL DEFAULT false,
      notification_push_adoption_alerts boolean NOT NULL DEFAULT false,
      alert_frequency text NOT NULL DEFAULT 'instant' CHECK (alert_frequency IN ('instant', 'hourly', 'daily')),
      quiet_hours_enabled boolean NOT NULL DEFAULT false,
      quiet_hours_start text NOT NULL DEFAULT '22:00' CHECK (quiet_hours_start ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      quiet_hours_end text NOT NULL DEFAULT '08:00' CHECK (quiet_hours_end ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE news_articles (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      title text NOT NULL,
      body text NOT NULL DEFAULT '',
      url text NOT NULL UNIQUE,
      image_url text,
      source_name text,
      categories text[] NOT NULL DEFAULT '{}',
      published_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX news_articles_published_at_idx ON news_articles (published_at DESC);

    CREATE TABLE crypto_metrics (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      symbol text NOT NULL,
      price numeric NOT NULL,
      price_change_24h numeric,
      market_cap numeric,
      rank integer,
      volume_24h numeric,
      circulating_supply numeric,
      total_supply numeric,
      xrp_dominance numeric,
      velocity numeric,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX crypto_metrics_symbol_created_at_idx ON crypto_metrics (symbol, created_at DESC);

    CREATE TABLE fear_greed_index (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      value integer NOT NULL CHECK (value BETWEEN 0 AND 100),
      value_classification text NOT NULL
        CHECK (value_classification IN ('Extreme Fear', 'Fear', 'Neutral', 'Greed', 'Extreme Greed')),
      timestamp timestamptz NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE whale_transactions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      transaction_hash text NOT NULL UNIQUE,
      amount_xrp numeric(38, 6) NOT NULL CHECK (amount_xrp >= 0),
      transaction_timestamp timestamptz NOT NULL,
      from_address text NOT NULL,
      to_address text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX whale_transactions_timestamp_idx ON whale_transactions (transaction_timestamp DESC);

    CREATE TABLE domino_events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      date date NOT NULL,
      institution text NOT NULL,
      event text NOT NULL,
      impact text NOT NULL DEFAULT 'Medium' CHECK (impact IN ('High', 'Medium', 'Low')),
      price_impact text,
      is_active boolean NOT NULL DEFAULT true,
      display_order integer NOT NULL DEFAULT 0,
      created_by text REFERENCES "user"(id) ON DELETE SET NULL,
      updated_by text REFERENCES "user"(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX domino_events_order_idx ON domino_events (display_order ASC, date DESC);

    CREATE TABLE rss_feeds (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      url text NOT NULL,
      description text,
      feed_type text NOT NULL DEFAULT 'cryptocompare' CHECK (feed_type IN ('cryptocompare', 'rss', 'json')),
      category text NOT NULL DEFAULT 'XRP',
      enabled boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE api_sources (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL UNIQUE,
      description text,
      api_type text NOT NULL,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive', 'error')),
      sync_frequency_minutes integer NOT NULL DEFAULT 60 CHECK (sync_frequency_minutes >= 5),
      last_sync_at timestamptz,
      next_sync_at timestamptz,
      total_requests integer NOT NULL DEFAULT 0,
      success_count integer NOT NULL DEFAULT 0,
      error_count integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE api_sync_logs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      api_source text NOT NULL REFERENCES api_sources(name) ON UPDATE CASCADE ON DELETE CASCADE,
      sync_type text NOT NULL,
      status text NOT NULL CHECK (status IN ('success', 'error', 'in_progress')),
      started_at timestamptz NOT NULL DEFAULT now(),
      duration_ms integer,
      records_processed integer NOT NULL DEFAULT 0,
      error_message text
    );
    CREATE INDEX api_sync_logs_started_at_idx ON api_sync_logs (started_at DESC);

    CREATE TABLE admin_audit_logs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      admin_user_id text REFERENCES "user"(id) ON DELETE SET NULL,
      action_type text NOT NULL CHECK (action_type IN ('subscription_change', 'profile_update', 'user_block',
        'user_unblock', 'domino_event_create', 'domino_event_update', 'domino_event_delete', 'domino_event_reorder')),
      target_user_id text,
      old_value jsonb,
      new_value jsonb,
      reason text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX admin_audit_logs_created_at_idx ON admin_audit_logs (created_at DESC);

    CREATE TABLE newsletter_subscribers (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('The initial migration cannot be reverted; restore a backup instead.');
}
