import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { ApiSource, ApiSyncLog } from '../../db/schema';

/**
 * The records of background runs: a source's lease, its sync logs and counters, and each job's row in
 * `job_runs` (lease, last run). The scheduler and the runner (jobs/) decide when; this owns the SQL.
 */

/** An in_progress log older than this is stuck (its process died or hung). */
export const STUCK_AFTER_MINUTES = 15;

/**
 * Takes a source's lease for `owner` unless another process holds it; a scheduled run must also still
 * be due (another process may have just run it). The source, or undefined when not taken.
 */
export async function leaseSource(
  db: Db,
  sourceId: string,
  owner: string,
  leaseSeconds: number,
  syncType: 'scheduled' | 'manual',
): Promise<ApiSource | undefined> {
  return db
    .updateTable('api_sources')
    .set({ lease_owner: owner, lease_expires_at: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where('id', '=', sourceId)
    .where((where) =>
      where.or([where('lease_expires_at', 'is', null), where('lease_expires_at', '<', new Date())]),
    )
    .$if(syncType === 'scheduled', (query) =>
      query.where((where) =>
        where.or([where('next_sync_at', 'is', null), where('next_sync_at', '<=', new Date())]),
      ),
    )
    .returningAll()
    .executeTakeFirst();
}

/** Extends a running sync's lease, if `owner` still holds it. */
export async function renewSourceLease(
  db: Db,
  sourceId: string,
  owner: string,
  leaseSeconds: number,
): Promise<void> {
  await db
    .updateTable('api_sources')
    .set({ lease_expires_at: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where('id', '=', sourceId)
    .where('lease_owner', '=', owner)
    .execute();
}

export async function startSyncLog(
  db: Db,
  sourceName: string,
  syncType: 'scheduled' | 'manual',
): Promise<ApiSyncLog> {
  return db
    .insertInto('api_sync_logs')
    .values({ api_source: sourceName, sync_type: syncType, status: 'in_progress' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface SyncOutcome {
  status: 'success' | 'error';
  records: number;
  details: string | null;
  error: string | null;
  durationMs: number;
  /** A successful run that left work: due again at once rather than after the source's frequency. */
  moreToDo?: boolean;
}

/**
 * Ends a sync: its log's outcome, and the source's counters, next run time and released lease, in one
 * transaction. An inactive source stays inactive; otherwise its status follows the run.
 */
export async function finishSync(
  db: Db,
  source: Pick<ApiSource, 'id' | 'sync_frequency_minutes'>,
  logId: string,
  owner: string,
  outcome: SyncOutcome,
): Promise<ApiSyncLog> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('api_sync_logs')
      .set({
        status: outcome.status,
        duration_ms: outcome.durationMs,
        records_processed: outcome.records,
        error_message: outcome.error,
        details: outcome.details,
      })
      .where('id', '=', logId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('api_sources')
      .set((eb) => ({
        last_sync_at: new Date(),
        next_sync_at:
          outcome.status === 'success' && outcome.moreToDo
            ? sql`now()`
            : sql`now() + make_interval(mins => ${source.sync_frequency_minutes})`,
        total_requests: eb('total_requests', '+', 1),
        success_count: outcome.status === 'success' ? eb('success_count', '+', 1) : eb.ref('success_count'),
        error_count: outcome.status === 'error' ? eb('error_count', '+', 1) : eb.ref('error_count'),
        status: sql`CASE WHEN status = 'inactive' THEN 'inactive' ELSE ${outcome.status === 'success' ? 'active' : 'error'} END`,
        lease_owner: null,
        lease_expires_at: null,
        updated_at: new Date(),
      }))
      .where('id', '=', source.id)
      .where('lease_owner', '=', owner)
      .execute();
    return row;
  });
}

export async function findSource(db: Db, sourceId: string): Promise<ApiSource | undefined> {
  return db.selectFrom('api_sources').selectAll().where('id', '=', sourceId).executeTakeFirst();
}

/** The (first) source of an api_type, for the `sync` command. */
export async function sourceOfType(
  db: Db,
  apiType: string,
): Promise<Pick<ApiSource, 'id' | 'name'> | undefined> {
  return db
    .selectFrom('api_sources')
    .select(['id', 'name'])
    .where('api_type', '=', apiType)
    .orderBy('created_at')
    .executeTakeFirst();
}

/** Marks in_progress logs older than the timeout as failed; returns how many. */
export async function cleanupStuckSyncs(db: Db, olderThanMinutes = STUCK_AFTER_MINUTES): Promise<number> {
  const rows = await db
    .updateTable('api_sync_logs')
    .set({
      status: 'error',
      error_message: `Sync did not finish within ${olderThanMinutes} minutes (timed out or its process stopped)`,
      duration_ms: sql`(extract(epoch FROM now() - started_at) * 1000)::int`,
    })
    .where('status', '=', 'in_progress')
    .where('started_at', '<', sql<Date>`now() - make_interval(mins => ${olderThanMinutes})`)
    .returning('id')
    .execute();
  return rows.length;
}

/**
 * After a crash: logs left in_progress by a process that no longer holds its source's lease end in
 * error at once, without waiting for the stuck timeout.
 */
export async function failOrphanedSyncs(db: Db): Promise<number> {
  const rows = await db
    .updateTable('api_sync_logs')
    .set({
      status: 'error',
      error_message: 'The process running this sync stopped before it finished; no data was written',
      duration_ms: sql`(extract(epoch FROM now() - started_at) * 1000)::int`,
    })
    .where('status', '=', 'in_progress')
    .where('api_source', 'in', (eb) =>
      eb
        .selectFrom('api_sources')
        .select('name')
        .where((where) =>
          where.or([where('lease_expires_at', 'is', null), where('lease_expires_at', '<', new Date())]),
        ),
    )
    .returning('id')
    .execute();
  return rows.length;
}

/** Makes each job's row in job_runs (a new job is due at once). */
export async function registerJobRuns(db: Db, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await db
    .insertInto('job_runs')
    .values(names.map((name) => ({ name })))
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}

/**
 * Takes a job's lease for `owner` if it is free (and, unless `now`, if the job is due): the lease and
 * the due check in one statement, so of several processes exactly one runs it.
 */
export async function leaseJobRun(
  db: Db,
  name: string,
  owner: string,
  leaseSeconds: number,
  when: 'due' | 'now',
): Promise<boolean> {
  const leased = await db
    .updateTable('job_runs')
    .set({
      lease_owner: owner,
      lease_expires_at: sql`now() + make_interval(secs => ${leaseSeconds})`,
      last_started_at: sql`now()`,
    })
    .where('name', '=', name)
    .$if(when === 'due', (query) => query.where('next_run_at', '<=', sql<Date>`now()`))
    .where((where) =>
      where.or([where('lease_expires_at', 'is', null), where('lease_expires_at', '<', sql<Date>`now()`)]),
    )
    .returning('name')
    .executeTakeFirst();
  return leased !== undefined;
}

export interface JobRunOutcome {
  status: 'success' | 'error';
  details: string | null;
  error: string | null;
  durationMs: number;
  /** A successful run that left work: due again at once rather than after the source's frequency. */
  moreToDo?: boolean;
}

/** Records a job's run and its next time, and frees its lease. */
export async function finishJobRun(
  db: Db,
  name: string,
  owner: string,
  outcome: JobRunOutcome,
  nextInSeconds: number,
): Promise<void> {
  await db
    .updateTable('job_runs')
    .set({
      last_status: outcome.status,
      last_details: outcome.details,
      last_error: outcome.error,
      last_finished_at: sql`now()`,
      last_duration_ms: outcome.durationMs,
      next_run_at: sql`now() + make_interval(secs => ${nextInSeconds})`,
      lease_owner: null,
      lease_expires_at: null,
    })
    .where('name', '=', name)
    .where('lease_owner', '=', owner)
    .execute();
}

export async function listJobRuns(db: Db) {
  return db.selectFrom('job_runs').selectAll().execute();
}
