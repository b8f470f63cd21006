import { z } from 'zod';

/**
 * A sync source's record, sent with the figures it feeds: until it has succeeded once they are
 * unknown, not zero. `failingSince`: the first failed run since the last good one (or ever).
 */
export const sourceHealthSchema = z
  .object({
    name: z.string(),
    everSucceeded: z.boolean(),
    lastSuccessAt: z.string().nullable(),
    failingSince: z.string().nullable(),
  })
  .meta({ id: 'SourceHealth' });
export type SourceHealth = z.infer<typeof sourceHealthSchema>;

export const apiSourceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    apiType: z.string(),
    status: z.enum(['active', 'inactive', 'error']),
    syncFrequencyMinutes: z.number(),
    lastSyncAt: z.string().nullable(),
    nextSyncAt: z.string().nullable(),
    totalRequests: z.number(),
    successCount: z.number(),
    errorCount: z.number(),
    running: z.boolean(),
    /** The source's latest failed sync: what went wrong and when; null when none is kept. */
    lastError: z.object({ message: z.string(), at: z.string() }).nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ApiSource' });
export type ApiSourceDto = z.infer<typeof apiSourceSchema>;

export const syncLogSchema = z
  .object({
    id: z.string(),
    apiSource: z.string(),
    syncType: z.string(),
    status: z.enum(['success', 'error', 'in_progress']),
    startedAt: z.string(),
    durationMs: z.number().nullable(),
    recordsProcessed: z.number(),
    errorMessage: z.string().nullable(),
    details: z.string().nullable(),
  })
  .meta({ id: 'SyncLog' });
export type SyncLogDto = z.infer<typeof syncLogSchema>;

export const MIN_SYNC_FREQUENCY_MESSAGE = 'Minimum sync frequency is 5 minutes';

export const syncFrequencyUpdateSchema = z
  .object({
    syncFrequencyMinutes: z
      .number({ error: 'Enter the minutes between syncs (at least 5)' })
      .int('Use whole minutes')
      .min(5, MIN_SYNC_FREQUENCY_MESSAGE)
      .max(7 * 24 * 60, 'At most once a week (10080 minutes)'),
  })
  .meta({ id: 'SyncFrequencyUpdate' });

/** 'Due now' when past, 'Not scheduled' when unset, otherwise the time left in hours and minutes. */
export function nextSyncLabel(nextSyncAt: string | null, now: Date): string {
  if (!nextSyncAt) return 'Not scheduled';
  const remainingMs = new Date(nextSyncAt).getTime() - now.getTime();
  if (remainingMs <= 0) return 'Due now';
  const totalMinutes = Math.ceil(remainingMs / 60_000);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return hours > 0 ? `${hours}h ${minutes}m` : `${minutes}m`;
}

/** A background task that is not a source's sync (a prune): what it does and its last run. */
export const taskRunSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    everySeconds: z.number(),
    nextRunAt: z.string().nullable(),
    lastStartedAt: z.string().nullable(),
    lastDurationMs: z.number().nullable(),
    lastStatus: z.enum(['success', 'error']).nullable(),
    lastDetails: z.string().nullable(),
    lastError: z.string().nullable(),
  })
  .meta({ id: 'TaskRun' });
export type TaskRunDto = z.infer<typeof taskRunSchema>;
