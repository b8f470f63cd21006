import { sql } from 'kysely';
import { pruneAppEvents } from '../features/events';
import { pruneRateLimits } from '../lib/rate-limit';
import type { TaskDefinition } from './task';

/**
 * Rows that are worth nothing once expired, and that nothing else removes: rate-limit windows (an
 * expired one is only reset when its key comes back), ended sessions, spent or expired verification
 * tokens, remembered TOTP codes long past their 90-second validity, and live events a day old
 * (a reconnecting page catches up on the last hour).
 */
export const pruneExpiredJob: TaskDefinition = {
  name: 'prune-expired',
  description:
    'Removes expired rate-limit windows, sessions, verification tokens, used 2FA codes and day-old live events',
  everySeconds: 60 * 60,
  async run({ db }) {
    const rateLimits = await pruneRateLimits(db);
    const sessions = await db
      .deleteFrom('session')
      .where('expiresAt', '<', sql<Date>`now()`)
      .executeTakeFirst();
    // better-auth's own table, not in our typed schema.
    const tokens = await sql`DELETE FROM "verification" WHERE "expiresAt" < now()`.execute(db);
    const codes = await db
      .deleteFrom('used_totp_codes')
      .where('used_at', '<', sql<Date>`now() - interval '10 minutes'`)
      .executeTakeFirst();
    const events = await pruneAppEvents(db);
    return [
      `${rateLimits} rate-limit windows`,
      `${Number(sessions.numDeletedRows)} sessions`,
      `${Number(tokens.numAffectedRows ?? 0)} verification tokens`,
      `${Number(codes.numDeletedRows)} used 2FA codes`,
      `${events} live events`,
    ].join(', ');
  },
};
