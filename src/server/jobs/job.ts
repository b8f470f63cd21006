import type { Db } from '../db/client';
import type { ApiSource } from '../db/schema';
import type { Env } from '../env';
import type { Logger } from '../lib/logger';
import type { Mailer } from '../lib/mailer';
import type { PushSender } from '../lib/web-push';
import type { LedgerConnection } from '../upstreams/xrpl-connection';

/** What every job's run is given. */
export interface JobContext {
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
  /** Test-mode billing, when it is on (its renewals are a job). */
  billing?: { advanceDue(): Promise<number> };
}

/** What a data source's sync is given: the source's row (its URL, its api_type). */
export interface SyncContext {
  db: Db;
  env: Env;
  logger: Logger;
  source: ApiSource;
}

export interface SyncResult {
  recordsProcessed: number;
  /** Shown with the sync log: which provider answered, what was backfilled. */
  details?: string;
  /** Work is left that the next scheduler pass should take up, not the source's next due time. */
  moreToDo?: boolean;
}

/**
 * How one api_type of `api_sources` is synced. A run writes its rows in one transaction (a crash
 * leaves none) and is safe to repeat (unique keys, upserts).
 */
export interface SourceSync {
  apiType: string;
  sync(context: SyncContext): Promise<SyncResult>;
}

/**
 * One piece of background work: `jobs/<name>.job.ts` exports one, the registry lists it, and the
 * scheduler runs it on its schedule under a lease (one process at a time, whichever runs the
 * scheduler). `run` says what it did, for the admin's API tab; a throw is recorded as its error.
 */
export interface JobDefinition {
  name: string;
  /** What it does, as the admin reads it. */
  description: string;
  /** Seconds between runs, or 'tick': every scheduler pass (SYNC_TICK_SECONDS). */
  everySeconds: number | 'tick';
  /** A database channel (NOTIFY) that runs the job at once, besides its schedule. */
  wakeOn?: string;
  /**
   * Set on the jobs that sync a data source (market, Fear & Greed, whales, news): such a job runs
   * the sources of its api_type that are due, each on the frequency the admin set, and only in the
   * processes where syncs are on (not with SYNC_DISABLED).
   */
  source?: SourceSync;
  /**
   * Part of the data syncs (every source job, the stream's watchdog, the sync logs' recovery): runs
   * only in the processes where syncs are on.
   */
  syncs?: boolean;
  run(context: JobContext): Promise<string>;
}

export function intervalOf(job: JobDefinition, env: Pick<Env, 'SYNC_TICK_SECONDS'>): number {
  return job.everySeconds === 'tick' ? env.SYNC_TICK_SECONDS : job.everySeconds;
}
