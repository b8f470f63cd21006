import { pruneExpiredAuthRows } from '../features/account';
import { pruneAppEvents } from '../features/events';
import { pruneRateLimits } from '../lib/rate-limit';
import { pruneUsedTotpCodes } from '../lib/two-factor-guard';
import type { JobDefinition } from './job';

/**
 * Rows that are worth nothing once expired, and that nothing else removes: rate-limit windows (an
 * expired one is only reset when its key comes back), ended sessions, spent or expired verification
 * tokens, remembered TOTP codes long past their 90-second validity, and live events a day old
 * (a reconnecting page catches up on the last hour).
 */
export const pruneExpiredJob: JobDefinition = {
  name: 'prune-expired',
  description:
    'Removes expired rate-limit windows, sessions, verification tokens, used 2FA codes and day-old live events',
  everySeconds: 60 * 60,
  async run({ db }) {
    const rateLimits = await pruneRateLimits(db);
    const { sessions, tokens } = await pruneExpiredAuthRows(db);
    const codes = await pruneUsedTotpCodes(db);
    const events = await pruneAppEvents(db);
    return [
      `${rateLimits} rate-limit windows`,
      `${sessions} sessions`,
      `${tokens} verification tokens`,
      `${codes} used 2FA codes`,
      `${events} live events`,
    ].join(', ');
  },
};
