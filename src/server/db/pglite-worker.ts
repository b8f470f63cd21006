import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { collectWhenStarted } from '../lib/startup-memory';

/**
 * The embedded database's own thread (ADR 0050): PGlite runs here, not on the thread that serves
 * HTTP, and speaks the PostgreSQL protocol on a unix socket in DATA_DIR. The app reaches it through
 * the same `pg` pool as a PostgreSQL server; an operator can open `psql -h DATA_DIR` beside it.
 */
export interface PgliteWorkerData {
  /** The PostgreSQL cluster's folder (DATA_DIR/pgdata). */
  clusterDir: string;
  /** Where the socket listens: `<dir>/.s.PGSQL.<port>`, the name libpq and node-postgres look for. */
  socketPath: string;
  /** The app's pool plus one operator's psql. */
  maxConnections: number;
}

export type PgliteWorkerMessage =
  { type: 'ready' } | { type: 'closed' } | { type: 'failed'; message: string };

/**
 * PostgreSQL's own memory inside the WebAssembly heap, every page of it resident from the start
 * (ADR 0053). PostgreSQL's default shared_buffers (128 MB, and wal_buffers 4 MB with it) made it
 * most of the embedded database's idle memory; 32 MB holds the hot pages of this product's tables
 * and indexes, and a page read past it comes from the operating system's file cache.
 */
export const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

const data = workerData as PgliteWorkerData;
const port = parentPort;
if (!port) throw new Error('pglite-worker runs as a worker thread');

try {
  const db = await PGlite.create(data.clusterDir, { startParams: pgliteStartParams });
  // A socket left by a process that was killed: this process owns DATA_DIR (control socket claim).
  fs.rmSync(data.socketPath, { force: true });
  const server = new PGLiteSocketServer({ db, path: data.socketPath, maxConnections: data.maxConnections });
  await server.start();
  fs.chmodSync(data.socketPath, 0o600);
  port.on('message', (message: unknown) => {
    if (message !== 'close') return;
    void (async () => {
      await server.stop();
      await db.close();
      fs.rmSync(data.socketPath, { force: true });
      port.postMessage({ type: 'closed' } satisfies PgliteWorkerMessage);
    })();
  });
  port.postMessage({ type: 'ready' } satisfies PgliteWorkerMessage);
  // This thread's heap, too, gives back what opening the database grew, once the server has started.
  collectWhenStarted();
} catch (error) {
  port.postMessage({
    type: 'failed',
    message: error instanceof Error ? error.message : String(error),
  } satisfies PgliteWorkerMessage);
}
