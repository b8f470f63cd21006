import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, pgliteDir } from './client';
import { migrateToLatest, migrationNames } from './migrate';

/**
 * The embedded database's template (docs/decisions/0025-database-template.md): a PGlite cluster
 * created once by the build — initdb and every migration, no data of anyone's — and copied into a new
 * DATA_DIR on its first start, which then takes a fraction of a second instead of PGlite's three
 * seconds of initdb. The copy is used only by the PGlite release that wrote it and only when every
 * migration in it is one this code knows; otherwise the server creates the cluster as before.
 */
export interface TemplateStamp {
  pglite: string;
  migrations: string[];
  /** A hash of the migrations' source (scripts/db-template.ts): an edited one remakes the template. */
  sources: string;
}

export const templateDirOf = (root: string) => path.join(root, 'dist', 'pglite-template');
const stampFileOf = (templateDir: string) => `${templateDir}.json`;

export function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@electric-sql/pglite');
  let dir = path.dirname(entry);
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

function readStamp(templateDir: string): TemplateStamp | null {
  try {
    const stamp = JSON.parse(fs.readFileSync(stampFileOf(templateDir), 'utf8')) as TemplateStamp;
    return typeof stamp.pglite === 'string' && Array.isArray(stamp.migrations) ? stamp : null;
  } catch {
    return null;
  }
}

/** The template's stamp when the template is complete and was made by the installed PGlite. */
function usableStamp(templateDir: string): TemplateStamp | null {
  const stamp = readStamp(templateDir);
  return stamp?.pglite === pgliteVersion() && fs.existsSync(path.join(templateDir, 'PG_VERSION'))
    ? stamp
    : null;
}

/** Whether the template at `templateDir` was made from exactly these migrations (`sources`, their hash). */
export function isTemplateCurrent(templateDir: string, sources: string): boolean {
  const stamp = usableStamp(templateDir);
  return stamp?.sources === sources && stamp.migrations.join('\n') === migrationNames.join('\n');
}

/**
 * Copies the template into DATA_DIR when DATA_DIR has no cluster yet and the template is usable.
 * Returns what it did, for the start-up log.
 */
export function seedFromTemplate(dataDir: string, templateDir: string): 'copied' | 'exists' | 'unusable' {
  const target = pgliteDir(dataDir);
  if (fs.existsSync(path.join(target, 'PG_VERSION'))) return 'exists';
  const stamp = usableStamp(templateDir);
  if (!stamp?.migrations.every((name) => migrationNames.includes(name))) return 'unusable';
  // Copied beside the target and renamed into place, so a crash mid-copy leaves no half cluster.
  const partial = `${target}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.cpSync(templateDir, partial, { recursive: true });
  fs.chmodSync(partial, 0o700);
  fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(partial, target);
  return 'copied';
}

/** Creates the template at `templateDir` (initdb and every migration), replacing any older one. */
export async function writeTemplate(templateDir: string, sources: string): Promise<void> {
  fs.rmSync(stampFileOf(templateDir), { force: true });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-template-'));
  try {
    const handle = await openDatabase({ kind: 'pglite', dataDir: work });
    const applied = await migrateToLatest(handle.db);
    await handle.close();
    fs.rmSync(templateDir, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(templateDir), { recursive: true });
    fs.cpSync(pgliteDir(work), templateDir, { recursive: true });
    const stamp: TemplateStamp = { pglite: pgliteVersion(), migrations: applied, sources };
    fs.writeFileSync(stampFileOf(templateDir), `${JSON.stringify(stamp, null, 2)}\n`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
