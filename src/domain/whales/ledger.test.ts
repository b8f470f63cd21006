import { describe, expect, it } from 'vitest';
import { fixture } from '../../../tests/support/upstream-fixtures';
import { dropsToXrp, rippleTimeToDate } from '../xrpl/drops';
import { extractWhalePayments, extractXrpPayments, type LedgerTransaction } from './ledger';

const reply = fixture<{ result?: unknown; ledger?: unknown }>('xrpl/ledger-expanded-apiv2.json');
const ledger = (
  (reply.result ?? reply) as {
    ledger: { transactions: LedgerTransaction[]; ledger_index: number | string; close_time: number };
  }
).ledger;

describe('whale payments of a ledger (fixture edge cases)', () => {
  const whales = extractWhalePayments(ledger.transactions, {
    ledgerIndex: Number(ledger.ledger_index),
    closeTime: rippleTimeToDate(ledger.close_time),
  });

  it('keeps successful XRP payments of at least 1M XRP by what was delivered', () => {
    expect(whales.map((whale) => whale.amountXrp).sort()).toEqual(['1000000', '2500000']);
  });

  it('ignores the 250 XRP payment, IOUs, the failed payment, the partial payment and the OfferCreate', () => {
    const hashes = new Set(whales.map((whale) => whale.hash));
    const ignored = ledger.transactions.filter((transaction) => !hashes.has(transaction.hash ?? ''));
    expect(ignored.length).toBe(ledger.transactions.length - 2);
    const partial = ledger.transactions.find(
      (transaction) =>
        typeof transaction.meta === 'object' && transaction.meta.delivered_amount === '12000000',
    );
    expect(partial).toBeDefined();
    expect(hashes.has(partial?.hash ?? '')).toBe(false);
  });

  it('records sender, receiver and the close time in UTC', () => {
    const big = whales.find((whale) => whale.amountXrp === '2500000');
    expect(big).toMatchObject({
      from: 'rpexHC5S9a6ez8Wvw9L46miQaUM9PQrdg8',
      to: expect.stringMatching(/^r/),
    });
    expect(big?.timestamp.toISOString()).toBe('2025-12-12T16:00:00.000Z');
  });

  it('keeps the destination tag an exchange credits the deposit by', () => {
    expect(
      whales
        .map((whale) => [whale.amountXrp, whale.destinationTag])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    ).toEqual([
      ['1000000', 7],
      ['2500000', 104422],
    ]);
  });
});

describe('every XRP payment of a ledger (the exchange flows read them all)', () => {
  const payments = extractXrpPayments(ledger.transactions, {
    ledgerIndex: Number(ledger.ledger_index),
    closeTime: rippleTimeToDate(ledger.close_time),
  });

  it('keeps small ones too, and a partial payment by what it delivered', () => {
    expect(payments.map((payment) => payment.amountXrp).sort()).toEqual(['1000000', '12', '250', '2500000']);
  });

  it('never a failed payment, an IOU payment or another transaction type', () => {
    const kept = new Set(payments.map((payment) => payment.hash));
    for (const transaction of ledger.transactions) {
      const meta = typeof transaction.meta === 'object' ? transaction.meta : undefined;
      if (kept.has(transaction.hash ?? '')) {
        expect(transaction.tx_json?.TransactionType).toBe('Payment');
        expect(meta?.TransactionResult).toBe('tesSUCCESS');
        expect(typeof meta?.delivered_amount).toBe('string');
      }
    }
  });
});

describe('units', () => {
  it('converts drops exactly and the Ripple epoch to UTC', () => {
    expect(dropsToXrp(2_500_000_000_001n)).toBe('2500000.000001');
    expect(dropsToXrp(1_000_000_000_000n)).toBe('1000000');
    expect(rippleTimeToDate(0).toISOString()).toBe('2000-01-01T00:00:00.000Z');
  });
});

describe('the accounts’ flags a payment’s metadata leaves', () => {
  const payment = (AffectedNodes: unknown[]): LedgerTransaction => ({
    hash: 'A'.repeat(64),
    tx_json: { TransactionType: 'Payment', Account: 'rSender', Destination: 'rReceiver', DestinationTag: 7 },
    meta: { TransactionResult: 'tesSUCCESS', delivered_amount: '5000000000000', AffectedNodes },
  });
  const read = (nodes: unknown[]) =>
    extractXrpPayments([payment(nodes)], { ledgerIndex: 1, closeTime: new Date(0) })[0];

  it('reads each side’s AccountRoot Flags: a receiver that requires destination tags says so', () => {
    expect(
      read([
        { ModifiedNode: { LedgerEntryType: 'AccountRoot', FinalFields: { Account: 'rSender', Flags: 0 } } },
        { ModifiedNode: { LedgerEntryType: 'RippleState', FinalFields: { Flags: 0x0002_0000 } } },
        {
          ModifiedNode: {
            LedgerEntryType: 'AccountRoot',
            FinalFields: { Account: 'rReceiver', Flags: 0x0002_0000 },
          },
        },
      ]),
    ).toMatchObject({ sourceFlags: 0, destinationFlags: 0x0002_0000 });
  });

  it('takes a new account’s missing Flags as 0, and an account the metadata leaves out as unknown', () => {
    expect(
      read([
        {
          CreatedNode: { LedgerEntryType: 'AccountRoot', NewFields: { Account: 'rReceiver', Balance: '1' } },
        },
      ]),
    ).toMatchObject({ sourceFlags: null, destinationFlags: 0 });
  });

  it('reads the fixture ledger’s senders and receivers as flagged with nothing', () => {
    const whales = extractWhalePayments(ledger.transactions, {
      ledgerIndex: Number(ledger.ledger_index),
      closeTime: rippleTimeToDate(ledger.close_time),
    });
    expect(whales.map((whale) => [whale.sourceFlags, whale.destinationFlags])).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });
});
