import { isValidClassicAddress, isValidXAddress, xAddressToClassicAddress } from 'ripple-address-codec';
import { z } from 'zod';
import { xrpToDrops } from '../xrpl/drops';

/** Limits per member: enough for every wallet and exchange one person keeps. */
export const WATCHED_ACCOUNTS_MAX = 20;
export const LOTS_MAX = 500;
export const TOO_MANY_ACCOUNTS = `You can watch at most ${WATCHED_ACCOUNTS_MAX} accounts. Remove one to add another.`;
export const TOO_MANY_LOTS = `You can keep at most ${LOTS_MAX} holdings. Delete some to add more.`;

export const ADDRESS_SHAPE =
  'Enter an XRP Ledger address: a classic address starting with r, or an X-address starting with X';
export const ADDRESS_CHECKSUM = 'This address’s checksum does not match: check it for a typo';
export const ADDRESS_TESTNET = 'This X-address is for the test network; enter a main network address';
export const ADDRESS_NOT_FOUND =
  'No account exists at this address on the XRP Ledger: it has never been funded (actNotFound)';

const classicShape = /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/;
const xShape = /^[XT][1-9A-HJ-NP-Za-km-z]{46}$/;

/**
 * A watched address as typed: a classic address, or an X-address (its destination tag names a
 * sub-account at an exchange; the balance watched is the classic account's). Checked with the XRP
 * Ledger's own address codec (the functions xrpl.js exports), so a typo fails its checksum here.
 */
export const ledgerAddressSchema = z
  .string()
  .trim()
  .transform((address, ctx) => {
    if (classicShape.test(address)) {
      if (isValidClassicAddress(address)) return { classicAddress: address, tag: null as number | null };
      ctx.addIssue({ code: 'custom', message: ADDRESS_CHECKSUM });
      return z.NEVER;
    }
    if (xShape.test(address)) {
      if (!isValidXAddress(address)) {
        ctx.addIssue({ code: 'custom', message: ADDRESS_CHECKSUM });
        return z.NEVER;
      }
      const { classicAddress, tag, test } = xAddressToClassicAddress(address);
      if (test) {
        ctx.addIssue({ code: 'custom', message: ADDRESS_TESTNET });
        return z.NEVER;
      }
      return { classicAddress, tag: tag === false ? null : tag };
    }
    ctx.addIssue({ code: 'custom', message: ADDRESS_SHAPE });
    return z.NEVER;
  });

export const watchedAccountInputSchema = z
  .object({
    address: ledgerAddressSchema,
    label: z
      .string()
      .trim()
      .min(1, 'Give the account a name you will recognise')
      .max(60, 'Keep the name under 60 characters'),
  })
  .meta({ id: 'WatchedAccountInput' });
export type WatchedAccountInput = z.input<typeof watchedAccountInputSchema>;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The latest calendar day anywhere on Earth now (UTC+14): a day acquired after it is in the future
 * for every member, whatever their zone; up to it, it is today somewhere.
 */
export const latestDayAnywhere = (now: Date = new Date()) =>
  new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
const decimal = /^\d+(?:\.\d+)?$/;

/** A manual holding: XRP amount (up to 6 decimals), optional day acquired and cost per XRP in USD. */
export const lotInputSchema = z
  .object({
    amountXrp: z
      .string()
      .trim()
      .refine((value) => !/\d[,\s']\d{3}(?:\D|$)/.test(value), {
        message: 'Write the amount without thousands separators, like 1250.5',
        abort: true,
      })
      .refine((value) => {
        const drops = xrpToDrops(value);
        return drops !== null && drops > 0n;
      }, 'Enter an XRP amount above 0, with at most 6 decimals')
      .refine(
        (value) => (xrpToDrops(value) ?? 0n) <= 100_000_000_000_000_000n,
        'That is more XRP than exists',
      ),
    acquiredOn: z
      .string()
      .trim()
      .transform((value) => value || null)
      .nullable()
      .superRefine((value, ctx) => {
        if (value === null) return;
        // A real day: 2025-02-30 would otherwise be read as March 2.
        const time = Date.parse(`${value}T00:00:00Z`);
        if (!isoDay.test(value) || Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value)
          ctx.addIssue({ code: 'custom', message: 'Enter the day as YYYY-MM-DD' });
        else if (value > latestDayAnywhere())
          ctx.addIssue({ code: 'custom', message: 'The day acquired cannot be in the future' });
      }),
    costUsdPerXrp: z
      .string()
      .trim()
      .transform((value) => value || null)
      .nullable()
      .refine(
        (value) => value === null || (decimal.test(value) && Number(value) < 1_000_000),
        'Enter the cost per XRP in USD, like 0.52',
      ),
    note: z.string().trim().max(140, 'Keep the note under 140 characters').default(''),
  })
  .meta({ id: 'LotInput' });
export type LotInput = z.input<typeof lotInputSchema>;
export type Lot = z.output<typeof lotInputSchema>;

