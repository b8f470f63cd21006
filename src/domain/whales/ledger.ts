import { DROPS_PER_XRP, dropsToXrp } from '../xrpl/drops';
import { WHALE_THRESHOLD_XRP } from './whales.schema';

const THRESHOLD_DROPS = BigInt(WHALE_THRESHOLD_XRP) * DROPS_PER_XRP;

/** A transaction of a `ledger` reply with `transactions: true, expand: true` (API v2). */
export interface LedgerTransaction {
  hash?: string;
  tx_json?: {
    TransactionType?: string;
    Account?: string;
    Destination?: string;
    DestinationTag?: number;
    date?: number;
  };
  meta?: { TransactionResult?: string; delivered_amount?: unknown; AffectedNodes?: unknown[] } | string;
  close_time_iso?: string;
}

export interface WhalePayment {
  hash: string;
  amountXrp: string;
  /** Drops, exact. */
  amountDrops: bigint;
  from: string;
  to: string;
  /** The tag an exchange credits a deposit by; null when the payment has none. */
  destinationTag: number | null;
  /** The sender's and the receiver's AccountRoot flags after the payment (its metadata); null: not in it. */
  sourceFlags: number | null;
  destinationFlags: number | null;
  timestamp: Date;
  ledgerIndex: number;
}

/** The Flags of `account`'s AccountRoot as a transaction's metadata left it (modified or created). */
function accountFlagsIn(affected: readonly unknown[] | undefined, account: string): number | null {
  for (const node of affected ?? []) {
    const entry = Object.values(node as Record<string, unknown>)[0] as
      | {
          LedgerEntryType?: string;
          FinalFields?: { Account?: string; Flags?: unknown };
          NewFields?: { Account?: string; Flags?: unknown };
        }
      | undefined;
    if (entry?.LedgerEntryType !== 'AccountRoot') continue;
    const fields = entry.FinalFields ?? entry.NewFields;
    if (fields?.Account !== account) continue;
    // A new account's NewFields leave out Flags when they are 0.
    return typeof fields.Flags === 'number' ? fields.Flags : entry.NewFields ? 0 : null;
  }
  return null;
}

/**
 * The XRP payments of one validated ledger: successful Payments whose `meta.delivered_amount` is XRP
 * (a string of drops). Never DeliverMax or Amount: a partial payment counts by what it delivered, a
 * failed one not at all, and an IOU amount (an object) is not XRP.
 */
export function extractXrpPayments(
  transactions: readonly LedgerTransaction[],
  ledger: { ledgerIndex: number; closeTime: Date },
): WhalePayment[] {
  const payments: WhalePayment[] = [];
  for (const transaction of transactions) {
    const tx = transaction.tx_json;
    const meta = typeof transaction.meta === 'object' ? transaction.meta : undefined;
    if (!transaction.hash || tx?.TransactionType !== 'Payment' || meta?.TransactionResult !== 'tesSUCCESS')
      continue;
    const delivered = meta.delivered_amount;
    if (typeof delivered !== 'string' || !/^\d+$/.test(delivered)) continue;
    if (!tx.Account || !tx.Destination) continue;
    const drops = BigInt(delivered);
    payments.push({
      hash: transaction.hash,
      amountDrops: drops,
      amountXrp: dropsToXrp(drops),
      from: tx.Account,
      to: tx.Destination,
      destinationTag: typeof tx.DestinationTag === 'number' ? tx.DestinationTag : null,
      sourceFlags: accountFlagsIn(meta.AffectedNodes, tx.Account),
      destinationFlags: accountFlagsIn(meta.AffectedNodes, tx.Destination),
      timestamp: transaction.close_time_iso ? new Date(transaction.close_time_iso) : ledger.closeTime,
      ledgerIndex: ledger.ledgerIndex,
    });
  }
  return payments;
}

/** The whale payments among them: at least 1M XRP delivered. */
export const whalePaymentsOf = (payments: readonly WhalePayment[]): WhalePayment[] =>
  payments.filter((payment) => payment.amountDrops >= THRESHOLD_DROPS);

/** The whale payments of one validated ledger (extractXrpPayments, at least 1M XRP each). */
export function extractWhalePayments(
  transactions: readonly LedgerTransaction[],
  ledger: { ledgerIndex: number; closeTime: Date },
): WhalePayment[] {
  return whalePaymentsOf(extractXrpPayments(transactions, ledger));
}
