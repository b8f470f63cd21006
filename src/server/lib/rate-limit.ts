import { sql } from 'kysely';
import type { Db } from '../db/client';
import { AppError } from './app-error';

export interface RateRule {
  /** Seconds. */
  window: number;
  max: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window frees up (when refused: how long to wait). */
  retryAfter: number;
  /** Attempts left in this window. */
  remaining: number;
}

/**
 * Counts one attempt against `key` and says whether it is allowed. One atomic statement, so
 * concurrent requests on any number of instances cannot all slip past a stale count.
 */
export async function consumeRateLimit(db: Db, key: string, rule: RateRule): Promise<RateDecision> {
  const result = await sql<{ count: number; retry_after: number }>`
    INSERT INTO rate_limits AS r (key, count, reset_at)
    VALUES (${key}, 1, now() + make_interval(secs => ${rule.window}))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.count + 1 END,
      reset_at = CASE WHEN r.reset_at <= now() THEN now() + make_interval(secs => ${rule.window}) ELSE r.reset_at END
    RETURNING count, ceil(extract(epoch FROM reset_at - now()))::int AS retry_after`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('rate limit upsert returned no row');
  return {
    allowed: row.count <= rule.max,
    retryAfter: Math.max(1, row.retry_after),
    remaining: Math.max(0, rule.max - row.count),
  };
}

/**
 * Without counting anything: seconds until `key` may be used again when its current window already
 * holds `max` attempts, 0 when it may be used now. For limits that count only some outcomes (wrong
 * codes, say): checked before the attempt, counted with `consumeRateLimit` once the outcome is known.
 */
export async function rateLimitWait(db: Db, key: string, max: number): Promise<number> {
  const row = await db
    .selectFrom('rate_limits')
    .select(sql<number>`ceil(extract(epoch FROM reset_at - now()))::int`.as('retry_after'))
    .where('key', '=', key)
    .where('count', '>=', max)
    .where('reset_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row ? Math.max(1, row.retry_after) : 0;
}

/** Forgets expired windows (run from time to time; an expired row is also reset on its next use). */
export async function pruneRateLimits(db: Db): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('reset_at', '<', new Date()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Counts one attempt; over the limit, sets Retry-After and answers 429 with `message` and the wait. */
export async function enforceRateLimit(
  c: { header(name: string, value: string): void },
  db: Db,
  key: string,
  rule: RateRule,
  message: string,
): Promise<void> {
  const decision = await consumeRateLimit(db, key, rule);
  if (decision.allowed) return;
  c.header('Retry-After', String(decision.retryAfter));
  throw new AppError('rate_limited', `${message}; try again in ${waitText(decision.retryAfter)}`);
}

/** A wait as people say it: "45 seconds", "1 minute", "10 minutes", "2 hours". */
export function waitText(seconds: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (Math.ceil(seconds) < 60) return plural(Math.max(1, Math.ceil(seconds)), 'second');
  if (Math.ceil(seconds / 60) < 60) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / 3600), 'hour');
}
