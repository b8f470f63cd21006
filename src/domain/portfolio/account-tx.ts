/** An `account_tx` entry (API v2): the transaction as `tx_json`, its outcome as `meta`. */
export interface AccountTxEntry {
  hash?: string;
  ledger_index?: number;
  close_time_iso?: string;
  tx_json?: { TransactionType?: string; Account?: string; Destination?: string };
  meta?:
    | {
        TransactionResult?: string;
        delivered_amount?: unknown;
        AffectedNodes?: readonly AffectedNode[];
      }
    | string;
}

type NodeFields = { Account?: string; Balance?: unknown };
type AffectedNode = {
  [kind in 'ModifiedNode' | 'CreatedNode' | 'DeletedNode']?: {
    LedgerEntryType?: string;
    FinalFields?: NodeFields;
    PreviousFields?: NodeFields;
    NewFields?: NodeFields;
  };
};

/** What one transaction did to a watched account's XRP. */
export interface AccountMovement {
  hash: string;
  at: string;
  ledgerIndex: number;
  /** A payment to the account, from it, or anything else that changed its balance (fees, offers…). */
  direction: 'in' | 'out' | 'other';
  transactionType: string;
  /** XRP a payment delivered (`meta.delivered_amount`, never DeliverMax); null for tokens and others. */
  deliveredDrops: bigint | null;
  counterparty: string | null;
  /** The AccountRoot's balance after the transaction, and its change; null when it did not change. */
  balanceAfterDrops: bigint | null;
  changeDrops: bigint | null;
  /** The transaction created the account: the history reaches its beginning. */
  createdAccount: boolean;
}

const drops = (value: unknown): bigint | null =>
  typeof value === 'string' && /^-?\d+$/.test(value) ? BigInt(value) : null;

/**
 * The account's movements from `account_tx` entries (any order in, the same order out). Only
 * validated, successful transactions move XRP other than the fee, and the balance is read from the
 * account's AccountRoot in the metadata, so fees and failed transactions show as they happened.
 */
export function accountMovements(account: string, entries: readonly AccountTxEntry[]): AccountMovement[] {
  const movements: AccountMovement[] = [];
  for (const entry of entries) {
    const meta = typeof entry.meta === 'object' ? entry.meta : undefined;
    const tx = entry.tx_json;
    if (!entry.hash || !entry.close_time_iso || !meta || !tx) continue;
    let balanceAfterDrops: bigint | null = null;
    let changeDrops: bigint | null = null;
    let createdAccount = false;
    for (const node of meta.AffectedNodes ?? []) {
      const created = node.CreatedNode;
      const changed = node.ModifiedNode ?? node.DeletedNode;
      if (created?.LedgerEntryType === 'AccountRoot' && created.NewFields?.Account === account) {
        balanceAfterDrops = drops(created.NewFields.Balance);
        changeDrops = balanceAfterDrops;
        createdAccount = true;
      } else if (changed?.LedgerEntryType === 'AccountRoot' && changed.FinalFields?.Account === account) {
        const before = drops(changed.PreviousFields?.Balance);
        const after = drops(changed.FinalFields.Balance);
        if (before !== null && after !== null) {
          balanceAfterDrops = after;
          changeDrops = after - before;
        }
      }
    }
    const succeeded = meta.TransactionResult === 'tesSUCCESS';
    const payment = tx.TransactionType === 'Payment' && succeeded;
    const direction =
      payment && tx.Destination === account ? 'in' : payment && tx.Account === account ? 'out' : 'other';
    movements.push({
      hash: entry.hash,
      at: new Date(entry.close_time_iso).toISOString(),
      ledgerIndex: entry.ledger_index ?? 0,
      direction,
      transactionType: tx.TransactionType ?? 'Unknown',
      deliveredDrops: payment ? drops(meta.delivered_amount) : null,
      counterparty:
        direction === 'in' ? (tx.Account ?? null) : direction === 'out' ? (tx.Destination ?? null) : null,
      balanceAfterDrops,
      changeDrops,
      createdAccount,
    });
  }
  return movements;
}

/** A "watched account moves" rule: a payment in, out or either way of at least the threshold. */
export interface AccountMoveRule {
  direction: 'in' | 'out' | 'either';
  thresholdDrops: bigint;
}

export function firesOn(rule: AccountMoveRule, movement: AccountMovement): boolean {
  if (movement.direction === 'other' || movement.deliveredDrops === null) return false;
  if (rule.direction !== 'either' && rule.direction !== movement.direction) return false;
  return movement.deliveredDrops >= rule.thresholdDrops;
}

/**
 * Every account a ledger's transactions touched: senders, destinations, and each AccountRoot the
 * metadata changed (offers crossed, escrows released…), so a watched account is read again when any
 * of them moved its XRP.
 */
export function touchedAccounts(entries: readonly AccountTxEntry[]): string[] {
  const touched = new Set<string>();
  for (const entry of entries) {
    if (entry.tx_json?.Account) touched.add(entry.tx_json.Account);
    if (entry.tx_json?.Destination) touched.add(entry.tx_json.Destination);
    const meta = typeof entry.meta === 'object' ? entry.meta : undefined;
    for (const node of meta?.AffectedNodes ?? []) {
      const changed = node.ModifiedNode ?? node.CreatedNode ?? node.DeletedNode;
      if (changed?.LedgerEntryType !== 'AccountRoot') continue;
      const account = changed.FinalFields?.Account ?? changed.NewFields?.Account;
      if (account) touched.add(account);
    }
  }
  return [...touched];
}
