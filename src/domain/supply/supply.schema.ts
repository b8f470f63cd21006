import { z } from 'zod';
import { timezoneValues } from '../preferences/preferences.schema';
import { ESCROW_EVENT_KINDS } from './escrow-events';

const xrp = z.string().meta({ description: 'XRP, as an exact decimal string' });
const xrpOrUnknown = xrp.nullable();

/** Why a part of the supply is unknown: no account is named as Ripple's in the registry. */
export const SUPPLY_UNKNOWN_REASONS = ['no_ripple_accounts'] as const;

export const supplySchema = z
  .object({
    /** The latest reading; null before the first (the `XRPL Supply` source has not run yet). */
    latest: z
      .object({
        ledgerIndex: z.number().int(),
        /** When that ledger closed. */
        at: z.string(),
        /** XRP in existence: the ledger's `total_coins`. */
        totalXrp: xrp,
        /** 100 billion less `total_coins`: XRP destroyed by fees since the first ledger. */
        burnedXrp: xrp,
        /** XRP in escrows owned by the accounts the registry names as Ripple's. */
        escrowedXrp: xrpOrUnknown,
        escrows: z.number().int().nullable(),
        /** XRP those accounts hold outside escrow. */
        rippleHeldXrp: xrpOrUnknown,
        /** The rest: neither escrowed nor held by Ripple's named accounts. */
        restXrp: xrpOrUnknown,
        /** How many accounts named as Ripple's were read. */
        rippleAccounts: z.number().int(),
        unknownReason: z.enum(SUPPLY_UNKNOWN_REASONS).nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'Supply' });
export type Supply = z.infer<typeof supplySchema>;

export const SUPPLY_RANGES = ['30d', '1y'] as const;
export type SupplyRange = (typeof SUPPLY_RANGES)[number];

export const supplyQuerySchema = z.object({
  range: z.enum(SUPPLY_RANGES).default('30d'),
  /** The member's zone: a day runs from their midnight to the next. */
  tz: z.enum(timezoneValues).default('UTC'),
});

export const supplyDaySchema = z
  .object({
    /** The day in the member's zone, `YYYY-MM-DD`. */
    day: z.string(),
    /** The day's last reading: its ledger and when it closed. */
    ledgerIndex: z.number().int(),
    at: z.string(),
    totalXrp: xrp,
    /** Burned since the day before's last reading; null when the day before has none. */
    burnedXrp: xrpOrUnknown,
    escrowedXrp: xrpOrUnknown,
  })
  .meta({ id: 'SupplyDay' });

export const supplyHistorySchema = z
  .object({
    range: z.enum(SUPPLY_RANGES),
    /** The first reading ever stored; nothing before it is known. null: none yet. */
    since: z.string().nullable(),
    /** Days with a reading, oldest first; a day without one is absent, not 0. */
    days: z.array(supplyDaySchema),
  })
  .meta({ id: 'SupplyHistory' });
export type SupplyHistory = z.infer<typeof supplyHistorySchema>;

const amountSchema = z.object({ xrp, escrows: z.number().int() });

export const escrowCalendarSchema = z
  .object({
    /** The reading the escrows were read at; null before the first. */
    ledgerIndex: z.number().int().nullable(),
    at: z.string().nullable(),
    /** Why there are no escrows to show though a reading exists. */
    unknownReason: z.enum(SUPPLY_UNKNOWN_REASONS).nullable(),
    /** FinishAfter has passed: releasable by anyone now. */
    releasable: amountSchema,
    /** Still locked, by the month (member's zone) they unlock in, earliest first. */
    months: z.array(amountSchema.extend({ month: z.string() })),
    /** No FinishAfter: released by a condition, on no date. */
    undated: amountSchema,
    /**
     * Releases (finished or cancelled) and re-locks (created) by Ripple's named accounts over the last
     * 12 months, per month in the member's zone, as the ledgers the site read hold them; a month
     * without one is absent.
     */
    months12: z.array(
      z.object({ month: z.string(), releasedXrp: xrp, relockedXrp: xrp, netReleasedXrp: xrp }),
    ),
    /** The latest ten of them, newest first. */
    recent: z.array(
      z.object({
        hash: z.string(),
        ledgerIndex: z.number().int(),
        at: z.string(),
        kind: z.enum(ESCROW_EVENT_KINDS),
        owner: z.string(),
        xrp,
        /** A new escrow's unlock date. */
        finishAfter: z.string().nullable(),
      }),
    ),
    /** The escrows themselves, earliest unlock first. */
    escrows: z.array(
      z.object({
        owner: z.string(),
        destination: z.string(),
        xrp,
        finishAfter: z.string().nullable(),
        cancelAfter: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'EscrowCalendar' });
export type EscrowCalendar = z.infer<typeof escrowCalendarSchema>;
