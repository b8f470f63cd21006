import type { AccountCategory } from '../known-accounts/known-accounts.schema';
import { likelyExchange, LSF_REQUIRE_DEST_TAG, type FlowKind } from '../known-accounts/flow-kind';
import type { LedgerEvidenceView, WhaleParty, WhaleTransaction } from './whales.schema';

/** A whale payment as the enriched read returns it: the payment, its sides' names, price and evidence. */
export interface WhaleRecord {
  id: string;
  transaction_hash: string;
  amount_xrp: string;
  transaction_timestamp: Date;
  from_address: string;
  to_address: string;
  destination_tag: number | null;
  kind: FlowKind;
  from_label: string | null;
  from_entity: string | null;
  from_category: AccountCategory | null;
  from_source_name: string | null;
  from_source_url: string | null;
  from_checked_at: Date | null;
  to_label: string | null;
  to_entity: string | null;
  to_category: AccountCategory | null;
  to_source_name: string | null;
  to_source_url: string | null;
  to_checked_at: Date | null;
  price_usd: string | null;
  price_at: Date | null;
  amount_usd: string | null;
  from_flags: number | null;
  to_flags: number | null;
  /** Distinct destination tags among the stored whale payments to an unnamed side; null when named. */
  from_tags: number | null;
  to_tags: number | null;
}

/** An unnamed side's evidence, from the flags its payment recorded; null when named or not known. */
function evidence(row: WhaleRecord, side: 'from' | 'to'): LedgerEvidenceView | null {
  const flags = row[`${side}_flags`];
  const tags = row[`${side}_tags`];
  if (row[`${side}_label`] !== null || flags === null || tags === null) return null;
  return {
    requiresDestinationTag: (flags & LSF_REQUIRE_DEST_TAG) !== 0,
    distinctTagsReceived: tags,
    likelyExchange: likelyExchange({ flags, distinctTagsReceived: tags }),
  };
}

function party(row: WhaleRecord, side: 'from' | 'to'): WhaleParty | null {
  const label = row[`${side}_label`];
  const entity = row[`${side}_entity`];
  const category = row[`${side}_category`];
  if (label === null || entity === null || category === null) return null;
  return {
    label,
    entity,
    category,
    sourceName: row[`${side}_source_name`] ?? '',
    sourceUrl: row[`${side}_source_url`] ?? '',
    checkedAt: row[`${side}_checked_at`]?.toISOString() ?? null,
  };
}

/** The payment as the whale pages, the live events and the public API carry it. */
export function toWhaleDto(row: WhaleRecord): WhaleTransaction {
  return {
    id: row.id,
    transactionHash: row.transaction_hash,
    amountXrp: row.amount_xrp,
    transactionTimestamp: row.transaction_timestamp.toISOString(),
    fromAddress: row.from_address,
    toAddress: row.to_address,
    destinationTag: row.destination_tag,
    from: party(row, 'from'),
    to: party(row, 'to'),
    fromEvidence: evidence(row, 'from'),
    toEvidence: evidence(row, 'to'),
    kind: row.kind,
    amountUsd: row.amount_usd,
    priceUsd: row.price_usd,
    priceAt: row.price_at?.toISOString() ?? null,
  };
}
