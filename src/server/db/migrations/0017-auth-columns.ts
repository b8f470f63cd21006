import { sql, type Kysely } from 'kysely';

/**
 * Migration 0001 once had better-auth create its tables at run time, in the shape of
 * whichever better-auth was installed on the day a database was made. A database made with an older
 * one can lack columns and indexes the installed one uses; this brings any such database to the
 * shape migration 0001 now writes down (on one made from that, every statement is a no-op).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE "user" ADD COLUMN IF NOT EXISTS "image" text;
    ALTER TABLE "user" ADD COLUMN IF NOT EXISTS "role" text;
    ALTER TABLE "user" ADD COLUMN IF NOT EXISTS "banned" boolean;
    ALTER TABLE "user" ADD COLUMN IF NOT EXISTS "banReason" text;
    ALTER TABLE "user" ADD COLUMN IF NOT EXISTS "banExpires" timestamptz;
    ALTER TABLE "user" ADD COLUMN IF NOT EXISTS "twoFactorEnabled" boolean;
    ALTER TABLE "session" ADD COLUMN IF NOT EXISTS "ipAddress" text;
    ALTER TABLE "session" ADD COLUMN IF NOT EXISTS "userAgent" text;
    ALTER TABLE "session" ADD COLUMN IF NOT EXISTS "impersonatedBy" text;
    ALTER TABLE "twoFactor" ADD COLUMN IF NOT EXISTS "verified" boolean;
    ALTER TABLE "twoFactor" ADD COLUMN IF NOT EXISTS "failedVerificationCount" integer;
    ALTER TABLE "twoFactor" ADD COLUMN IF NOT EXISTS "lockedUntil" timestamptz;
    CREATE INDEX IF NOT EXISTS "session_userId_idx" ON "session" ("userId");
    CREATE INDEX IF NOT EXISTS "account_userId_idx" ON "account" ("userId");
    CREATE INDEX IF NOT EXISTS "verification_identifier_idx" ON "verification" ("identifier");
    CREATE INDEX IF NOT EXISTS "twoFactor_secret_idx" ON "twoFactor" ("secret");
    CREATE INDEX IF NOT EXISTS "twoFactor_userId_idx" ON "twoFactor" ("userId");
  `.execute(db);
}
