import type { Db } from '../db/client';
import type { ApiSource } from '../db/schema';
import type { Env } from '../env';
import type { Logger } from '../lib/logger';

export interface JobContext {
  db: Db;
  env: Env;
  logger: Logger;
  source: ApiSource;
}

export interface JobResult {
  recordsProcessed: number;
  /** Shown with the sync log: which provider answered, what was backfilled. */
  details?: string;
}

/**
 * A sync job for one api_type. A run writes its rows in one transaction (a crash leaves none) and is
 * safe to repeat (unique keys, upserts).
 */
export interface SyncJob {
  apiType: string;
  run(context: JobContext): Promise<JobResult>;
}
