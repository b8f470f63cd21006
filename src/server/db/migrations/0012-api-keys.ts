import { sql, type Kysely } from 'kysely';

/**
 * Developer API keys: only a SHA-256 of each key is stored (keys are 32 random bytes, so a fast hash
 * is enough), with the owner, a name, the first characters to tell keys apart, and requests per day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE api_keys (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
      name text NOT NULL,
      prefix text NOT NULL,
      key_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    );
    CREATE INDEX api_keys_user_idx ON api_keys (user_id, created_at);

    CREATE TABLE api_key_usage (
      key_id uuid NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
      day date NOT NULL,
      requests integer NOT NULL DEFAULT 0,
      PRIMARY KEY (key_id, day)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE api_key_usage;
    DROP TABLE api_keys;
  `.execute(db);
}
