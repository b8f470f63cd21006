import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { AppError } from '../lib/app-error';
import type { Db } from './client';
import { latestMigrationName } from './migrate';

/**
 * A logical backup: every row of every application table as gzipped JSON. The same file restores
 * into PGlite or PostgreSQL, which is also how an embedded install moves to a PostgreSQL server.
 */
const FORMAT = 'xrp-research-backup';
/** Bookkeeping and transient tables a restore does not need. */
const EXCLUDED = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'app_events',
  'rate_limits',
  'used_totp_codes',
  'job_runs',
]);

interface TableDump {
  columns: string[];
  jsonColumns: string[];
  rows: unknown[][];
}

interface BackupFile {
  format: typeof FORMAT;
  version: 1;
  migration: string | null;
  createdAt: string;
  tables: Record<string, TableDump>;
}

/** Tables in an order where each comes after every table it references. */
async function tablesInDependencyOrder(db: Db): Promise<string[]> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  const edges = await sql<{ child: string; parent: string }>`
    SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
    FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
    WHERE c.contype = 'f' AND n.nspname = 'public'`.execute(db);
  const names = tables.rows.map((row) => row.name).filter((name) => !EXCLUDED.has(name));
  const unquote = (name: string) => name.replace(/^"|"$/g, '');
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const edge of edges.rows) {
    const child = unquote(edge.child);
    const parent = unquote(edge.parent);
    if (child !== parent) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const next = names.find(
      (name) => !placed.has(name) && [...(parents.get(name) ?? [])].every((p) => placed.has(p)),
    );
    if (!next) throw new Error('Foreign keys form a cycle; cannot order tables for backup');
    ordered.push(next);
    placed.add(next);
  }
  return ordered;
}

/** The columns a backup holds: every stored column but generated ones (the database recomputes those). */
async function storedColumnsOf(db: Db, table: string): Promise<string[]> {
  const result = await sql<{ name: string }>`
    SELECT column_name AS name FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name = ${table} AND is_generated = 'NEVER'
    ORDER BY ordinal_position`.execute(db);
  return result.rows.map((row) => row.name);
}

async function jsonColumnsOf(db: Db, table: string): Promise<string[]> {
  const result = await sql<{ name: string }>`
    SELECT column_name AS name FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name = ${table} AND data_type IN ('json', 'jsonb')`.execute(db);
  return result.rows.map((row) => row.name);
}

export async function backupDatabase(
  db: Db,
  file: string,
): Promise<{ file: string; tables: number; rows: number }> {
  const backup: BackupFile = {
    format: FORMAT,
    version: 1,
    migration: (await latestMigrationName(db)) ?? null,
    createdAt: new Date().toISOString(),
    tables: {},
  };
  let rowCount = 0;
  await db.transaction().execute(async (trx) => {
    await sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`.execute(trx);
    for (const table of await tablesInDependencyOrder(trx)) {
      const columns = await storedColumnsOf(trx, table);
      const result = await sql<Record<string, unknown>>`SELECT ${sql.join(
        columns.map((column) => sql.ref(column)),
      )} FROM ${sql.table(table)}`.execute(trx);
      backup.tables[table] = {
        columns,
        jsonColumns: await jsonColumnsOf(trx, table),
        rows: result.rows.map((row) => columns.map((column) => row[column])),
      };
      rowCount += result.rows.length;
    }
  });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.partial`;
  fs.writeFileSync(temp, gzipSync(JSON.stringify(backup)), { mode: 0o600 });
  fs.renameSync(temp, file);
  return { file, tables: Object.keys(backup.tables).length, rows: rowCount };
}

function readBackup(file: string): BackupFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(gunzipSync(fs.readFileSync(file)).toString('utf8'));
  } catch (error) {
    throw new AppError(
      'bad_request',
      `${file} is not a backup made by db:backup (${(error as Error).message})`,
    );
  }
  const backup = parsed as Partial<BackupFile>;
  if (backup.format !== FORMAT || backup.version !== 1 || typeof backup.tables !== 'object') {
    throw new AppError('bad_request', `${file} is not a backup made by db:backup`);
  }
  return backup as BackupFile;
}

async function insertDump(trx: Db, table: string, dump: TableDump): Promise<number> {
  if (dump.rows.length === 0) return 0;
  const json = new Set(dump.jsonColumns);
  const stored = new Set(await storedColumnsOf(trx, table));
  const chunkSize = Math.max(1, Math.floor(30000 / Math.max(1, dump.columns.length)));
  for (let start = 0; start < dump.rows.length; start += chunkSize) {
    const rows = dump.rows.slice(start, start + chunkSize).map((values) =>
      Object.fromEntries(
        dump.columns.flatMap((column, index) => {
          if (!stored.has(column)) return [];
          const value = values[index];
          return [[column, json.has(column) && value !== null ? JSON.stringify(value) : value]];
        }),
      ),
    );
    await trx
      .insertInto(table as never)
      .values(rows as never)
      .execute();
  }
  return dump.rows.length;
}

/** Replaces every application row with the backup's, in one transaction: all of it or none. */
export async function restoreDatabase(db: Db, file: string): Promise<{ tables: number; rows: number }> {
  if (!fs.existsSync(file)) throw new AppError('not_found', `No such file: ${file}`);
  const backup = readBackup(file);
  const current = (await latestMigrationName(db)) ?? null;
  if (backup.migration !== current) {
    throw new AppError(
      'conflict',
      `The backup was made at schema ${backup.migration ?? 'none'} but this database is at ${current ?? 'none'}; ` +
        'restore it with the matching version of the app',
    );
  }
  let rowCount = 0;
  await db.transaction().execute(async (trx) => {
    const order = await tablesInDependencyOrder(trx);
    const unknown = Object.keys(backup.tables).filter((table) => !order.includes(table));
    if (unknown.length)
      throw new AppError('conflict', `The backup has tables this database lacks: ${unknown.join(', ')}`);
    await sql`TRUNCATE ${sql.join(order.map((table) => sql.table(table)))} CASCADE`.execute(trx);
    for (const table of order) {
      const dump = backup.tables[table];
      if (dump) rowCount += await insertDump(trx, table, dump);
    }
    // The data tables' triggers queued an alert evaluation and a live event for every restored row;
    // restored data is not news. Keep exactly the queue the backup had.
    await sql`DELETE FROM alert_queue`.execute(trx);
    await sql`DELETE FROM app_events`.execute(trx);
    const queue = backup.tables.alert_queue;
    if (queue) await insertDump(trx, 'alert_queue', queue);
  });
  return { tables: Object.keys(backup.tables).length, rows: rowCount };
}
