import { describe, expect, it } from 'vitest';
import type { LedgerTransaction } from '../whales/ledger';
import { escrowMonths, extractEscrowEvents } from './escrow-events';
import recorded from '../../../tests/fixtures/xrpl/supply-commands-apiv2.json';

// The recorded EscrowFinish and EscrowCreate (API v2: tx_json and meta), in their real shapes.
const [finish, create] = (
  recorded as { transaction?: LedgerTransaction & { ledger_index: number } }[]
).flatMap((entry) => (entry.transaction ? [entry.transaction] : []));
const ledger = { ledgerIndex: 98_765_440, closeTime: new Date('2027-01-01T00:01:40Z') };

describe('extractEscrowEvents', () => {
  it('reads a release from the deleted Escrow entry and a re-lock from the EscrowCreate itself', () => {
    expect(extractEscrowEvents([finish!, create!], ledger)).toEqual([
      {
        hash: finish!.hash,
        ledgerIndex: 98_765_440,
        closedAt: ledger.closeTime,
        kind: 'finished',
        owner: 'rp5zg3yrCYVL4tjGtUaorytQJo41bMkr3q',
        amountDrops: 700_000_000_000_000n,
        finishAfter: null,
      },
      {
        hash: create!.hash,
        ledgerIndex: 98_765_440,
        closedAt: ledger.closeTime,
        kind: 'created',
        owner: 'rp5zg3yrCYVL4tjGtUaorytQJo41bMkr3q',
        amountDrops: 600_000_000_000_000n,
        // FinishAfter 983315200 seconds after 2000-01-01.
        finishAfter: new Date('2031-02-27T23:06:40.000Z'),
      },
    ]);
  });

  it('leaves out failed transactions, escrows of tokens and other transaction types', () => {
    const failed = {
      ...finish!,
      meta: { ...(finish!.meta as object), TransactionResult: 'tecNO_PERMISSION' },
    };
    const token = {
      ...create!,
      tx_json: {
        ...create!.tx_json,
        Amount: { currency: 'USD', issuer: 'rp5zg3yrCYVL4tjGtUaorytQJo41bMkr3q', value: '1' },
      },
    };
    const payment = { ...create!, tx_json: { ...create!.tx_json, TransactionType: 'Payment' } };
    expect(extractEscrowEvents([failed, token, payment], ledger)).toEqual([]);
  });
});

describe('escrowMonths', () => {
  it('sums releases (finished or cancelled) and re-locks per month, earliest first', () => {
    expect(
      escrowMonths([
        { kind: 'created', amountDrops: 600n, month: '2027-02' },
        { kind: 'finished', amountDrops: 1_000n, month: '2027-01' },
        { kind: 'created', amountDrops: 800n, month: '2027-01' },
        { kind: 'cancelled', amountDrops: 50n, month: '2027-01' },
      ]),
    ).toEqual([
      { month: '2027-01', releasedDrops: 1_050n, relockedDrops: 800n },
      { month: '2027-02', releasedDrops: 0n, relockedDrops: 600n },
    ]);
  });
});
