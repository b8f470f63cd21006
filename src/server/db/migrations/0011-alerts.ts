import { sql, type Kysely } from 'kysely';

/**
 * Alerts: each user's alert types (on the preferences row) and rules; a queue of new data rows that
 * triggers fill in the same transaction as the data, so no row is missed and none is evaluated twice;
 * the notifications a rule or a fan-out produced (one per user and source, enforced by a unique key);
 * their email and push deliveries (an outbox); browsers' push subscriptions; weekly summaries sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE user_preferences
      ADD COLUMN alerts_price_enabled boolean NOT NULL DEFAULT true,
      ADD COLUMN alerts_whale_enabled boolean NOT NULL DEFAULT false,
      ADD COLUMN alerts_regulatory_enabled boolean NOT NULL DEFAULT false,
      ADD COLUMN alerts_adoption_enabled boolean NOT NULL DEFAULT false;

    CREATE TABLE alert_rules (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('price', 'percent', 'fear_greed')),
      direction text NOT NULL CHECK (direction IN ('above', 'below', 'crosses', 'up', 'down', 'either')),
      target double precision,
      percent double precision,
      window_minutes integer,
      note text,
      active boolean NOT NULL DEFAULT true,
      last_side text CHECK (last_side IN ('above', 'below')),
      last_fired_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((kind = 'percent') = (percent IS NOT NULL AND window_minutes IS NOT NULL AND target IS NULL))
    );
    CREATE INDEX alert_rules_user_idx ON alert_rules (user_id, created_at);
    CREATE INDEX alert_rules_active_kind_idx ON alert_rules (kind) WHERE active;

    CREATE TABLE alert_queue (
      id bigserial PRIMARY KEY,
      kind text NOT NULL,
      row_id uuid NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE FUNCTION enqueue_alert_evaluation() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO alert_queue (kind, row_id) VALUES (TG_ARGV[0], NEW.id);
      PERFORM pg_notify('alert_queue', TG_ARGV[0]);
      RETURN NEW;
    END;
    $$;

    CREATE TRIGGER crypto_metrics_alerts AFTER INSERT ON crypto_metrics
      FOR EACH ROW EXECUTE FUNCTION enqueue_alert_evaluation('metrics');
    CREATE TRIGGER fear_greed_alerts AFTER INSERT ON fear_greed_index
      FOR EACH ROW EXECUTE FUNCTION enqueue_alert_evaluation('fear_greed');
    CREATE TRIGGER whale_transactions_alerts AFTER INSERT ON whale_transactions
      FOR EACH ROW EXECUTE FUNCTION enqueue_alert_evaluation('whale');
    CREATE TRIGGER news_articles_alerts AFTER INSERT ON news_articles
      FOR EACH ROW EXECUTE FUNCTION enqueue_alert_evaluation('news');
    CREATE TRIGGER domino_events_alerts_insert AFTER INSERT ON domino_events
      FOR EACH ROW WHEN (NEW.is_active) EXECUTE FUNCTION enqueue_alert_evaluation('domino');
    CREATE TRIGGER domino_events_alerts_activate AFTER UPDATE OF is_active ON domino_events
      FOR EACH ROW WHEN (NEW.is_active AND NOT OLD.is_active) EXECUTE FUNCTION enqueue_alert_evaluation('domino');

    CREATE TABLE notifications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
      type text NOT NULL CHECK (type IN ('price', 'whale', 'regulatory', 'adoption')),
      rule_id uuid REFERENCES alert_rules(id) ON DELETE SET NULL,
      source_key text NOT NULL,
      title text NOT NULL,
      body text NOT NULL,
      url text,
      created_at timestamptz NOT NULL DEFAULT now(),
      read_at timestamptz,
      UNIQUE (user_id, source_key)
    );
    CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC, id DESC);
    CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;

    CREATE TABLE notification_deliveries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      notification_id uuid NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
      channel text NOT NULL CHECK (channel IN ('email', 'push')),
      status text NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'skipped')),
      due_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      claimed_until timestamptz,
      sent_at timestamptz,
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (notification_id, channel)
    );
    CREATE INDEX notification_deliveries_due_idx ON notification_deliveries (channel, due_at)
      WHERE status = 'pending';
    CREATE INDEX notification_deliveries_sending_idx ON notification_deliveries (claimed_until)
      WHERE status = 'sending';

    CREATE TABLE push_subscriptions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
      endpoint text NOT NULL UNIQUE,
      p256dh text NOT NULL,
      auth text NOT NULL,
      user_agent text,
      failure_count integer NOT NULL DEFAULT 0,
      last_success_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);

    CREATE TABLE weekly_summary_sends (
      user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
      week text NOT NULL,
      status text NOT NULL CHECK (status IN ('sending', 'sent', 'failed')),
      sent_at timestamptz,
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, week)
    );

    -- In-app notifications are live events addressed to one user.
    ALTER TABLE app_events DROP CONSTRAINT app_events_audience_check;
    ALTER TABLE app_events ADD CONSTRAINT app_events_audience_check
      CHECK (audience IN ('public', 'premium', 'admin', 'user'));
    CREATE FUNCTION record_user_event() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      event_id bigint;
    BEGIN
      INSERT INTO app_events (type, audience, payload)
      VALUES (TG_ARGV[0], 'user', jsonb_build_object('id', NEW.id, 'op', lower(TG_OP), 'user_id', NEW.user_id))
      RETURNING id INTO event_id;
      PERFORM pg_notify('app_events', event_id::text);
      RETURN NEW;
    END;
    $$;
    CREATE TRIGGER notifications_event AFTER INSERT ON notifications
      FOR EACH ROW EXECUTE FUNCTION record_user_event('notification');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER notifications_event ON notifications;
    DROP FUNCTION record_user_event();
    DELETE FROM app_events WHERE audience = 'user';
    ALTER TABLE app_events DROP CONSTRAINT app_events_audience_check;
    ALTER TABLE app_events ADD CONSTRAINT app_events_audience_check
      CHECK (audience IN ('public', 'premium', 'admin'));
    DROP TABLE weekly_summary_sends;
    DROP TABLE push_subscriptions;
    DROP TABLE notification_deliveries;
    DROP TABLE notifications;
    DROP TRIGGER domino_events_alerts_activate ON domino_events;
    DROP TRIGGER domino_events_alerts_insert ON domino_events;
    DROP TRIGGER news_articles_alerts ON news_articles;
    DROP TRIGGER whale_transactions_alerts ON whale_transactions;
    DROP TRIGGER fear_greed_alerts ON fear_greed_index;
    DROP TRIGGER crypto_metrics_alerts ON crypto_metrics;
    DROP FUNCTION enqueue_alert_evaluation();
    DROP TABLE alert_queue;
    DROP TABLE alert_rules;
    ALTER TABLE user_preferences
      DROP COLUMN alerts_price_enabled,
      DROP COLUMN alerts_whale_enabled,
      DROP COLUMN alerts_regulatory_enabled,
      DROP COLUMN alerts_adoption_enabled;
  `.execute(db);
}
