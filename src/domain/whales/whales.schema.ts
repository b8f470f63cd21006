import { z } from 'zod';
import { FLOW_KINDS } from '../known-accounts/flow-kind';
import { ACCOUNT_CATEGORIES, classicAddressSchema } from '../known-accounts/known-accounts.schema';
import { sourceHealthSchema } from '../sync/sync.schema';

/** A whale transaction moves at least 1M XRP. */
export const WHALE_THRESHOLD_XRP = 1_000_000;
export const WHALE_LIST_LIMIT = 20;
/** The dashboard card's rows. */
export const WHALE_CARD_LIMIT = 8;
/** One page of the whole history. */
export const WHALE_PAGE_LIMIT = 50;

/** Who sent or received a whale payment, when the registry of known accounts names it. */
export const whalePartySchema = z
  .object({
    label: z.string(),
    entity: z.string(),
    category: z.enum(ACCOUNT_CATEGORIES),
    sourceName: z.string(),
    sourceUrl: z.string(),
    /** When the name was last confirmed against its source from this site; null: never. */
    checkedAt: z.string().nullable(),
  })
  .meta({ id: 'WhaleParty' });
export type WhaleParty = z.infer<typeof whalePartySchema>;

/**
 * What the ledger itself says of an account no one has named: whether it refused payments without a
 * destination tag when the payment was made, and how many differently tagged whale payments it has
 * received here. Evidence, never a name.
 */
export const ledgerEvidenceSchema = z
  .object({
    requiresDestinationTag: z.boolean(),
    distinctTagsReceived: z.number().int(),
    /** Both together, as `likelyExchange` in domain/known-accounts decides: "likely an exchange". */
    likelyExchange: z.boolean(),
  })
  .meta({ id: 'LedgerEvidence' });
export type LedgerEvidenceView = z.infer<typeof ledgerEvidenceSchema>;

/** Why a payment has no dollar value: no stored XRP price within its clock hour. */
export const NO_PRICE_THAT_HOUR = 'no stored XRP price in that hour';

export const whaleTransactionSchema = z
  .object({
    id: z.string(),
    transactionHash: z.string(),
    /** XRP delivered (a partial payment counts what it delivered), as a decimal string. */
    amountXrp: z.string(),
    transactionTimestamp: z.string(),
    fromAddress: z.string(),
    toAddress: z.string(),
    destinationTag: z.number().nullable(),
    /** null: an account no one has named ("unknown wallet"). */
    from: whalePartySchema.nullable(),
    to: whalePartySchema.nullable(),
    /** For an unnamed side whose flags the payment's metadata gave: the ledger's evidence; else null. */
    fromEvidence: ledgerEvidenceSchema.nullable(),
    toEvidence: ledgerEvidenceSchema.nullable(),
    kind: z.enum(FLOW_KINDS),
    /** Amount × the XRP price stored nearest the payment within its clock hour; null: unknown. */
    amountUsd: z.string().nullable(),
    /** The price used and when it was read; null with `amountUsd`. */
    priceUsd: z.string().nullable(),
    priceAt: z.string().nullable(),
  })
  .meta({ id: 'WhaleTransaction' });
export type WhaleTransaction = z.infer<typeof whaleTransactionSchema>;

/** Whale stats over the last 24 hours; amounts as decimal strings, all "0" with no rows. */
export const whaleStatsSchema = z
  .object({
    totalVolume24h: z.string(),
    transactionCount24h: z.number(),
    largestTransaction24h: z.string(),
    averageTransaction24h: z.string(),
    /** Whether the figures mean anything: until the ledger has been read once they are unknown. */
    source: sourceHealthSchema,
  })
  .meta({ id: 'WhaleStats' });
export type WhaleStats = z.infer<typeof whaleStatsSchema>;

/** The filters of the whole history; every one optional. */
export const whaleFilterSchema = z.object({
  kind: z.enum(FLOW_KINDS, { error: 'Unknown kind' }).optional(),
  /** An entity's name as the registry spells it (any case). */
  entity: z.string().trim().min(1).max(80).optional(),
  /** An address on either side. */
  address: classicAddressSchema.optional(),
  minXrp: z.coerce
    .number({ error: 'Minimum must be a number of XRP' })
    .min(0, 'Minimum must be a number of XRP')
    .max(100_000_000_000, 'Minimum must be at most 100B XRP')
    .optional(),
  from: z.iso.datetime({ offset: true, error: 'From must be a date and time' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'To must be a date and time' }).optional(),
});
export type WhaleFilter = z.infer<typeof whaleFilterSchema>;

export const whalePageSchema = z
  .object({
    items: z.array(whaleTransactionSchema),
    /** Pass as `before` for the next (older) page; null on the last. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'WhalePage' });
export type WhalePage = z.infer<typeof whalePageSchema>;
