import { applyXrpscanNames } from '../features/known-accounts';
import { fetchWellKnownNames } from '../upstreams/xrpscan';
import { defineSourceJob } from './source-job';

/**
 * The registry against XRPScan's well-known names, daily: the names it lists are confirmed, the
 * addresses the registry lacks are added (filed as 'other'), and nothing of ours is renamed. A failed
 * read fails the run and changes nothing.
 */
export const xrpscanNamesJob = defineSourceJob({
  name: 'xrpscan-names',
  description:
    "Confirms the registry's names against XRPScan's well-known names and adds the addresses it lacks",
  apiType: 'xrpscan_names',
  sync: async ({ db, env }) => {
    const { names, skipped } = await fetchWellKnownNames(env);
    const refresh = await applyXrpscanNames(db, names);
    return {
      recordsProcessed: refresh.confirmed + refresh.added,
      details: `${refresh.confirmed} confirmed, ${refresh.added} added, ${refresh.differ} names differ from XRPScan's, ${skipped} entries skipped`,
    };
  },
});
