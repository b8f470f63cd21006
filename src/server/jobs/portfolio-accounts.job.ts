import { PORTFOLIO_DUE_CHANNEL, refreshDueAccounts } from '../features/portfolio';
import type { JobDefinition } from './job';

/**
 * Watched accounts are read from the XRP Ledger when due: every 15 minutes, and at once when the
 * ledger stream saw a validated ledger touch one (it NOTIFYs the channel).
 */
export const portfolioAccountsJob: JobDefinition = {
  name: 'portfolio-accounts',
  description:
    'Reads watched XRP Ledger accounts: every 15 minutes, and at once when a validated ledger touches one',
  everySeconds: 60,
  wakeOn: PORTFOLIO_DUE_CHANNEL,
  async run({ db, ledger, logger }) {
    if (!ledger) return 'No XRP Ledger connection in this process';
    const read = await refreshDueAccounts({ db, ledger, logger });
    return read === 0 ? 'No account due' : `${read} account${read === 1 ? '' : 's'} read`;
  },
};
