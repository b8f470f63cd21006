import type { AccountCategory } from './known-accounts.schema';

/** One side of a payment as the registry knows it; null: an account no one has named. */
export interface NamedSide {
  entity: string;
  category: AccountCategory;
}

export const FLOW_KINDS = [
  'exchange_inflow',
  'exchange_outflow',
  'exchange_to_exchange',
  'internal',
  'ripple',
  'wallet_to_wallet',
] as const;
export type FlowKind = (typeof FLOW_KINDS)[number];

export const FLOW_KIND_LABELS: Record<FlowKind, string> = {
  exchange_inflow: 'Into an exchange',
  exchange_outflow: 'Out of an exchange',
  exchange_to_exchange: 'Between exchanges',
  internal: 'Internal transfer',
  ripple: 'Ripple-related',
  wallet_to_wallet: 'Wallet to wallet',
};

/**
 * What a payment is, from who sent and who received it. Two accounts of one entity move coins
 * internally: shown, never counted as a flow. Otherwise an exchange on either side makes it a flow
 * onto, off or between exchanges, even when Ripple is the other side; Ripple on a side without an
 * exchange makes it Ripple-related; anything else moves between wallets, named or not.
 */
export function flowKind(from: NamedSide | null, to: NamedSide | null): FlowKind {
  if (from && to && from.entity.toLowerCase() === to.entity.toLowerCase()) return 'internal';
  const fromExchange = from?.category === 'exchange';
  const toExchange = to?.category === 'exchange';
  if (fromExchange && toExchange) return 'exchange_to_exchange';
  if (toExchange) return 'exchange_inflow';
  if (fromExchange) return 'exchange_outflow';
  if (from?.category === 'ripple' || to?.category === 'ripple') return 'ripple';
  return 'wallet_to_wallet';
}

/** The ledger's `lsfRequireDestTag` flag on an AccountRoot. */
export const LSF_REQUIRE_DEST_TAG = 0x0002_0000;

/** How many tagged payments an account must have received before the evidence is offered. */
export const LIKELY_EXCHANGE_MIN_TAGGED = 20;

export interface LedgerEvidence {
  /** The account's AccountRoot Flags, as read from the ledger. */
  flags: number;
  /** Distinct destination tags among the payments it received that the site stored. */
  distinctTagsReceived: number;
}

/**
 * An unnamed account that refuses untagged payments and has received many differently tagged ones
 * behaves like a shared deposit address: likely an exchange. Evidence, never a name: it is shown as
 * such and counts toward no exchange's flows.
 */
export function likelyExchange(evidence: LedgerEvidence): boolean {
  return (
    (evidence.flags & LSF_REQUIRE_DEST_TAG) !== 0 &&
    evidence.distinctTagsReceived >= LIKELY_EXCHANGE_MIN_TAGGED
  );
}

export const LIKELY_EXCHANGE_LABEL = 'likely an exchange (requires destination tags)';
