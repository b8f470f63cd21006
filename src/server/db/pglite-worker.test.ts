import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_SOCKET_PORT, pgliteDir, type DatabaseHandle } from './client';

const dirs: string[] = [];
const handles: DatabaseHandle[] = [];
afterEach(async () => {
  await Promise.all(handles.splice(0).map((handle) => handle.close()));
});
afterAll(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// One DATA_DIR written as the previous release wrote it (PGlite in the server's thread), copied for
// each test: initdb once.
let previousRelease = '';
beforeAll(async () => {
  previousRelease = fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-pglite-worker-'));
  dirs.push(previousRelease);
  const before = await PGlite.create(pgliteDir(previousRelease));
  await before.exec(
    "create table kept (id int primary key, note text); insert into kept values (1, 'from before')",
  );
  await before.close();
}, 60_000);

async function openDataDir(dataDir?: string) {
  let dir = dataDir;
  if (!dir) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-pglite-worker-'));
    dirs.push(dir);
    fs.cpSync(previousRelease, dir, { recursive: true });
  }
  const handle = await openDatabase({ kind: 'pglite', dataDir: dir });
  handles.push(handle);
  return { dir, handle };
}

describe('the embedded database on its own thread', () => {
  it('opens a DATA_DIR written by a PGlite in the server thread (the previous release) with its rows', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-pglite-worker-'));
    dirs.push(dir);
    const before = await PGlite.create(pgliteDir(dir));
    await before.exec(
      "create table kept (id int primary key, note text); insert into kept values (1, 'from before')",
    );
    await before.close();

    const { handle } = await openDataDir(dir);
    const rows = await sql<{ note: string }>`select note from kept where id = 1`.execute(handle.db);
    expect(rows.rows).toEqual([{ note: 'from before' }]);
  });

  it('keeps transactions whole: a rolled-back write is gone, a committed one stays after reopening', async () => {
    const { dir, handle } = await openDataDir();
    await sql`create table t (id int primary key)`.execute(handle.db);
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into t values (1)`.execute(trx);
        throw new Error('undo');
      })
      .catch(() => undefined);
    await handle.db.transaction().execute(async (trx) => {
      await sql`insert into t values (2)`.execute(trx);
    });
    await handles.pop()?.close();

    const { handle: again } = await openDataDir(dir);
    const rows = await sql<{ id: number }>`select id from t order by id`.execute(again.db);
    expect(rows.rows).toEqual([{ id: 2 }]);
  });

  it('delivers NOTIFY (as the event triggers send it) to the listeners, and stops after unlisten', async () => {
    const { handle } = await openDataDir();
    const payloads: string[] = [];
    const stop = await handle.listen('app_events', (payload) => payloads.push(payload));
    await sql`select pg_notify('app_events', 'first')`.execute(handle.db);
    await handle.db.transaction().execute(async (trx) => {
      await sql`select pg_notify('app_events', 'at commit')`.execute(trx);
    });
    await stop();
    await sql`select pg_notify('app_events', 'unheard')`.execute(handle.db);
    expect(payloads).toEqual(['first', 'at commit']);
  });

  it("lets an operator's client (as psql) connect to the socket in DATA_DIR while the app runs", async () => {
    const { dir, handle } = await openDataDir();
    await sql`create table seen (v text)`.execute(handle.db);
    await sql`insert into seen values ('written by the app')`.execute(handle.db);
    expect(fs.statSync(path.join(dir, `.s.PGSQL.${PGLITE_SOCKET_PORT}`)).mode & 0o777).toBe(0o600);

    const operator = new pg.Client({
      host: dir,
      port: PGLITE_SOCKET_PORT,
      user: 'postgres',
      database: 'postgres',
    });
    await operator.connect();
    try {
      const result = await operator.query<{ v: string }>('select v from seen');
      expect(result.rows).toEqual([{ v: 'written by the app' }]);
    } finally {
      await operator.end();
    }
    // The app goes on after the operator leaves.
    const count = await sql<{ n: number }>`select count(*)::int as n from seen`.execute(handle.db);
    expect(count.rows[0]?.n).toBe(1);
  });

  it('leaves this thread free while the database works', async () => {
    const { handle } = await openDataDir();
    let last = performance.now();
    let longestGap = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 10);
    try {
      // Two seconds of the database's time on its own thread.
      await sql`select pg_sleep(2)`.execute(handle.db);
    } finally {
      clearInterval(timer);
    }
    // In this thread PGlite would hold the event loop for the whole two seconds; free, a 10 ms timer
    // keeps firing (half the time is room for a busy machine).
    expect(longestGap).toBeLessThan(1_000);
  });

  it('keeps 32 MB of shared buffers and reads a table larger than them whole (ADR 0053)', async () => {
    const { handle } = await openDataDir();
    const setting = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(handle.db);
    expect(setting.rows).toEqual([{ shared_buffers: '32MB' }]);
    // ~40 MB of rows under the TOAST threshold (stored as they are), then read back past the buffers.
    await sql`create table wide (id int primary key, body text not null)`.execute(handle.db);
    await sql`insert into wide select i, lpad(md5(i::text), 1500, md5((i + 1)::text))
              from generate_series(1, 25000) as i`.execute(handle.db);
    const size = await sql<{ bytes: number }>`select pg_table_size('wide') as bytes`.execute(handle.db);
    expect(size.rows[0]!.bytes).toBeGreaterThan(36 * 1024 * 1024);
    const read = await sql<{ rows: number; checksum: string }>`
      select count(*)::int as rows, md5(string_agg(body, '' order by id)) as checksum from wide`.execute(
      handle.db,
    );
    const expected = await sql<{ checksum: string }>`
      select md5(string_agg(lpad(md5(i::text), 1500, md5((i + 1)::text)), '' order by i)) as checksum
      from generate_series(1, 25000) as i`.execute(handle.db);
    expect(read.rows).toEqual([{ rows: 25000, checksum: expected.rows[0]!.checksum }]);
  }, 60_000);
});
