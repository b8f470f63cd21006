import { sql, type Kysely } from 'kysely';

/**
 * XRPScan's well-known account names as a data source of its own (`xrpscan_names`), due daily: each
 * run confirms the registry's names that XRPScan lists and adds the addresses it lacks. The admin
 * sees its logs, runs it now or switches it off in API Management.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO api_sources (name, description, api_type, sync_frequency_minutes, next_sync_at) VALUES
      ('XRPScan Account Names', 'Confirms the registry''s names against XRPScan''s well-known account names and adds the addresses it lacks', 'xrpscan_names', 1440, now())
    ON CONFLICT (name) DO NOTHING;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM api_sources WHERE name = 'XRPScan Account Names';`.execute(db);
}
