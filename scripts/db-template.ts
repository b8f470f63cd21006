import { isTemplateCurrent, templateDirOf, writeTemplate } from '../src/server/db/template';

/**
 * Makes dist/pglite-template when it is missing or was made by another PGlite release or another
 * set of migrations: a new DATA_DIR then starts from a copy instead of running initdb (ADR 0025).
 */
export async function ensureDatabaseTemplate(root: string): Promise<void> {
  const dir = templateDirOf(root);
  if (isTemplateCurrent(dir)) return;
  process.stdout.write('Preparing the embedded database template (once per release)...\n');
  await writeTemplate(dir);
}
