import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { FLOW_KIND_LABELS, LIKELY_EXCHANGE_LABEL, type FlowKind } from '@/domain/known-accounts/flow-kind';
import { CATEGORY_LABELS } from '@/domain/known-accounts/known-accounts.schema';
import { formatAmount, formatUsd, MISSING } from '@/domain/format/format';
import {
  NO_PRICE_THAT_HOUR,
  type LedgerEvidenceView,
  type WhaleParty,
  type WhaleTransaction,
} from '@/domain/whales/whales.schema';
import { explorerAccountUrl, explorerTxUrl } from '@/domain/xrpl/explorer';
import { useDates } from '@/web/lib/preferences';
import { Badge } from '@/web/components/ui/badge';
import { cn } from '@/web/lib/cn';

/** Flows onto exchanges read as selling pressure, off them as the opposite; the rest is neutral. */
const kindTone: Record<FlowKind, string> = {
  exchange_inflow: 'border-red-700/40 text-red-700 dark:border-red-400/40 dark:text-red-400',
  exchange_outflow: 'border-green-700/40 text-green-700 dark:border-green-400/40 dark:text-green-400',
  exchange_to_exchange: 'text-muted-foreground',
  internal: 'text-muted-foreground',
  ripple: 'border-primary/50 text-primary',
  wallet_to_wallet: 'text-muted-foreground',
};

/** Where a name comes from, in words: the source, and whether this site has confirmed it there. */
export function nameEvidence(party: WhaleParty, dates: { date(value: string): string }): string {
  const checked = party.checkedAt
    ? `last confirmed there ${dates.date(party.checkedAt)}`
    : 'not yet confirmed there by this site';
  return `${CATEGORY_LABELS[party.category]} · named by ${party.sourceName}, ${checked}`;
}

/** The ledger's evidence about an unnamed account, in words: what it shows and that it is no name. */
export function ledgerEvidence(evidence: LedgerEvidenceView): string {
  const tags = `${evidence.distinctTagsReceived} differently tagged whale payment${evidence.distinctTagsReceived === 1 ? '' : 's'} received here`;
  return evidence.requiresDestinationTag
    ? `Ledger evidence, not a name: it refuses payments without a destination tag, and ${tags}`
    : `No public name known for this account; ${tags}`;
}

/** One side of a payment: its name or "unknown wallet"; the full address one press away. */
function Party({
  address,
  party,
  evidence,
  side,
}: {
  address: string;
  party: WhaleParty | null;
  evidence: LedgerEvidenceView | null;
  side: string;
}) {
  const [open, setOpen] = useState(false);
  const dates = useDates();
  const likely = !party && evidence?.likelyExchange;
  const name = party ? party.label : likely ? `unknown wallet, ${LIKELY_EXCHANGE_LABEL}` : 'unknown wallet';
  return (
    <span className="inline-flex min-w-0 flex-col">
      <button
        type="button"
        className={cn(
          'truncate text-left underline decoration-dotted underline-offset-2 hover:decoration-solid',
          party ? 'font-medium text-foreground' : 'text-muted-foreground',
        )}
        aria-expanded={open}
        aria-label={`${side}: ${name}. ${open ? 'Hide' : 'Show'} the full address`}
        title={
          party
            ? nameEvidence(party, dates)
            : evidence
              ? ledgerEvidence(evidence)
              : 'No public name known for this account'
        }
        onClick={() => setOpen((shown) => !shown)}
      >
        {name}
        {/* Unconfirmed: the button's description (its title) says so to a screen reader. */}
        {party && !party.checkedAt && <span aria-hidden="true">*</span>}
      </button>
      {open && (
        <span className="flex flex-wrap items-center gap-x-2 text-xs break-all text-muted-foreground">
          <a
            href={explorerAccountUrl(address)}
            target="_blank"
            rel="noopener noreferrer"
            className="font-mono hover:underline"
          >
            {address}
          </a>
          {party && (
            <a href={party.sourceUrl} target="_blank" rel="noopener noreferrer" className="hover:underline">
              {nameEvidence(party, dates)}
            </a>
          )}
          {!party && evidence && <span data-testid="ledger-evidence">{ledgerEvidence(evidence)}</span>}
        </span>
      )}
    </span>
  );
}

/** A whale payment: how much (XRP and dollars), who to whom, what kind, when, and the explorer. */
export function WhaleRow({ whale }: { whale: WhaleTransaction }) {
  const dates = useDates();
  const usdReason = whale.amountUsd === null ? `Dollar value unknown: ${NO_PRICE_THAT_HOUR}` : undefined;
  return (
    <li className="flex flex-col gap-1 py-2 text-sm" data-testid="whale-row">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-semibold tabular-nums">{formatAmount(whale.amountXrp)} XRP</span>
          <span
            className="text-muted-foreground tabular-nums"
            title={
              usdReason ??
              `At $${whale.priceUsd} per XRP, stored ${whale.priceAt ? dates.dateTime(whale.priceAt) : ''}`
            }
          >
            {whale.amountUsd === null ? (
              <>
                ({MISSING}
                <span className="sr-only">{usdReason}</span>)
              </>
            ) : (
              `(${formatUsd(whale.amountUsd)})`
            )}
          </span>
          <Badge className={kindTone[whale.kind]}>{FLOW_KIND_LABELS[whale.kind]}</Badge>
        </span>
        <a
          href={explorerTxUrl(whale.transactionHash)}
          target="_blank"
          rel="noopener noreferrer"
          className="flex items-center gap-1 text-primary hover:underline"
          aria-label={`View transaction ${whale.transactionHash.slice(0, 8)} on the XRP Ledger explorer`}
        >
          View <ExternalLink className="size-3.5" aria-hidden="true" />
        </a>
      </div>
      <div className="flex flex-wrap items-start gap-x-1 text-muted-foreground">
        <Party address={whale.fromAddress} party={whale.from} evidence={whale.fromEvidence} side="From" />
        <span aria-hidden="true">→</span>
        <Party address={whale.toAddress} party={whale.to} evidence={whale.toEvidence} side="To" />
        {whale.destinationTag !== null && <span>· tag {whale.destinationTag}</span>}
        <span>
          ·{' '}
          <time dateTime={whale.transactionTimestamp} title={dates.dateTime(whale.transactionTimestamp)}>
            {dates.age(whale.transactionTimestamp)}
          </time>
        </span>
      </div>
    </li>
  );
}
