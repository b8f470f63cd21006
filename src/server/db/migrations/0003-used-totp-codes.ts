import { sql, type Kysely } from 'kysely';

/** TOTP codes already accepted, so the same code cannot be used twice while it is still valid. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE used_totp_codes (
      user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
      code text NOT NULL,
      used_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, code)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE used_totp_codes`.execute(db);
}
