import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, pgliteDir } from './client';
import { sql } from 'kysely';
import { latestMigrationName, migrateToLatest, migrationNames } from './migrate';
import type { Db } from './client';
import { isTemplateCurrent, seedFromTemplate, writeTemplate } from './template';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-template-test-'));
const templateDir = path.join(work, 'dist', 'pglite-template');
const stampFile = `${templateDir}.json`;
const newDataDir = () => fs.mkdtempSync(path.join(work, 'data-'));

/**
 * Every table's columns, every index, constraint, trigger and function of the public schema, as text:
 * the triggers and functions carry the live events and the alert queue (migrations 0005 and 0011).
 */
async function schemaOf(db: Db): Promise<string[]> {
  const columns = await sql<{ line: string }>`
    SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' ||
      coalesce(column_default, '') AS line
    FROM information_schema.columns WHERE table_schema = 'public'`.execute(db);
  const indexes = await sql<{ line: string }>`
    SELECT indexdef AS line FROM pg_indexes WHERE schemaname = 'public'`.execute(db);
  const constraints = await sql<{ line: string }>`
    SELECT c.conrelid::regclass::text || ' ' || c.conname || ' ' || pg_get_constraintdef(c.oid) AS line
    FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = 'public'`.execute(
    db,
  );
  const triggers = await sql<{ line: string }>`
    SELECT pg_get_triggerdef(t.oid) AS line FROM pg_trigger t
    JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND NOT t.tgisinternal`.execute(db);
  const functions = await sql<{ line: string }>`
    SELECT pg_get_functiondef(p.oid) AS line FROM pg_proc p
    JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'`.execute(db);
  return [...columns.rows, ...indexes.rows, ...constraints.rows, ...triggers.rows, ...functions.rows]
    .map((row) => row.line)
    .sort();
}

describe('the embedded database template', () => {
  beforeAll(async () => {
    await writeTemplate(templateDir, 'sources-1');
  }, 60_000);
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it('starts a new DATA_DIR with every migration applied and no rows of anyone', async () => {
    expect(isTemplateCurrent(templateDir, 'sources-1')).toBe(true);
    // An edited migration (same names, other source) makes the build remake it.
    expect(isTemplateCurrent(templateDir, 'sources-2')).toBe(false);
    const dataDir = newDataDir();
    expect(seedFromTemplate(dataDir, templateDir)).toBe('copied');
    expect(fs.statSync(pgliteDir(dataDir)).mode & 0o777).toBe(0o700);
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(await latestMigrationName(handle.db)).toBe(migrationNames.at(-1));
      const users = await handle.db
        .selectFrom('user')
        .select((eb) => eb.fn.countAll().as('n'))
        .execute();
      expect(Number(users[0]?.n)).toBe(0);
    } finally {
      await handle.close();
    }
    // A second start finds its own cluster and leaves it alone.
    expect(seedFromTemplate(dataDir, templateDir)).toBe('exists');
  });

  it('has the very schema the migrations build on a fresh database', async () => {
    const fresh = await openDatabase({ kind: 'memory' });
    const dataDir = newDataDir();
    seedFromTemplate(dataDir, templateDir);
    const copied = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await migrateToLatest(fresh.db);
      const built = await schemaOf(fresh.db);
      expect(built.length).toBeGreaterThan(200);
      expect(built).toContain('twoFactor.lockedUntil timestamp with time zone YES ');
      expect(built.some((line) => line.startsWith('CREATE TRIGGER watched_account_tx_alerts'))).toBe(true);
      expect(built.some((line) => line.includes('FUNCTION public.enqueue_alert_evaluation()'))).toBe(true);
      expect(await schemaOf(copied.db)).toEqual(built);
    } finally {
      await fresh.close();
      await copied.close();
    }
  });

  it('is not used when another PGlite release or unknown migrations made it', () => {
    const stamp = fs.readFileSync(stampFile, 'utf8');
    try {
      const parsed = JSON.parse(stamp) as { pglite: string; migrations: string[] };
      fs.writeFileSync(stampFile, JSON.stringify({ ...parsed, pglite: '0.0.1' }));
      expect(isTemplateCurrent(templateDir, 'sources-1')).toBe(false);
      expect(seedFromTemplate(newDataDir(), templateDir)).toBe('unusable');
      fs.writeFileSync(
        stampFile,
        JSON.stringify({ ...parsed, migrations: [...parsed.migrations, '9999-later'] }),
      );
      expect(seedFromTemplate(newDataDir(), templateDir)).toBe('unusable');
      // Older than the code (a migration added since): used, and the server migrates the rest.
      fs.writeFileSync(stampFile, JSON.stringify({ ...parsed, migrations: parsed.migrations.slice(0, -1) }));
      expect(isTemplateCurrent(templateDir, 'sources-1')).toBe(false);
      expect(seedFromTemplate(newDataDir(), templateDir)).toBe('copied');
      fs.rmSync(stampFile);
      expect(seedFromTemplate(newDataDir(), templateDir)).toBe('unusable');
    } finally {
      fs.writeFileSync(stampFile, stamp);
    }
  });
});
