import crypto from 'node:crypto';
import type { TaskRunDto } from '@/domain/sync/sync.schema';
import type { Db } from '../db/client';
import type { Env } from '../env';
import {
  findSource,
  finishJobRun,
  finishSync,
  leaseJobRun,
  leaseSource,
  listJobRuns,
  registerJobRuns,
  renewSourceLease,
  startSyncLog,
  STUCK_AFTER_MINUTES,
  type SyncOutcome,
} from '../features/sync';
import { AppError } from '../lib/app-error';
import type { RunOutcome } from '../lib/job-control';
import type { Logger } from '../lib/logger';
import { intervalOf, type JobContext, type JobDefinition, type SourceSync } from './job';

/** Identifies this process as a lease holder. */
export const processId = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;

export interface RunnerDeps {
  db: Db;
  env: Env;
  logger: Logger;
}

export type { RunOutcome };

/**
 * Runs a job if its lease is free (and, unless `now`, if it is due): of several processes exactly
 * one runs it; a failure is recorded (and logged) and the job runs again at its next time. False when
 * another run holds the lease.
 */
export async function runJob(
  context: JobContext,
  job: JobDefinition,
  when: 'due' | 'now' = 'due',
): Promise<boolean> {
  const { db, env, logger } = context;
  if (!(await leaseJobRun(db, job.name, processId, env.SYNC_LEASE_SECONDS, when))) return false;
  const started = performance.now();
  let outcome: { status: 'success' | 'error'; details: string | null; error: string | null };
  try {
    outcome = { status: 'success', details: await job.run(context), error: null };
  } catch (error) {
    logger.error({ err: error, job: job.name }, 'background job failed');
    outcome = {
      status: 'error',
      details: null,
      error: error instanceof Error ? error.message : String(error),
    };
  }
  const durationMs = Math.round(performance.now() - started);
  await finishJobRun(db, job.name, processId, { ...outcome, durationMs }, intervalOf(job, env));
  return true;
}

/** Runs every job that is due and free, side by side: a slow mail run does not hold up a prune. */
export async function runDueJobs(context: JobContext, jobs: readonly JobDefinition[]): Promise<void> {
  await registerJobRuns(
    context.db,
    jobs.map((job) => job.name),
  );
  await Promise.all(jobs.map((job) => runJob(context, job)));
}

/** Every job with its last run, for the admin. */
export async function listJobs(
  db: Db,
  env: Pick<Env, 'SYNC_TICK_SECONDS'>,
  jobs: readonly JobDefinition[],
): Promise<TaskRunDto[]> {
  const rows = await listJobRuns(db);
  return jobs.map((job) => {
    const row = rows.find((candidate) => candidate.name === job.name);
    return {
      name: job.name,
      description: job.description,
      everySeconds: intervalOf(job, env),
      nextRunAt: row?.next_run_at.toISOString() ?? null,
      lastStartedAt: row?.last_started_at?.toISOString() ?? null,
      lastDurationMs: row?.last_duration_ms ?? null,
      lastStatus: row?.last_status ?? null,
      lastDetails: row?.last_details ?? null,
      lastError: row?.last_error ?? null,
    };
  });
}

/**
 * Runs one source's sync if no process holds its lease: an in_progress log, the sync, then the log's
 * outcome and the source's counters and next run time. A failure writes no data and keeps the last
 * good rows; it is logged and counted. `sync` is undefined for an api_type no job syncs.
 */
export async function runSource(
  deps: RunnerDeps,
  sync: SourceSync | undefined,
  sourceId: string,
  syncType: 'scheduled' | 'manual',
): Promise<RunOutcome> {
  const { db, logger } = deps;
  const leaseSeconds = deps.env.SYNC_LEASE_SECONDS;
  const leased = await leaseSource(db, sourceId, processId, leaseSeconds, syncType);
  if (!leased) return { status: 'skipped', reason: 'Another sync of this source is running or has just run' };

  const started = performance.now();
  const log = await startSyncLog(db, leased.name, syncType);
  const sourceLogger = logger.child({ source: leased.name, syncType, logId: log.id });

  let outcome: Omit<SyncOutcome, 'durationMs'>;
  const heartbeat = holdLease(deps, sourceId, leaseSeconds);
  try {
    if (!sync) throw new Error(`Unsupported API type: ${leased.api_type}`);
    const result = await sync.sync({ db, env: deps.env, logger: sourceLogger, source: leased });
    outcome = {
      status: 'success',
      records: result.recordsProcessed,
      details: result.details ?? null,
      error: null,
      moreToDo: result.moreToDo,
    };
    sourceLogger.info({ records: result.recordsProcessed, details: result.details }, 'sync succeeded');
  } catch (error) {
    outcome = { status: 'error', records: 0, details: null, error: (error as Error).message };
    sourceLogger.error({ err: error }, 'sync failed; the last good data stays');
  } finally {
    clearInterval(heartbeat);
  }
  const durationMs = Math.round(performance.now() - started);
  return {
    status: outcome.status,
    log: await finishSync(db, leased, log.id, processId, { ...outcome, durationMs }),
  };
}

/**
 * Renews a running sync's lease every third of its length, so a process killed mid-sync frees its
 * source within one lease while a long sync keeps it. A run that is still going after the stuck
 * timeout stops renewing: its source is freed and its log ended by the cleanup.
 */
function holdLease(deps: RunnerDeps, sourceId: string, leaseSeconds: number): NodeJS.Timeout {
  const started = Date.now();
  const timer = setInterval(
    () => {
      if (Date.now() - started > STUCK_AFTER_MINUTES * 60_000) return clearInterval(timer);
      renewSourceLease(deps.db, sourceId, processId, leaseSeconds).catch((error: unknown) =>
        deps.logger.warn({ err: error }, 'sync lease not renewed'),
      );
    },
    (leaseSeconds * 1000) / 3,
  );
  timer.unref();
  return timer;
}

/** Admin's manual trigger: refused for an unknown or inactive source or an unsupported type. */
export async function triggerSource(
  deps: RunnerDeps,
  syncFor: (apiType: string) => SourceSync | undefined,
  sourceId: string,
): Promise<RunOutcome> {
  const source = await findSource(deps.db, sourceId);
  if (!source) throw new AppError('not_found', 'API source not found');
  if (source.status === 'inactive')
    throw new AppError('conflict', `${source.name} is inactive; activate it to sync`);
  const sync = syncFor(source.api_type);
  if (!sync) throw new AppError('validation_error', `Unsupported API type: ${source.api_type}`);
  const outcome = await runSource(deps, sync, sourceId, 'manual');
  if (outcome.status === 'skipped') throw new AppError('conflict', `${source.name}: ${outcome.reason}`);
  return outcome;
}
