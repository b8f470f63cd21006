import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, pgliteDir } from './client';
import { latestMigrationName, migrationNames } from './migrate';
import { isTemplateCurrent, seedFromTemplate, writeTemplate } from './template';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-template-test-'));
const templateDir = path.join(work, 'dist', 'pglite-template');
const stampFile = `${templateDir}.json`;
const newDataDir = () => fs.mkdtempSync(path.join(work, 'data-'));

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
