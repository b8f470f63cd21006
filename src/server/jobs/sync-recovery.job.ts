import { cleanupStuckSyncs, failOrphanedSyncs, STUCK_AFTER_MINUTES } from '../features/sync';
import type { JobDefinition } from './job';

/**
 * Ends the sync logs no process will finish: those whose process stopped (its lease lapsed) at once,
 * and any still running after STUCK_AFTER_MINUTES, so the admin's logs never show a sync running
 * forever.
 */
export const syncRecoveryJob: JobDefinition = {
  name: 'sync-recovery',
  description: `Ends sync logs left running by a stopped process, or running past ${STUCK_AFTER_MINUTES} minutes`,
  everySeconds: 'tick',
  syncs: true,
  async run({ db }) {
    const orphaned = await failOrphanedSyncs(db);
    const stuck = await cleanupStuckSyncs(db);
    return `${orphaned} orphaned and ${stuck} stuck sync logs ended`;
  },
};
