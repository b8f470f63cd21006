import type { LedgerEscrow } from '@/domain/supply/supply';
import { rippleAccounts, storeSupply } from '../features/supply';
import { connectXrpl, disconnectXrpl } from '../upstreams/xrpl';
import { AccountNotFoundError, readAccount } from '../upstreams/xrpl-accounts';
import { readEscrows, readLedgerSupply } from '../upstreams/xrpl-supply';
import { defineSourceJob } from './source-job';

/**
 * The XRP supply: the validated ledger's `total_coins`, and at that same ledger the XRP held by
 * every account the registry names as Ripple's and the escrows they own. An escrow appears in both
 * its owner's and its destination's lists: it counts once, and only when a Ripple account funded it.
 * An address the ledger does not hold counts as 0 XRP and no escrows. Any other failure fails the
 * run and stores nothing: the last complete reading stays what is shown.
 */
export const xrplSupplyJob = defineSourceJob({
  name: 'xrpl-supply',
  description:
    "Reads the XRP in existence from the validated ledger, and the XRP held and escrowed by the accounts the registry names as Ripple's",
  apiType: 'xrpl_supply',
  sync: async ({ db, env, logger }) => {
    const accounts = await rippleAccounts(db);
    const owners = new Set(accounts);
    const client = await connectXrpl([env.XRPL_WS_URL, env.XRPL_WS_FALLBACK_URL], logger);
    try {
      const ledger = await readLedgerSupply(client);
      let heldDrops = 0n;
      let absent = 0;
      const escrows = new Map<string, LedgerEscrow>();
      for (const address of accounts) {
        try {
          heldDrops += (await readAccount(client, address, ledger.index)).balanceDrops;
          for (const escrow of await readEscrows(client, address, ledger.index))
            if (owners.has(escrow.owner)) escrows.set(escrow.index, escrow);
        } catch (error) {
          if (!(error instanceof AccountNotFoundError)) throw error;
          absent += 1;
        }
      }
      const stored = await storeSupply(db, {
        ledger: { index: ledger.index, closedAt: ledger.closedAt },
        totalCoinsDrops: ledger.totalCoinsDrops,
        rippleAccounts: accounts.length,
        rippleHeldDrops: heldDrops,
        escrows: [...escrows.values()],
      });
      return {
        recordsProcessed: stored,
        details:
          accounts.length === 0
            ? `Total coins at ledger ${ledger.index}; no account is named as Ripple's, so escrowed and held are unknown`
            : `Total coins, ${accounts.length} Ripple accounts and ${escrows.size} escrows at ledger ${ledger.index}${
                absent > 0 ? `; ${absent} not on the ledger (counted as 0 XRP)` : ''
              }`,
      };
    } finally {
      await disconnectXrpl(client);
    }
  },
});
