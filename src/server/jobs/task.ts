import { sql } from 'kysely';
import type { TaskRunDto } from '@/domain/sync/sync.schema';
import type { Db } from '../db/client';
import type { Env } from '../env';
import type { Logger } from '../lib/logger';
import type { Mailer } from '../lib/mailer';
import type { PushSender } from '../lib/web-push';
import type { LedgerConnection } from '../upstreams/xrpl-connection';
import { processId } from './runner';

export interface TaskContext {
  db: Db;
  env: Env;
  logger: Logger;
  mailer: Mailer;
  /** Web push, when VAPID keys exist. */
  push: PushSender | null;
  /** Signs the unsubscribe links of alert and weekly mails. */
  unsubscribeSecret: string;
  /** The XRP Ledger connection the portfolio reads watched accounts through. */
  ledger?: LedgerConnection;
  /** Test-mode billing, when it is on (its renewals are a task). */
  billing?: { advanceDue(): Promise<number> };
}

/**
 * One piece of background work: `jobs/<name>.job.ts` exports one, the registry lists it, and the
 * scheduler runs it on its schedule under a lease (one process at a time, whichever runs the
 * scheduler). `run` says what it did, for the admin's API tab.
 */
export interface TaskDefinition {
  name: string;
  /** What it does, as the admin reads it. */
  description: string;
  /** Seconds between runs, or 'tick': every scheduler pass (SYNC_TICK_SECONDS). */
  everySeconds: number | 'tick';
  /** A database channel (NOTIFY) that runs the task at once, besides its schedule. */
  wakeOn?: string;
  run(context: TaskContext): Promise<string>;
}

export function intervalOf(task: TaskDefinition, env: Pick<Env, 'SYNC_TICK_SECONDS'>): number {
  return task.everySeconds === 'tick' ? env.SYNC_TICK_SECONDS : task.everySeconds;
}

/**
 * Runs a task if its lease is free (and, unless `now`, if it is due): the lease is taken with the due
 * check in one statement, so of several processes exactly one runs it; a failure is recorded (and
 * logged) and the task runs again at its next time. False when another run holds the lease.
 */
export async function runTask(
  context: TaskContext,
  task: TaskDefinition,
  when: 'due' | 'now' = 'due',
): Promise<boolean> {
  const { db, logger } = context;
  const leased = await db
    .updateTable('job_runs')
    .set({
      lease_owner: processId,
      lease_expires_at: sql`now() + make_interval(secs => ${context.env.SYNC_LEASE_SECONDS})`,
      last_started_at: sql`now()`,
    })
    .where('name', '=', task.name)
    .$if(when === 'due', (query) => query.where('next_run_at', '<=', sql<Date>`now()`))
    .where((where) =>
      where.or([where('lease_expires_at', 'is', null), where('lease_expires_at', '<', sql<Date>`now()`)]),
    )
    .returning('name')
    .executeTakeFirst();
  if (!leased) return false;
  const started = performance.now();
  let outcome: { last_status: 'success' | 'error'; last_details: string | null; last_error: string | null };
  try {
    outcome = { last_status: 'success', last_details: await task.run(context), last_error: null };
  } catch (error) {
    logger.error({ err: error, task: task.name }, 'background task failed');
    outcome = {
      last_status: 'error',
      last_details: null,
      last_error: error instanceof Error ? error.message : String(error),
    };
  }
  await db
    .updateTable('job_runs')
    .set({
      ...outcome,
      last_finished_at: sql`now()`,
      last_duration_ms: Math.round(performance.now() - started),
      next_run_at: sql`now() + make_interval(secs => ${intervalOf(task, context.env)})`,
      lease_owner: null,
      lease_expires_at: null,
    })
    .where('name', '=', task.name)
    .where('lease_owner', '=', processId)
    .execute();
  return true;
}

/** Makes each task's row (a new task is due at once). */
export async function registerTasks(db: Db, tasks: readonly TaskDefinition[]): Promise<void> {
  await db
    .insertInto('job_runs')
    .values(tasks.map((task) => ({ name: task.name })))
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}

/** Runs every task that is due and free, side by side: a slow mail run does not hold up a prune. */
export async function runDueTasks(context: TaskContext, tasks: readonly TaskDefinition[]): Promise<void> {
  await registerTasks(context.db, tasks);
  await Promise.all(tasks.map((task) => runTask(context, task)));
}

/** Every task with its last run, for the admin. */
export async function listTaskRuns(
  db: Db,
  env: Pick<Env, 'SYNC_TICK_SECONDS'>,
  tasks: readonly TaskDefinition[],
): Promise<TaskRunDto[]> {
  const rows = await db.selectFrom('job_runs').selectAll().execute();
  return tasks.map((task) => {
    const row = rows.find((candidate) => candidate.name === task.name);
    return {
      name: task.name,
      description: task.description,
      everySeconds: intervalOf(task, env),
      nextRunAt: row?.next_run_at.toISOString() ?? null,
      lastStartedAt: row?.last_started_at?.toISOString() ?? null,
      lastDurationMs: row?.last_duration_ms ?? null,
      lastStatus: row?.last_status ?? null,
      lastDetails: row?.last_details ?? null,
      lastError: row?.last_error ?? null,
    };
  });
}
