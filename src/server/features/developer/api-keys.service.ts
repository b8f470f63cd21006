import crypto from 'node:crypto';
import { sql } from 'kysely';
import { API_KEY_PREFIX, MAX_API_KEYS, type ApiKey } from '@/domain/developer/api-keys.schema';
import { isPremiumPlan } from '@/domain/plans/entitlements';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';

export const hashKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

/** The owner's keys that are not revoked, newest first, with the last 7 days of requests. */
export async function listApiKeys(db: Db, userId: string): Promise<ApiKey[]> {
  const keys = await db
    .selectFrom('api_keys')
    .select(['id', 'name', 'prefix', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
  if (keys.length === 0) return [];
  const usage = await db
    .selectFrom('api_key_usage')
    .select(['key_id', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'requests'])
    .where(
      'key_id',
      'in',
      keys.map((key) => key.id),
    )
    .where('day', '>', sql<string>`current_date - 7`)
    .orderBy('day')
    .execute();
  return keys.map((key) => ({
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    createdAt: key.created_at.toISOString(),
    lastUsedAt: key.last_used_at?.toISOString() ?? null,
    usage: usage
      .filter((row) => row.key_id === key.id)
      .map((row) => ({ day: row.day, requests: row.requests })),
  }));
}

/** A new key for a Premium member, returned once in full; only its hash is kept. */
export async function createApiKey(db: Db, userId: string, name: string): Promise<ApiKey & { key: string }> {
  const key = `${API_KEY_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  const row = await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`api-keys:${userId}`}))`.execute(trx);
    const { count } = await trx
      .selectFrom('api_keys')
      .select(sql<string>`count(*)`.as('count'))
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_API_KEYS)
      throw new AppError(
        'conflict',
        `You already have ${MAX_API_KEYS} API keys. Revoke one to create another.`,
      );
    return trx
      .insertInto('api_keys')
      .values({
        user_id: userId,
        name,
        prefix: key.slice(0, API_KEY_PREFIX.length + 6),
        key_hash: hashKey(key),
      })
      .returning(['id', 'name', 'prefix', 'created_at'])
      .executeTakeFirstOrThrow();
  });
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: null,
    usage: [],
    key,
  };
}

export async function revokeApiKey(db: Db, userId: string, id: string): Promise<void> {
  const row = await db
    .updateTable('api_keys')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', 'API key not found');
}

/**
 * The key behind a Bearer token: 401 for an unknown or revoked key, 403 once its owner is not
 * Premium or is blocked — checked on every request, so a downgrade stops the key at once.
 */
export async function authenticateApiKey(db: Db, token: string): Promise<{ keyId: string; userId: string }> {
  const row = await db
    .selectFrom('api_keys as k')
    .innerJoin('profiles as p', 'p.user_id', 'k.user_id')
    .select(['k.id', 'k.user_id', 'k.revoked_at', 'p.subscription_plan', 'p.blocked'])
    .where('k.key_hash', '=', hashKey(token))
    .executeTakeFirst();
  if (!row || row.revoked_at) throw new AppError('unauthorized', 'Invalid or revoked API key');
  if (row.blocked) throw new AppError('forbidden', 'This account has been blocked.');
  if (!isPremiumPlan(row.subscription_plan)) throw new AppError('forbidden', 'API access requires Premium.');
  return { keyId: row.id, userId: row.user_id };
}

/** Counts the request for the key's daily usage and notes when it was last used. */
export async function recordApiKeyUse(db: Db, keyId: string): Promise<void> {
  await sql`
    INSERT INTO api_key_usage (key_id, day, requests) VALUES (${keyId}, current_date, 1)
    ON CONFLICT (key_id, day) DO UPDATE SET requests = api_key_usage.requests + 1`.execute(db);
  // At most one write a minute for the last-used time.
  await db
    .updateTable('api_keys')
    .set({ last_used_at: new Date() })
    .where('id', '=', keyId)
    .where((where) =>
      where.or([
        where('last_used_at', 'is', null),
        where('last_used_at', '<', sql<Date>`now() - interval '1 minute'`),
      ]),
    )
    .execute();
}
