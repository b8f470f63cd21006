import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Db = Kysely<Database>;
/** A transaction on the same database: what a service function takes to run inside one. */
export type Trx = Transaction<Database>;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  /** In memory; `from` is a cluster saved by PGlite's dumpDataDir to start from (the tests' template). */
  | { kind: 'memory'; from?: Blob };

export interface DatabaseHandle {
  db: Db;
  pool: pg.Pool;
  kind: 'postgres' | 'pglite';
  /** LISTENs on a channel for the life of the handle; returns a function that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** A dedicated connection for LISTEN on a PostgreSQL server (a pooled one would be handed to others). */
async function listenOnServer(url: string, channel: string, onPayload: (payload: string) => void) {
  let client: pg.Client | null = null;
  let stopped = false;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', () => {
      // The connection dropped: listen again after a pause, until stopped.
      if (!stopped) setTimeout(() => void connect().catch(() => undefined), 1000);
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}

// COUNT(*) and other bigint results fit in a double for every count this product makes.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** The folder inside DATA_DIR that holds PGlite's PostgreSQL cluster. */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pgdata');
}

/**
 * Opens Kysely over a node-postgres Pool in both modes: a real server, or PGlite wrapped by its
 * node-postgres adapter (one connection; see docs/decisions/0002-database.md for why not kysely-pglite).
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const stops: (() => Promise<void>)[] = [];
    return {
      db,
      pool,
      kind: 'postgres',
      listen: async (channel, onPayload) => {
        const stop = await listenOnServer(target.url, channel, onPayload);
        stops.push(stop);
        return stop;
      },
      close: async () => {
        await Promise.all(stops.map((stop) => stop()));
        await db.destroy();
      },
    };
  }
  let dataDir: string | undefined;
  if (target.kind === 'pglite') {
    dataDir = pgliteDir(target.dataDir);
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  }
  const pglite =
    target.kind === 'memory' && target.from
      ? await PGlite.create({ loadDataDir: target.from })
      : await PGlite.create(dataDir);
  const pool = new pg.Pool(createPgConfig(pglite) as pg.PoolConfig);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    kind: 'pglite',
    // One backend shared with the pool's one connection: the LISTEN (and its UNLISTEN) runs while
    // that connection is held, so it never lands between the messages of another query (which
    // lost that query's portal) or inside a transaction.
    listen: async (channel, onPayload) => {
      const held = await pool.connect();
      try {
        const unlisten = await pglite.listen(channel, onPayload);
        return async () => {
          const again = await pool.connect();
          try {
            await unlisten();
          } finally {
            again.release();
          }
        };
      } finally {
        held.release();
      }
    },
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

export function databaseTarget(env: {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
  DATABASE_POOL_SIZE?: number;
}): DatabaseTarget {
  return env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
    : { kind: 'pglite', dataDir: env.DATA_DIR };
}
