import { z } from 'zod';
import { timezoneValues } from '../preferences/preferences.schema';

/** The spans the exchange flows are shown over: hours for a day and a week, days beyond. */
export const FLOW_RANGES = ['24h', '7d', '30d', '1y'] as const;
export type FlowRange = (typeof FLOW_RANGES)[number];

export const flowQuerySchema = z.object({
  range: z.enum(FLOW_RANGES).default('7d'),
  /** The member's zone: a day bucket runs from their midnight to the next. */
  tz: z.enum(timezoneValues).default('UTC'),
});

const xrp = z.string().meta({ description: 'XRP, as an exact decimal string' });

export const flowBucketSchema = z
  .object({
    /** The bucket's start (an hour, or a day in the member's zone). */
    at: z.string(),
    inflowXrp: xrp,
    outflowXrp: xrp,
    /** Inflow minus outflow: above 0, more XRP moved onto exchanges than off them. */
    netXrp: xrp,
  })
  .meta({ id: 'ExchangeFlowBucket' });

export const exchangeFlowRowSchema = z
  .object({
    entity: z.string(),
    inflow24hXrp: xrp,
    outflow24hXrp: xrp,
    net24hXrp: xrp,
    net7dXrp: xrp,
  })
  .meta({ id: 'ExchangeFlowRow' });

export const exchangeFlowsSchema = z
  .object({
    range: z.enum(FLOW_RANGES),
    bucket: z.enum(['hour', 'day']),
    /**
     * The first hour any flow was recorded: history begins with the first ledger read, and nothing
     * before it is known. null: none recorded yet.
     */
    since: z.string().nullable(),
    /** Every exchange together, oldest first; a bucket with no recorded payment is absent, not 0. */
    series: z.array(flowBucketSchema),
    /** Each exchange with a flow in the last 7 days, the largest 24-hour net flow (either way) first. */
    exchanges: z.array(exchangeFlowRowSchema),
  })
  .meta({ id: 'ExchangeFlows' });
export type ExchangeFlows = z.infer<typeof exchangeFlowsSchema>;

export const reservePointSchema = z
  .object({
    /** When the reading's ledger closed: the last reading of its hour (24h, 7d) or day (30d, 1y). */
    at: z.string(),
    ledgerIndex: z.number().int(),
    /** Every named exchange account's XRP together at that ledger. */
    balanceXrp: xrp,
  })
  .meta({ id: 'ExchangeReservePoint' });

export const exchangeReserveRowSchema = z
  .object({
    entity: z.string(),
    balanceXrp: xrp,
    /** How many of the exchange's named accounts the sum covers. */
    accounts: z.number().int(),
    /**
     * The change since the last reading at least 24 hours older; null: no reading that old, or it
     * summed other accounts (`change24hUnknown` says which).
     */
    change24hXrp: xrp.nullable(),
    /** That change as a share of the older balance, in percent; null with no change or a balance of 0. */
    change24hPercent: z.number().nullable(),
    /**
     * Why there is no change: `no_older_reading`, or `accounts_changed` — the registry named, retired
     * or merged accounts of this exchange since, so the difference is not XRP that moved.
     */
    change24hUnknown: z.enum(['no_older_reading', 'accounts_changed']).nullable(),
  })
  .meta({ id: 'ExchangeReserveRow' });

export const exchangeReservesSchema = z
  .object({
    range: z.enum(FLOW_RANGES),
    bucket: z.enum(['hour', 'day']),
    /** The first reading stored; null: none yet. */
    since: z.string().nullable(),
    /** The latest reading's ledger and when it closed: the table's "as of". null: none yet. */
    latest: z.object({ ledgerIndex: z.number().int(), at: z.string() }).nullable(),
    /** Oldest first; an hour or day with no reading is absent. */
    series: z.array(reservePointSchema),
    /** Each exchange at the latest reading, the largest balance first. */
    exchanges: z.array(exchangeReserveRowSchema),
  })
  .meta({ id: 'ExchangeReserves' });
export type ExchangeReserves = z.infer<typeof exchangeReservesSchema>;

/** The accounts a reserve reading summed: how many, and a digest of which (null before it was kept). */
export interface ReserveAccountSet {
  accounts: number;
  accountsKey: string | null;
}

/**
 * Whether two readings of an exchange summed the same accounts, so their difference is XRP that
 * moved and not a name added, retired or merged in between. Readings from before the digest was kept
 * are compared by their count of accounts.
 */
export function sameAccountsRead(a: ReserveAccountSet, b: ReserveAccountSet): boolean {
  if (a.accountsKey !== null && b.accountsKey !== null) return a.accountsKey === b.accountsKey;
  return a.accounts === b.accounts;
}
