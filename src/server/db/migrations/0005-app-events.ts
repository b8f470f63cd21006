import { sql, type Kysely } from 'kysely';

/**
 * Live updates: a trigger records each change worth pushing in app_events and NOTIFYs its id on the
 * 'app_events' channel, so every process (PGlite's own, or all instances on one PostgreSQL) hears it,
 * and a reconnecting browser can resume from the id it last saw.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE app_events (
      id bigserial PRIMARY KEY,
      type text NOT NULL,
      audience text NOT NULL CHECK (audience IN ('public', 'premium', 'admin')),
      payload jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX app_events_created_at_idx ON app_events (created_at);

    CREATE FUNCTION record_app_event() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      event_id bigint;
    BEGIN
      INSERT INTO app_events (type, audience, payload)
      VALUES (TG_ARGV[0], TG_ARGV[1], jsonb_build_object('id', NEW.id, 'op', lower(TG_OP)))
      RETURNING id INTO event_id;
      PERFORM pg_notify('app_events', event_id::text);
      RETURN NEW;
    END;
    $$;

    CREATE TRIGGER crypto_metrics_event AFTER INSERT ON crypto_metrics
      FOR EACH ROW EXECUTE FUNCTION record_app_event('metrics', 'public');
    CREATE TRIGGER fear_greed_event AFTER INSERT ON fear_greed_index
      FOR EACH ROW EXECUTE FUNCTION record_app_event('fear_greed', 'public');
    CREATE TRIGGER whale_transactions_event AFTER INSERT ON whale_transactions
      FOR EACH ROW EXECUTE FUNCTION record_app_event('whale', 'premium');
    CREATE TRIGGER api_sync_logs_event AFTER INSERT OR UPDATE ON api_sync_logs
      FOR EACH ROW EXECUTE FUNCTION record_app_event('sync_log', 'admin');
    CREATE TRIGGER api_sources_event AFTER UPDATE ON api_sources
      FOR EACH ROW EXECUTE FUNCTION record_app_event('api_source', 'admin');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER api_sources_event ON api_sources;
    DROP TRIGGER api_sync_logs_event ON api_sync_logs;
    DROP TRIGGER whale_transactions_event ON whale_transactions;
    DROP TRIGGER fear_greed_event ON fear_greed_index;
    DROP TRIGGER crypto_metrics_event ON crypto_metrics;
    DROP FUNCTION record_app_event();
    DROP TABLE app_events;
  `.execute(db);
}
