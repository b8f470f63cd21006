import { dueSources } from '../features/sync';
import type { JobDefinition, SourceSync } from './job';
import { runSource } from './runner';

/**
 * The job of a data source's api_type: each scheduler pass it syncs the sources of that type that
 * are due (each source has its own frequency and lease, set in the admin's API tab) side by side,
 * and says how they went.
 */
export function defineSourceJob(
  definition: Pick<JobDefinition, 'name' | 'description'> & SourceSync,
): JobDefinition {
  const source: SourceSync = { apiType: definition.apiType, sync: definition.sync };
  return {
    name: definition.name,
    description: definition.description,
    everySeconds: 'tick',
    source,
    syncs: true,
    async run(context) {
      const due = await dueSources(context.db, [source.apiType]);
      if (due.length === 0) return 'No source due';
      const outcomes = await Promise.all(
        due.map(async (row) => ({
          name: row.name,
          outcome: await runSource(context, source, row.id, 'scheduled'),
        })),
      );
      const failed = outcomes.filter(({ outcome }) => outcome.status === 'error');
      const summary = outcomes
        .map(({ name, outcome }) =>
          outcome.status === 'skipped' ? `${name}: skipped` : `${name}: ${outcome.status}`,
        )
        .join('; ');
      if (failed.length > 0 && failed.length === outcomes.length) throw new Error(summary);
      return summary;
    },
  };
}
