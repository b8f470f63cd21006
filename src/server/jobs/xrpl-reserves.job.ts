import { exchangeAccounts, storeReserves, type ReserveReading } from '../features/whales';
import { connectXrpl, disconnectXrpl, validatedLedger } from '../upstreams/xrpl';
import { AccountNotFoundError, readAccount } from '../upstreams/xrpl-accounts';
import { defineSourceJob } from './source-job';

/**
 * Exchange reserves: every account the registry names as an exchange's, read one after another as of
 * one validated ledger (so the sums are one moment's), summed per exchange and stored. An address
 * the ledger does not hold at that ledger (deleted, or never funded) holds no XRP and counts as 0. Any
 * other failure fails the run and stores nothing: the last complete reading stays what is shown.
 */
export const xrplReservesJob = defineSourceJob({
  name: 'xrpl-reserves',
  description:
    'Reads the XRP held by the accounts the registry names as exchanges, at one validated ledger, summed per exchange',
  apiType: 'xrpl_reserves',
  sync: async ({ db, env, logger }) => {
    const byEntity = await exchangeAccounts(db);
    if (byEntity.size === 0) return { recordsProcessed: 0, details: 'No account is named as an exchange' };
    const client = await connectXrpl([env.XRPL_WS_URL, env.XRPL_WS_FALLBACK_URL], logger);
    try {
      const ledger = await validatedLedger(client);
      const readings: ReserveReading[] = [];
      let absent = 0;
      for (const [entity, addresses] of byEntity) {
        let balanceDrops = 0n;
        for (const address of addresses) {
          try {
            balanceDrops += (await readAccount(client, address, ledger.index)).balanceDrops;
          } catch (error) {
            if (!(error instanceof AccountNotFoundError)) throw error;
            absent += 1;
          }
        }
        readings.push({ entity, balanceDrops, addresses });
      }
      const stored = await storeReserves(db, ledger, readings);
      const accounts = readings.reduce((sum, reading) => sum + reading.addresses.length, 0);
      return {
        recordsProcessed: stored,
        details: `${readings.length} exchanges, ${accounts} accounts at ledger ${ledger.index}${
          absent > 0 ? `; ${absent} not on the ledger (counted as 0 XRP)` : ''
        }`,
      };
    } finally {
      await disconnectXrpl(client);
    }
  },
});
