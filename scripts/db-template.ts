import { isTemplateCurrent, pgliteVersion, templateDirOf, writeTemplate } from '../src/server/db/template';
import { sourceHash } from './build-stamp';

/** A hash of the migrations' source and the PGlite release: what a database template is made from. */
export function migrationSources(root: string): string {
  return `${pgliteVersion()}:${sourceHash(root, ['src/server/db/migrations', 'src/server/db/migrate.ts'])}`;
}

/**
 * Makes dist/pglite-template when it is missing or was made by another PGlite release or from other
 * migrations: a new DATA_DIR then starts from a copy instead of running initdb (ADR 0025).
 */
export async function ensureDatabaseTemplate(root: string): Promise<void> {
  const dir = templateDirOf(root);
  const sources = migrationSources(root);
  if (isTemplateCurrent(dir, sources)) return;
  process.stdout.write('Preparing the embedded database template (once per release)...\n');
  await writeTemplate(dir, sources);
}