/** A lot as the API answers it: exact decimals as strings, unknowns as null. */
export const lotSchema = z
  .object({
    id: z.string(),
    amountXrp: z.string(),
    acquiredOn: z.string().nullable(),
    costUsdPerXrp: z.string().nullable(),
    note: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Lot' });
export type LotView = z.infer<typeof lotSchema>;

/** A lots file sent for import (the page reads the file and sends its text). */
export const LOTS_CSV_MAX_CHARS = 200_000;
export const lotsImportSchema = z
  .object({ csv: z.string().max(LOTS_CSV_MAX_CHARS, 'The file is too large: at most 200,000 characters') })
  .meta({ id: 'LotsImport' });

/** A token an account holds, and what the ledger's markets say it is worth. */
export const tokenHoldingSchema = z
  .object({
    currency: z.string(),
    name: z.string(),
    issuer: z.string(),
    balance: z.string(),
    /** XRP per token at the pool or order book, or null with `unvaluedReason`. */
    xrpPerToken: z.number().nullable(),
    valueXrp: z.number().nullable(),
    priceSource: z.enum(['amm', 'order-book']).nullable(),
    unvaluedReason: z.string().nullable(),
    priceReadAt: z.string().nullable(),
  })
  .meta({ id: 'TokenHolding' });

export const accountPaymentSchema = z
  .object({
    hash: z.string(),
    at: z.string(),
    direction: z.enum(['in', 'out']),
    amountXrp: z.string().nullable(),
    counterparty: z.string().nullable(),
    url: z.string(),
  })
  .meta({ id: 'AccountPayment' });

export const watchedAccountSchema = z
  .object({
    id: z.string(),
    address: z.string(),
    destinationTag: z.number().nullable(),
    label: z.string(),
    url: z.string(),
    createdAt: z.string(),
    /** Null until the ledger was read once. */
    balanceXrp: z.string().nullable(),
    ownerCount: z.number().nullable(),
    /** Base reserve + OwnerCount × the per-object reserve, from the ledger's voted values. */
    reserveXrp: z.string().nullable(),
    spendableXrp: z.string().nullable(),
    ledgerIndex: z.number().nullable(),
    refreshedAt: z.string().nullable(),
    /** Why the last read failed (the figures are the last good ones). */
    refreshError: z.string().nullable(),
    tokens: z.array(tokenHoldingSchema),
    payments: z.array(accountPaymentSchema),
  })
  .meta({ id: 'WatchedAccount' });
export type WatchedAccountView = z.infer<typeof watchedAccountSchema>;

export const watchedAccountLabelSchema = z
  .object({ label: watchedAccountInputSchema.shape.label })
  .meta({ id: 'WatchedAccountLabel' });

/** The ranges of the portfolio's value chart. */
export const portfolioRangeSchema = z.enum(['7d', '30d', '1y']);
export type PortfolioRange = z.infer<typeof portfolioRangeSchema>;

/** One slice of the allocation: a watched account, or the manual holdings together. */
export const allocationSliceSchema = z
  .object({
    /** A watched account's id, or 'lots'. */
    key: z.string(),
    label: z.string(),
    xrp: z.string(),
    percent: z.number(),
  })
  .meta({ id: 'PortfolioAllocationSlice' });

export const portfolioValuePointSchema = z
  .object({ at: z.string(), priceUsd: z.number(), xrp: z.number(), valueUsd: z.number() })
  .meta({ id: 'PortfolioValuePoint' });

/**
 * The portfolio's insights (`GET /api/portfolio`): what the member holds on the ledger and in
 * manual lots, valued at the latest synced price. Every figure that cannot be known is null with a
 * note saying why; nothing is guessed.
 */
export const portfolioSummarySchema = z
  .object({
    /** The latest synced XRP price in USD and when it was read; null before the first sync. */
    priceUsd: z.number().nullable(),
    priceAt: z.string().nullable(),
    /** XRP in watched accounts (their last readings), in manual lots, and both. Exact decimals. */
    accountsXrp: z.string(),
    lotsXrp: z.string(),
    totalXrp: z.string(),
    /** XRP locked as reserve across the watched accounts (null until the reserves were read). */
    lockedXrp: z.string().nullable(),
    /** The trust-line tokens valued in XRP at the ledger's own price, and how many could not be. */
    tokensXrp: z.number(),
    unvaluedTokens: z.number(),
    /** totalXrp × price, and the same with the valued tokens; null without a price. */
    valueUsd: z.number().nullable(),
    valueWithTokensUsd: z.number().nullable(),
    /** The change of the value over the last 24 hours (holdings and price then and now). */
    change24h: z.object({ usd: z.number(), percent: z.number().nullable() }).nullable(),
    change24hNote: z.string().nullable(),
    /** Average-cost P&L of the lots that have a cost; null with `pnlNote` when none has. */
    pnl: z
      .object({
        coveredXrp: z.string(),
        uncoveredXrp: z.string(),
        costBasisUsd: z.number(),
        averageCostUsd: z.number(),
        valueUsd: z.number(),
        unrealisedUsd: z.number(),
        unrealisedPercent: z.number().nullable(),
      })
      .nullable(),
    pnlNote: z.string().nullable(),
    allocation: z.array(allocationSliceSchema),
    /** The value over the asked range: stored prices × holdings at each. */
    series: z.object({
      range: portfolioRangeSchema,
      points: z.array(portfolioValuePointSchema),
      /** When the series starts, and why later than the range when it does. */
      startsAt: z.string().nullable(),
      note: z.string().nullable(),
    }),
    /** The oldest of the watched accounts' last readings: the totals are true as of then. */
    asOf: z.string().nullable(),
    accountCount: z.number(),
    lotCount: z.number(),
  })
  .meta({ id: 'PortfolioSummary' });
export type PortfolioSummary = z.infer<typeof portfolioSummarySchema>;
