import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { AppError } from '../lib/app-error';
import type { RunOutcome } from '../lib/job-control';
import type { Logger } from '../lib/logger';
import { jobFor } from './registry';

/** Identifies this process as a lease holder. */
export const processId = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;

/** An in_progress log older than this is stuck (its process died or hung). */
export const STUCK_AFTER_MINUTES = 15;

export interface RunnerDeps {
  db: Db;
  env: Env;
  logger: Logger;
}

export type { RunOutcome };

/**
 * Runs one source's job if no process holds its lease: an in_progress log, the job, then the log's
 * outcome and the source's counters and next run time. A failure writes no data and keeps the last
 * good rows; it is logged and counted.
 */
export async function runSource(
  deps: RunnerDeps,
  sourceId: string,
  syncType: 'scheduled' | 'manual',
): Promise<RunOutcome> {
  const { db, logger } = deps;
  const leaseSeconds = deps.env.SYNC_LEASE_SECONDS;
  const leased = await db
    .updateTable('api_sources')
    .set({ lease_owner: processId, lease_expires_at: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where('id', '=', sourceId)
    .where((where) =>
      where.or([where('lease_expires_at', 'is', null), where('lease_expires_at', '<', new Date())]),
    )
    // A scheduled run must still be due when it takes the lease: another process may have just run it.
    .$if(syncType === 'scheduled', (query) =>
      query.where((where) =>
        where.or([where('next_sync_at', 'is', null), where('next_sync_at', '<=', new Date())]),
      ),
    )
    .returningAll()
    .executeTakeFirst();
  if (!leased) return { status: 'skipped', reason: 'Another sync of this source is running or has just run' };

  const job = jobFor(leased.api_type);
  const started = performance.now();
  const log = await db
    .insertInto('api_sync_logs')
    .values({ api_source: leased.name, sync_type: syncType, status: 'in_progress' })
    .returningAll()
    .executeTakeFirstOrThrow();
  const sourceLogger = logger.child({ source: leased.name, syncType, logId: log.id });

  let outcome: { status: 'success' | 'error'; records: number; details: string | null; error: string | null };
  const heartbeat = holdLease(db, sourceId, leaseSeconds, logger);
  try {
    if (!job) throw new Error(`Unsupported API type: ${leased.api_type}`);
    const result = await job.run({ db, env: deps.env, logger: sourceLogger, source: leased });
    outcome = {
      status: 'success',
      records: result.recordsProcessed,
      details: result.details ?? null,
      error: null,
    };
    sourceLogger.info({ records: result.recordsProcessed, details: result.details }, 'sync succeeded');
  } catch (error) {
    outcome = { status: 'error', records: 0, details: null, error: (error as Error).message };
    sourceLogger.error({ err: error }, 'sync failed; the last good data stays');
  } finally {
    clearInterval(heartbeat);
  }

  const durationMs = Math.round(performance.now() - started);
  const finished = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('api_sync_logs')
      .set({
        status: outcome.status,
        duration_ms: durationMs,
        records_processed: outcome.records,
        error_message: outcome.error,
        details: outcome.details,
      })
      .where('id', '=', log.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('api_sources')
      .set((eb) => ({
        last_sync_at: new Date(),
        next_sync_at: sql`now() + make_interval(mins => ${leased.sync_frequency_minutes})`,
        total_requests: eb('total_requests', '+', 1),
        success_count: outcome.status === 'success' ? eb('success_count', '+', 1) : eb.ref('success_count'),
        error_count: outcome.status === 'error' ? eb('error_count', '+', 1) : eb.ref('error_count'),
        // An inactive source stays inactive; otherwise the status follows the last run.
        status: sql`CASE WHEN status = 'inactive' THEN 'inactive' ELSE ${outcome.status === 'success' ? 'active' : 'error'} END`,
        lease_owner: null,
        lease_expires_at: null,
        updated_at: new Date(),
      }))
      .where('id', '=', sourceId)
      .where('lease_owner', '=', processId)
      .execute();
    return row;
  });
  return { status: outcome.status, log: finished };
}

/**
 * Renews a running sync's lease every third of its length, so a process killed mid-sync frees its
 * source within one lease while a long sync keeps it. A run that is still going after the stuck
 * timeout stops renewing: its source is freed and its log ended by the cleanup.
 */
function holdLease(db: Db, sourceId: string, leaseSeconds: number, logger: Logger): NodeJS.Timeout {
  const started = Date.now();
  const timer = setInterval(
    () => {
      if (Date.now() - started > STUCK_AFTER_MINUTES * 60_000) return clearInterval(timer);
      db.updateTable('api_sources')
        .set({ lease_expires_at: sql`now() + make_interval(secs => ${leaseSeconds})` })
        .where('id', '=', sourceId)
        .where('lease_owner', '=', processId)
        .execute()
        .catch((error: unknown) => logger.warn({ err: error }, 'sync lease not renewed'));
    },
    (leaseSeconds * 1000) / 3,
  );
  timer.unref();
  return timer;
}

/** Admin's manual trigger: refused for an unknown or inactive source or an unsupported type. */
export async function triggerSource(deps: RunnerDeps, sourceId: string): Promise<RunOutcome> {
  const source = await deps.db
    .selectFrom('api_sources')
    .selectAll()
    .where('id', '=', sourceId)
    .executeTakeFirst();
  if (!source) throw new AppError('not_found', 'API source not found');
  if (source.status === 'inactive')
    throw new AppError('conflict', `${source.name} is inactive; activate it to sync`);
  if (!jobFor(source.api_type))
    throw new AppError('validation_error', `Unsupported API type: ${source.api_type}`);
  const outcome = await runSource(deps, sourceId, 'manual');
  if (outcome.status === 'skipped') throw new AppError('conflict', `${source.name}: ${outcome.reason}`);
  return outcome;
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
