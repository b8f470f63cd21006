import { sql, type Kysely } from 'kysely';

/**
 * Background tasks that are not a data source's sync (prunes first): one row per task
 * with its lease, so exactly one process runs it at a time, and its last run for the admin's API tab.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE job_runs (
      name text PRIMARY KEY,
      next_run_at timestamptz NOT NULL DEFAULT now(),
      lease_owner text,
      lease_expires_at timestamptz,
      last_started_at timestamptz,
      last_finished_at timestamptz,
      last_duration_ms integer,
      last_status text CHECK (last_status IN ('success', 'error')),
      last_details text,
      last_error text
    );
  `.execute(db);
}
