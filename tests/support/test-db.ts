import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { migrateToLatest } from '../../src/server/db/migrate';
import { writeTemplate } from '../../src/server/db/template';
import { migrationSources } from '../../scripts/db-template';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A migrated, empty PGlite cluster saved once per PGlite release and set of migrations (in the
 * system's temp folder, shared by every test file and worker) and loaded into each in-memory test
 * database: ~0.6 s instead of ~2.4 s of initdb and migrations per database.
 */
async function migratedTemplate(): Promise<Blob> {
  const sources = migrationSources(root);
  const hash = crypto.createHash('sha256').update(sources).digest('hex').slice(0, 16);
  const file = path.join(os.tmpdir(), `xrp-test-template-${hash}.tar`);
  if (!fs.existsSync(file)) {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-test-template-'));
    try {
      await writeTemplate(path.join(work, 'cluster'), sources);
      const cluster = await PGlite.create(path.join(work, 'cluster'));
      const dump = await cluster.dumpDataDir('none');
      await cluster.close();
      // Written beside and renamed, so a worker never reads half a file another is writing.
      const partial = path.join(work, 'template.tar');
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, file);
      // Templates of earlier migrations are 40 MB each and never used again.
      for (const name of fs.readdirSync(os.tmpdir()))
        if (/^xrp-test-template-[0-9a-f]{16}\.tar$/.test(name) && path.join(os.tmpdir(), name) !== file)
          fs.rmSync(path.join(os.tmpdir(), name), { force: true });
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
  return new Blob([fs.readFileSync(file)]);
}

/**
 * A fresh, empty database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ kind: 'memory', from: await migratedTemplate() });
  const database = await createServerDatabase(serverUrl, await migratedServerTemplate(serverUrl));
  const handle = await openDatabase({ kind: 'postgres', url: database.url });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

/** Runs one statement on the server's own database in a connection of its own. */
async function runOn<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A migrated, empty database on the server, made once per set of migrations by whichever test file
 * asks first (the others wait on an advisory lock) and copied by `CREATE DATABASE … TEMPLATE` for
 * each file: a copy of its files instead of every migration again.
 */
async function migratedServerTemplate(serverUrl: string): Promise<string> {
  const sources = migrationSources(root);
  const name = `test_template_${crypto.createHash('sha256').update(sources).digest('hex').slice(0, 16)}`;
  return runOn(serverUrl, async (client) => {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return name;
      // Templates of earlier migrations are never used again (one being copied stays until next time).
      const stale = await client.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 'test\\_template\\_%'",
      );
      for (const { datname } of stale.rows)
        await client.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => undefined);
      // Migrated under another name and renamed, so no file ever copies a half-migrated template.
      const work = await createServerDatabase(serverUrl);
      const handle = await openDatabase({ kind: 'postgres', url: work.url });
      try {
        await migrateToLatest(handle.db);
      } finally {
        await handle.close();
      }
      await client.query(`ALTER DATABASE ${new URL(work.url).pathname.slice(1)} RENAME TO ${name}`);
      return name;
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
}

/** A new database on a PostgreSQL server (empty, or a copy of `template`), and a way to drop it. */
export async function createServerDatabase(
  serverUrl: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  const run = (statement: string) => runOn(serverUrl, (client) => client.query(statement));
  await run(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  /**
   * Waits for the test's own connections to finish closing (a pool's end() can resolve while its last
   * backends are still saying goodbye); forcing them off would raise errors in the closing clients.
   */
  const drop = async () => {
    const deadline = Date.now() + 5_000;
    for (;;) {
      try {
        await run(`DROP DATABASE IF EXISTS ${name}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  return { url: url.toString(), drop };
}
