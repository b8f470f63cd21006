import { pruneEmailChanges, pruneExpiredAuthRows } from '../features/account';
import { pruneTestCheckoutSessions } from '../features/billing';
import { pruneAppEvents } from '../features/events';
import { pruneRateLimits } from '../lib/rate-limit';
import { pruneUsedTotpCodes } from '../lib/two-factor-guard';
import type { JobDefinition } from './job';

/**
 * Rows that are worth nothing once expired, and that nothing else removes: rate-limit windows (an
 * expired one is only reset when its key comes back), ended sessions, spent or expired verification
 * tokens, remembered TOTP codes long past their 90-second validity, live events a day old (a
 * reconnecting page catches up on the last hour), email changes whose links have all expired, and
 * test-mode checkout sessions a day past their expiry.
 */
export const pruneExpiredJob: JobDefinition = {
  name: 'prune-expired',
  description:
    'Removes expired rate-limit windows, sessions, verification tokens, used 2FA codes, day-old live events, spent email changes and test checkouts',
  everySeconds: 60 * 60,
  async run({ db }) {
    const rateLimits = await pruneRateLimits(db);
    const { sessions, tokens } = await pruneExpiredAuthRows(db);
    const codes = await pruneUsedTotpCodes(db);
    const events = await pruneAppEvents(db);
    const emailChanges = await pruneEmailChanges(db);
    const checkouts = await pruneTestCheckoutSessions(db);
    return [
      `${rateLimits} rate-limit windows`,
      `${sessions} sessions`,
      `${tokens} verification tokens`,
      `${codes} used 2FA codes`,
      `${events} live events`,
      `${emailChanges} email changes`,
      `${checkouts} test checkout sessions`,
    ].join(', ');
  },
};
