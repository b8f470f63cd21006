import crypto from 'node:crypto';
import { encodeAccountID } from 'ripple-address-codec';
import { curatedAccounts } from '../../src/domain/known-accounts/curated';
import type { FakeRippled } from './fake-rippled';

const XRP = 1_000_000n;

/** An unnamed wallet's address, the same for the same number in every run. */
const wallet = (n: number) =>
  encodeAccountID(crypto.createHash('sha256').update(`fake-wallet-${n}`).digest().subarray(0, 20));

const pick = <Item>(items: readonly Item[]): Item => items[Math.floor(Math.random() * items.length)]!;

/**
 * Offline dev's exchange traffic: accounts the shipped registry names as exchanges (the first of six
 * exchanges, and two of Binance's) and eight unnamed wallets, funded on the fake ledger, and one
 * payment between them at a time: deposits with a destination tag, withdrawals, exchange to exchange
 * and, now and then, between two accounts of one exchange (internal, never a flow). Half are whale
 * sized (1M–40M XRP), half smaller (50K–950K), so the flows chart and the whale list both move.
 */
export function fakeExchangeTraffic(rippled: FakeRippled): () => void {
  const firstOfEach = new Map<string, string>();
  for (const account of curatedAccounts)
    if (account.category === 'exchange' && !firstOfEach.has(account.entity))
      firstOfEach.set(account.entity, account.address);
  const exchanges = [...firstOfEach.values()].slice(0, 6);
  const binance = curatedAccounts.filter((account) => account.entity === 'Binance').map((a) => a.address);
  const wallets = Array.from({ length: 8 }, (_, n) => wallet(n));
  for (const address of [...exchanges, ...binance.slice(0, 2), ...wallets])
    rippled.setAccount(address, { balanceDrops: 5_000_000_000n * XRP });

  return () => {
    const whale = Math.random() < 0.5;
    const xrp = whale ? 1_000_000 + Math.random() * 39_000_000 : 50_000 + Math.random() * 900_000;
    const drops = BigInt(Math.floor(xrp)) * XRP;
    const roll = Math.random();
    if (roll < 0.45)
      rippled.pay({
        from: pick(wallets),
        to: pick(exchanges),
        drops,
        destinationTag: 100_000 + Math.floor(Math.random() * 900_000),
      });
    else if (roll < 0.85) rippled.pay({ from: pick(exchanges), to: pick(wallets), drops });
    else if (roll < 0.95) {
      const [from, to] = [...exchanges].sort(() => Math.random() - 0.5);
      rippled.pay({ from: from!, to: to!, drops, destinationTag: 1 + Math.floor(Math.random() * 1000) });
    } else if (binance.length >= 2) rippled.pay({ from: binance[0]!, to: binance[1]!, drops });
  };
}
