import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createServerDatabase } from '../../../tests/support/test-db';
import { openDatabase } from './client';

/**
 * PostgreSQL only: the server's statement limit (ADR 0052). `npm test` gives the embedded pass the
 * server as MULTI_PROCESS_DATABASE_URL and the PostgreSQL pass as TEST_DATABASE_URL.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.MULTI_PROCESS_DATABASE_URL;

describe.runIf(serverUrl)('statement timeout on PostgreSQL', () => {
  it('cancels a statement past the limit once set, on connections opened before and after', async () => {
    const database = await createServerDatabase(serverUrl ?? '');
    const handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
    try {
      const sleep = () => sql`SELECT pg_sleep(0.4)`.execute(handle.db);
      // Before the limit (the migrations' time): a long statement runs to its end, on two connections.
      await Promise.all([sleep(), sleep()]);
      handle.limitStatements?.(150);
      await expect(sleep()).rejects.toThrow(/statement timeout/);
      await expect(Promise.all([sleep(), sleep()])).rejects.toThrow(/statement timeout/);
      // A short statement still answers on the same connections.
      expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(handle.db)).rows).toEqual([{ one: 1 }]);
      handle.limitStatements?.(0);
      await sleep();
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
