import type { TaskRunDto } from '@/domain/sync/sync.schema';
import type { ApiSyncLog } from '../db/schema';

export type RunOutcome =
  { status: 'skipped'; reason: string } | { status: 'success' | 'error'; log: ApiSyncLog };

/**
 * What a route may ask of the background jobs. Features never import `jobs/` (the jobs call the
 * features); runtime.ts gives them this, made by `jobs/control.ts`.
 */
export interface JobControl {
  /** Runs a source's sync now; 'skipped' when another run holds its lease. */
  runSource(sourceId: string): Promise<RunOutcome>;
  /** An admin's "Sync now": refused (404/409/422) for an unknown, inactive or unsupported source. */
  triggerSource(sourceId: string): Promise<RunOutcome>;
  /** Ends in error the syncs that have run too long; returns how many. */
  cleanupStuckSyncs(): Promise<number>;
  /** Every background task with its last run, for the admin. */
  listTaskRuns(): Promise<TaskRunDto[]>;
}
