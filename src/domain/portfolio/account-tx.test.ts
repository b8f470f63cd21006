import { describe, expect, it } from 'vitest';
import { fixture } from '../../../tests/support/upstream-fixtures';
import { accountMovements, firesOn, touchedAccounts, type AccountTxEntry } from './account-tx';

const ACCOUNT = 'rJj93v2nvi2kFCYNKUDBmFpM2AVQpkByNP';
const commands = fixture<{ request: { command: string }; response: { result?: unknown } }[]>(
  'xrpl/account-commands-apiv2.json',
);
const accountTx = commands.find((pair) => pair.request.command === 'account_tx')!.response.result as {
  transactions: AccountTxEntry[];
};

describe("a watched account's movements (account_tx)", () => {
  const movements = accountMovements(ACCOUNT, accountTx.transactions);

  it('reads what a payment delivered, which way, with whom, and the balance after', () => {
    expect(movements).toEqual([
      {
        hash: '17D1859E0655C5B7028C9CA7027114DC792B4517AD061947EAC5CF7EA85B1700',
        at: '2025-12-11T16:00:03.000Z',
        ledgerIndex: 99078524,
        direction: 'out',
        transactionType: 'Payment',
        deliveredDrops: 50_000_000n,
        counterparty: 'rn4mWmmZRMHsSiPhPFCfHTcRs9CEawuMkj',
        balanceAfterDrops: 742_318_409n,
        // 50 XRP sent and a 12-drop fee.
        changeDrops: -50_000_012n,
        createdAccount: false,
      },
      {
        hash: '07D1859E0655C5B7028C9CA7027114DC792B4517AD061947EAC5CF7EA85B1700',
        at: '2025-12-10T16:00:03.000Z',
        ledgerIndex: 99056924,
        direction: 'in',
        transactionType: 'Payment',
        deliveredDrops: 300_000_000n,
        counterparty: 'rn4mWmmZRMHsSiPhPFCfHTcRs9CEawuMkj',
        balanceAfterDrops: 792_318_421n,
        changeDrops: 300_000_000n,
        createdAccount: false,
      },
    ]);
  });

  it('counts a partial payment by what it delivered, and a failed one as no payment', () => {
    const base = accountTx.transactions[1]!;
    const meta = base.meta as Exclude<AccountTxEntry['meta'], string | undefined>;
    const partial = { ...base, meta: { ...meta, delivered_amount: '12000000' } };
    expect(accountMovements(ACCOUNT, [partial])[0]!.deliveredDrops).toBe(12_000_000n);
    const failed = { ...base, meta: { ...meta, TransactionResult: 'tecUNFUNDED_PAYMENT' } };
    expect(accountMovements(ACCOUNT, [failed])[0]).toMatchObject({
      direction: 'other',
      deliveredDrops: null,
    });
    const token = {
      ...base,
      meta: { ...meta, delivered_amount: { currency: 'USD', issuer: 'r1', value: '5' } },
    };
    expect(accountMovements(ACCOUNT, [token])[0]).toMatchObject({ direction: 'in', deliveredDrops: null });
  });

  it('fires a "watched account moves" rule on a payment of at least its threshold, in its direction', () => {
    const [out, incoming] = movements;
    const rule = (direction: 'in' | 'out' | 'either', xrp: bigint) => ({
      direction,
      thresholdDrops: xrp * 1_000_000n,
    });
    expect(firesOn(rule('out', 50n), out!)).toBe(true);
    expect(firesOn(rule('out', 51n), out!)).toBe(false);
    expect(firesOn(rule('in', 50n), out!)).toBe(false);
    expect(firesOn(rule('either', 300n), incoming!)).toBe(true);
  });
});

describe('accounts a ledger touched', () => {
  it('names senders, destinations and every AccountRoot the metadata changed, once each', () => {
    expect(touchedAccounts(accountTx.transactions).sort()).toEqual(
      [ACCOUNT, 'rn4mWmmZRMHsSiPhPFCfHTcRs9CEawuMkj'].sort(),
    );
    const offer = {
      tx_json: { TransactionType: 'OfferCreate', Account: 'rTaker' },
      meta: {
        AffectedNodes: [
          { ModifiedNode: { LedgerEntryType: 'AccountRoot', FinalFields: { Account: 'rMaker' } } },
          { ModifiedNode: { LedgerEntryType: 'Offer', FinalFields: { Account: 'rOther' } } },
        ],
      },
    };
    expect(touchedAccounts([offer]).sort()).toEqual(['rMaker', 'rTaker']);
  });
});
