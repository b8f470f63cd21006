import type { Client } from 'xrpl';
import { touchedAccounts, type AccountTxEntry } from '@/domain/portfolio/account-tx';
import { extractEscrowEvents } from '@/domain/supply/escrow-events';
import { extractXrpPayments } from '@/domain/whales/ledger';
import type { Db } from '../db/client';
import { markTouched } from '../features/portfolio';
import { storeEscrowEvents } from '../features/supply';
import { storeLedgerPayments } from '../features/whales';
import { readLedger } from '../upstreams/xrpl';

/** What reading one ledger stored. */
export interface LedgerScan {
  /** New whale payments and new payments onto or off named exchanges (already stored: not counted). */
  whales: number;
  exchangePayments: number;
  /** New escrow events of the accounts named as Ripple's. */
  escrowEvents: number;
  closeTime: Date;
}

/**
 * One validated ledger, as the live stream, the catch-up and a backfill read it: its whale payments,
 * the payments onto and off named exchanges and the escrows Ripple's named accounts created,
 * finished or cancelled are stored, the ledger is recorded as read, and
 * (unless `past`: a backfill's old ledger says nothing about balances now) the watched accounts it
 * touched are read again now rather than at their next quarter hour.
 */
export async function scanLedger(
  db: Db,
  client: Client,
  ledgerIndex: number,
  { past = false }: { past?: boolean } = {},
): Promise<LedgerScan> {
  const { transactions, closeTime } = await readLedger(client, ledgerIndex);
  // Before the payments, whose store records the ledger as read: a failure in between reads the
  // ledger again, and its escrow events are kept once (by hash).
  const escrowEvents = await storeEscrowEvents(
    db,
    extractEscrowEvents(transactions, { ledgerIndex, closeTime }),
  );
  const stored = await storeLedgerPayments(
    db,
    ledgerIndex,
    extractXrpPayments(transactions, { ledgerIndex, closeTime }),
  );
  if (!past) await markTouched(db, touchedAccounts(transactions as AccountTxEntry[]));
  return { ...stored, escrowEvents, closeTime };
}
