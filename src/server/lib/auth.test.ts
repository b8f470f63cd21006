import { describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createTestDatabase } from '../../../tests/support/test-db';
import { migrateToLatest } from '../db/migrate';
import { up as authColumnsCatchUp } from '../db/migrations/0017-auth-columns';
import { pendingAuthSchemaSql, trustedOrigins } from './auth';

describe('trustedOrigins', () => {
  it('trusts every loopback name for a local install', () => {
    expect(trustedOrigins('http://localhost:3000')).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
  });

  it('trusts only the public origin otherwise', () => {
    expect(trustedOrigins('https://xrp.example.com')).toEqual(['https://xrp.example.com']);
  });
});

describe('better-auth tables', () => {
  it('are all in the migrations: the installed better-auth wants no change to a migrated database', async () => {
    const handle = await createTestDatabase();
    const db = handle.db as unknown as Kysely<unknown>;
    try {
      // A server database starts empty (the embedded one from a migrated template).
      await migrateToLatest(handle.db);
      expect(await pendingAuthSchemaSql(db)).toBe('');
      // The check can fail: drop a column better-auth needs and it asks for it back.
      await sql`ALTER TABLE "twoFactor" DROP COLUMN "lockedUntil"`.execute(handle.db);
      await sql`DROP INDEX "twoFactor_userId_idx"`.execute(handle.db);
      expect(await pendingAuthSchemaSql(db)).toMatch(/alter table "twoFactor" add column "lockedUntil"/);
      // A database made by an older better-auth is brought to today's shape by migration 0017.
      await authColumnsCatchUp(db);
      expect(await pendingAuthSchemaSql(db)).toBe('');
    } finally {
      await handle.close();
    }
  });
});
