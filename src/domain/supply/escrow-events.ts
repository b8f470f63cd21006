import type { LedgerTransaction } from '../whales/ledger';
import { rippleTimeToDate } from '../xrpl/drops';

/** What a transaction did to an escrow: locked XRP, released it, or returned it to its owner. */
export const ESCROW_EVENT_KINDS = ['created', 'finished', 'cancelled'] as const;
export type EscrowEventKind = (typeof ESCROW_EVENT_KINDS)[number];

export interface EscrowEvent {
  hash: string;
  ledgerIndex: number;
  closedAt: Date;
  kind: EscrowEventKind;
  /** The account that funded the escrow (its XRP comes back to it, or goes to its destination). */
  owner: string;
  amountDrops: bigint;
  /** When a new escrow may be released (created only); null otherwise or without one. */
  finishAfter: Date | null;
}

const KINDS: Record<string, EscrowEventKind> = {
  EscrowCreate: 'created',
  EscrowFinish: 'finished',
  EscrowCancel: 'cancelled',
};

interface EscrowFields {
  Account?: string;
  Amount?: unknown;
}

/** The Escrow entry a transaction deleted (a finish or a cancel), as its metadata last saw it. */
function deletedEscrow(affected: readonly unknown[] | undefined): EscrowFields | null {
  for (const node of affected ?? []) {
    const deleted = (node as { DeletedNode?: { LedgerEntryType?: string; FinalFields?: EscrowFields } })
      .DeletedNode;
    if (deleted?.LedgerEntryType === 'Escrow' && deleted.FinalFields) return deleted.FinalFields;
  }
  return null;
}

/**
 * The XRP escrows one validated ledger created, finished and cancelled, each by a successful
 * transaction. A new escrow's amount and owner are the EscrowCreate's own `Amount` and `Account`; a
 * finished or cancelled one's are the deleted Escrow entry's, from the metadata (the transaction
 * names only its owner and sequence). An escrow of a token (an object amount) is not XRP.
 */
export function extractEscrowEvents(
  transactions: readonly LedgerTransaction[],
  ledger: { ledgerIndex: number; closeTime: Date },
): EscrowEvent[] {
  const events: EscrowEvent[] = [];
  for (const transaction of transactions) {
    const tx = transaction.tx_json as
      | (NonNullable<LedgerTransaction['tx_json']> & {
          Amount?: unknown;
          Owner?: string;
          FinishAfter?: number;
        })
      | undefined;
    const kind = KINDS[tx?.TransactionType ?? ''];
    const meta = transaction.meta;
    if (
      !tx ||
      !kind ||
      !transaction.hash ||
      typeof meta !== 'object' ||
      meta.TransactionResult !== 'tesSUCCESS'
    )
      continue;
    const escrow =
      kind === 'created' ? { Account: tx.Account, Amount: tx.Amount } : deletedEscrow(meta.AffectedNodes);
    const owner = kind === 'created' ? tx.Account : (tx.Owner ?? escrow?.Account);
    if (!escrow || typeof escrow.Amount !== 'string' || !owner) continue;
    events.push({
      hash: transaction.hash,
      ledgerIndex: ledger.ledgerIndex,
      closedAt: ledger.closeTime,
      kind,
      owner,
      amountDrops: BigInt(escrow.Amount),
      finishAfter:
        kind === 'created' && tx.FinishAfter !== undefined ? rippleTimeToDate(tx.FinishAfter) : null,
    });
  }
  return events;
}

export interface EscrowMonth {
  /** `YYYY-MM` in the member's zone. */
  month: string;
  releasedDrops: bigint;
  relockedDrops: bigint;
}

/**
 * Released (finished or cancelled back to the owner) and re-locked (created) per month: what the
 * owner could spend came out of escrow, what went back in was locked again.
 */
export function escrowMonths(
  events: readonly { kind: EscrowEventKind; amountDrops: bigint; month: string }[],
): EscrowMonth[] {
  const months = new Map<string, EscrowMonth>();
  for (const event of events) {
    const entry = months.get(event.month) ?? { month: event.month, releasedDrops: 0n, relockedDrops: 0n };
    if (event.kind === 'created') entry.relockedDrops += event.amountDrops;
    else entry.releasedDrops += event.amountDrops;
    months.set(event.month, entry);
  }
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
}
