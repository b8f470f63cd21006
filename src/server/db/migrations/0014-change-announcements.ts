import { sql, type Kysely } from 'kysely';

/**
 * Every statement that changes the rows behind the in-memory reads (market figures, Fear & Greed, the
 * news list) announces it on the 'app_events' channel as `changed:<table>`, so each process forgets
 * what it kept (ADR 0024). Row inserts already announce themselves as live events; this covers
 * updates, deletes, truncates and news, which has no live event.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('app_events', 'changed:' || TG_TABLE_NAME);
      RETURN NULL;
    END;
    $$;

    CREATE TRIGGER news_articles_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON news_articles
      FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
    CREATE TRIGGER crypto_metrics_changed AFTER UPDATE OR DELETE OR TRUNCATE ON crypto_metrics
      FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
    CREATE TRIGGER fear_greed_index_changed AFTER UPDATE OR DELETE OR TRUNCATE ON fear_greed_index
      FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
    CREATE TRIGGER rss_feeds_changed AFTER UPDATE OR DELETE OR TRUNCATE ON rss_feeds
      FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER rss_feeds_changed ON rss_feeds;
    DROP TRIGGER fear_greed_index_changed ON fear_greed_index;
    DROP TRIGGER crypto_metrics_changed ON crypto_metrics;
    DROP TRIGGER news_articles_changed ON news_articles;
    DROP FUNCTION announce_change();
  `.execute(db);
}
