import { sql } from 'kysely';
import type { Db } from '../../db/client';

/**
 * The XRP Ledger stream's shared state in sync_state: which process holds the stream (a lease, so
 * one instance of many subscribes) and the last ledger it processed (what the admin sees as its
 * liveness). The SQL behind jobs/whale-stream.ts and jobs/xrpl-stream.job.ts.
 */
const LEASE_KEY = 'xrpl_stream';
const LEDGER_KEY = 'xrpl_stream_ledger';

/** Takes or renews the stream lease for `owner`; false when another live process holds it. */
export async function holdStreamLease(db: Db, owner: string, seconds: number): Promise<boolean> {
  const result = await sql<{ value: string }>`
    INSERT INTO sync_state AS s (key, value, expires_at) VALUES (${LEASE_KEY}, ${owner}, now() + make_interval(secs => ${seconds}))
    ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at, updated_at = now()
      WHERE s.expires_at < now() OR s.value = excluded.value
    RETURNING value`.execute(db);
  return result.rows.length === 1;
}

/** Gives the lease up, if `owner` still holds it. */
export async function releaseStreamLease(db: Db, owner: string): Promise<void> {
  await db.deleteFrom('sync_state').where('key', '=', LEASE_KEY).where('value', '=', owner).execute();
}

/** The stream processed this ledger just now. */
export async function recordStreamLedger(db: Db, ledgerIndex: number): Promise<void> {
  await sql`
    INSERT INTO sync_state (key, value) VALUES (${LEDGER_KEY}, ${String(ledgerIndex)})
    ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`.execute(db);
}

export interface StreamState {
  /** The process holding the lease while it is valid, else null. */
  holder: string | null;
  /** The last ledger the stream processed, and when; null before the first. */
  lastLedger: { index: number; at: Date } | null;
}

export async function streamState(db: Db): Promise<StreamState> {
  const rows = await db
    .selectFrom('sync_state')
    .select(['key', 'value', 'expires_at', 'updated_at'])
    .where('key', 'in', [LEASE_KEY, LEDGER_KEY])
    .execute();
  const lease = rows.find((row) => row.key === LEASE_KEY);
  const ledger = rows.find((row) => row.key === LEDGER_KEY);
  return {
    holder: lease && lease.expires_at && lease.expires_at > new Date() ? lease.value : null,
    lastLedger: ledger ? { index: Number(ledger.value), at: ledger.updated_at } : null,
  };
}
