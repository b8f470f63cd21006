import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { workerScript } from '../lib/worker-script';
import type { PgliteWorkerData, PgliteWorkerMessage } from './pglite-worker';
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
  /**
   * PostgreSQL only: from now on, a statement of this pool running longer than `ms` is cancelled (0:
   * never). Set by the server once its migrations ran, which may take longer (ADR 0052).
   */
  limitStatements?(ms: number): void;
  close(): Promise<void>;
}

/** The statement_timeout each pooled connection was given (a connection remembers it). */
const appliedTimeout = new WeakMap<pg.PoolClient, number>();

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
    let timeoutMs = 0;
    // Emitted before the connection is handed out: the SET is queued ahead of the borrower's query.
    pool.on('acquire', (client) => {
      if ((appliedTimeout.get(client) ?? 0) === timeoutMs) return;
      appliedTimeout.set(client, timeoutMs);
      client.query(`SET statement_timeout = ${timeoutMs}`).catch(() => undefined);
    });
    return {
      db,
      pool,
      kind: 'postgres',
      limitStatements: (ms) => {
        timeoutMs = Math.max(0, Math.round(ms));
      },
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
  if (target.kind === 'pglite') return openPgliteWorker(target.dataDir);
  // In memory (the tests' databases): PGlite in this thread, behind the same kind of pool. Imported
  // here: a server's PGlite runs on its own thread, and this thread need not load it (ADR 0056).
  const [{ PGlite }, { createPgConfig }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/node-postgres'),
  ]);
  const pglite = target.from ? await PGlite.create({ loadDataDir: target.from }) : await PGlite.create();
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

/** The socket's port number only names the file (`.s.PGSQL.5432`); nothing listens on TCP. */
export const PGLITE_SOCKET_PORT = 5432;

/**
 * PGlite in a DATA_DIR, on its own thread (ADR 0050): every query, migration and NOTIFY runs in a
 * worker, so the thread that serves HTTP never waits on the database's CPU. The app's pool holds one
 * connection (PGlite has one backend, so queries are serial anyway and a session's state stays
 * its own); a second connection is left for an operator's psql.
 */
async function openPgliteWorker(dataDir: string): Promise<DatabaseHandle> {
  const clusterDir = pgliteDir(dataDir);
  fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  const socketPath = path.join(dataDir, `.s.PGSQL.${PGLITE_SOCKET_PORT}`);
  const entry = workerScript(import.meta.url, 'pglite-worker');
  const worker = new Worker(entry.url, {
    execArgv: entry.execArgv,
    workerData: { clusterDir, socketPath, maxConnections: 2 } satisfies PgliteWorkerData,
  });
  let closing = false;
  const settled = (type: 'ready' | 'closed') =>
    new Promise<void>((resolve, reject) => {
      const onMessage = (message: PgliteWorkerMessage) => {
        if (message.type === 'failed')
          reject(new Error(`The embedded database did not open: ${message.message}`));
        else if (message.type === type) resolve();
        else return;
        worker.off('message', onMessage);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  await settled('ready');
  // The database is gone if its thread dies: end the process loudly rather than answer without it.
  worker.on('error', (error) => {
    if (!closing)
      setImmediate(() => {
        throw error;
      });
  });
  worker.on('exit', (code) => {
    if (!closing)
      setImmediate(() => {
        throw new Error(`The embedded database's thread exited (code ${code})`);
      });
  });

  const pool = new pg.Pool({
    host: dataDir,
    port: PGLITE_SOCKET_PORT,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    idleTimeoutMillis: 0,
  });
  // A connection that fails while idle is replaced by the pool; its error must not end the process.
  pool.on('error', () => undefined);
  // PGlite's one backend delivers a NOTIFY on the connection whose query caused it (every write of
  // this process goes through this pool), so each client's notifications feed the listeners.
  const listeners = new Map<string, Set<(payload: string) => void>>();
  pool.on('connect', (client) => {
    client.on('notification', (message) => {
      for (const onPayload of listeners.get(message.channel) ?? []) onPayload(message.payload ?? '');
    });
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    kind: 'pglite',
    listen: async (channel, onPayload) => {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await pool.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
        if (set.size > 0 || listeners.get(channel) !== set) return;
        listeners.delete(channel);
        await pool.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`);
      };
    },
    close: async () => {
      closing = true;
      await db.destroy();
      const closed = settled('closed');
      worker.postMessage('close');
      await closed;
      await worker.terminate();
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
