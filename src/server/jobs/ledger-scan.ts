import type { Client } from 'xrpl';
import { touchedAccounts, type AccountTxEntry } from '@/domain/portfolio/account-tx';
import { extractXrpPayments } from '@/domain/whales/ledger';
import type { Db } from '../db/client';
import { markTouched } from '../features/portfolio';
import { storeLedgerPayments } from '../features/whales';
import { readLedger } from '../upstreams/xrpl';

/** What reading one ledger stored. */
export interface LedgerScan {
  /** New whale payments and new payments onto or off named exchanges (already stored: not counted). */
  whales: number;
  exchangePayments: number;
  closeTime: Date;
}

/**
 * One validated ledger, as the live stream, the catch-up and a backfill read it: its whale payments
 * and the payments onto and off named exchanges are stored, the ledger is recorded as read, and
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
  const stored = await storeLedgerPayments(
    db,
    ledgerIndex,
    extractXrpPayments(transactions, { ledgerIndex, closeTime }),
  );
  if (!past) await markTouched(db, touchedAccounts(transactions as AccountTxEntry[]));
  return { ...stored, closeTime };
}
