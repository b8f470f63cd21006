import type { Client } from 'xrpl';
import type { LedgerEscrow } from '@/domain/supply/supply';
import { rippleTimeToDate } from '@/domain/xrpl/drops';
import { AccountNotFoundError, rippledCode } from './xrpl-accounts';

/** The validated ledger's header: its index, when it closed and the XRP in existence. */
export interface LedgerSupply {
  index: number;
  closedAt: Date;
  totalCoinsDrops: bigint;
}

export async function readLedgerSupply(client: Client): Promise<LedgerSupply> {
  const response = await client.request({ command: 'ledger', ledger_index: 'validated' });
  const ledger = response.result.ledger as unknown as {
    close_time: number;
    close_time_iso?: string;
    total_coins?: string;
  };
  if (ledger.total_coins === undefined) throw new Error('The validated ledger has no total_coins');
  return {
    index: Number(response.result.ledger_index),
    closedAt: ledger.close_time_iso ? new Date(ledger.close_time_iso) : rippleTimeToDate(ledger.close_time),
    totalCoinsDrops: BigInt(ledger.total_coins),
  };
}

interface EscrowObject {
  Account: string;
  Destination: string;
  Amount: unknown;
  FinishAfter?: number;
  CancelAfter?: number;
  PreviousTxnLgrSeq?: number;
  index: string;
}

/**
 * Every escrow in `address`'s owner directory at `ledgerIndex` (those it funded and those it will
 * receive), a page of 400 at a time. An escrow of a token (an object `Amount`) is not XRP and is
 * left out. AccountNotFoundError for an address the ledger does not hold.
 */
export async function readEscrows(
  client: Client,
  address: string,
  ledgerIndex: number,
): Promise<LedgerEscrow[]> {
  const escrows: LedgerEscrow[] = [];
  let marker: unknown;
  do {
    let result: { account_objects: unknown[]; marker?: unknown };
    try {
      const response = await client.request({
        command: 'account_objects',
        account: address,
        type: 'escrow',
        ledger_index: ledgerIndex,
        limit: 400,
        ...(marker === undefined ? {} : { marker }),
      });
      result = response.result as unknown as typeof result;
    } catch (error) {
      if (rippledCode(error) === 'actNotFound') throw new AccountNotFoundError(address);
      throw error;
    }
    for (const entry of result.account_objects as EscrowObject[]) {
      if (typeof entry.Amount !== 'string') continue;
      escrows.push({
        index: entry.index,
        owner: entry.Account,
        destination: entry.Destination,
        amountDrops: BigInt(entry.Amount),
        finishAfter: entry.FinishAfter === undefined ? null : rippleTimeToDate(entry.FinishAfter),
        cancelAfter: entry.CancelAfter === undefined ? null : rippleTimeToDate(entry.CancelAfter),
        previousLedger: entry.PreviousTxnLgrSeq ?? null,
      });
    }
    marker = result.marker;
  } while (marker !== undefined);
  return escrows;
}
