import { TZDate } from '@date-fns/tz';
import { MONTHS } from '../format/dates';

/**
 * XRP made at the first ledger: 100 billion, in drops. The protocol never makes more, and every
 * transaction's fee is destroyed, so a validated ledger's `total_coins` is this less everything
 * burned since.
 */
export const XRP_AT_GENESIS_DROPS = 100_000_000_000n * 1_000_000n;

/** XRP destroyed by fees up to a ledger: what is missing from its `total_coins`. */
export function burnedDrops(totalCoinsDrops: bigint): bigint {
  return XRP_AT_GENESIS_DROPS - totalCoinsDrops;
}

/** An Escrow ledger entry as `account_objects` lists it. */
export interface LedgerEscrow {
  /** The entry's own index: the same escrow listed by its owner and by its destination. */
  index: string;
  owner: string;
  destination: string;
  amountDrops: bigint;
  finishAfter: Date | null;
  cancelAfter: Date | null;
  /** The ledger of the transaction that last changed it (its EscrowCreate). */
  previousLedger: number | null;
}

/** One escrow as the calendar needs it. */
export interface EscrowAmount {
  amountDrops: bigint;
  /** The escrow's FinishAfter: from then on it may be released. Null for one released by a condition alone. */
  finishAfter: Date | null;
}

export interface UnlockMonth {
  /** The month in the member's zone, `YYYY-MM`. */
  month: string;
  drops: bigint;
  escrows: number;
}

export interface UnlockCalendar {
  /** Escrows whose FinishAfter has passed: anyone may release them now (an EscrowFinish). */
  releasable: { drops: bigint; escrows: number };
  /** Escrows still locked, by the month they unlock, earliest first. */
  months: UnlockMonth[];
  /** Escrows with no FinishAfter (released by a crypto-condition, on no date). */
  undated: { drops: bigint; escrows: number };
}

/** The escrows by when they unlock, as of `now`, in months of the member's zone. */
export function unlockCalendar(
  escrows: readonly EscrowAmount[],
  timeZone: string,
  now: Date,
): UnlockCalendar {
  const releasable = { drops: 0n, escrows: 0 };
  const undated = { drops: 0n, escrows: 0 };
  const months = new Map<string, UnlockMonth>();
  for (const escrow of escrows) {
    if (escrow.finishAfter === null) {
      undated.drops += escrow.amountDrops;
      undated.escrows += 1;
    } else if (escrow.finishAfter.getTime() <= now.getTime()) {
      releasable.drops += escrow.amountDrops;
      releasable.escrows += 1;
    } else {
      const local = new TZDate(escrow.finishAfter.getTime(), timeZone);
      const month = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}`;
      const entry = months.get(month) ?? { month, drops: 0n, escrows: 0 };
      entry.drops += escrow.amountDrops;
      entry.escrows += 1;
      months.set(month, entry);
    }
  }
  return {
    releasable,
    months: [...months.values()].sort((a, b) => a.month.localeCompare(b.month)),
    undated,
  };
}

/** A supply reading, where `totalCoinsDrops` is the ledger's and the rest come from named accounts. */
export interface SupplyParts {
  totalCoinsDrops: bigint;
  /** XRP in escrows owned by the accounts named as Ripple's; null when no account is named Ripple's. */
  escrowedDrops: bigint | null;
  /** XRP held (not escrowed) by the accounts named as Ripple's; null as above. */
  rippleHeldDrops: bigint | null;
}

/** What is neither in Ripple's escrows nor in its named accounts; unknown without a named account. */
export function restDrops(parts: SupplyParts): bigint | null {
  if (parts.escrowedDrops === null || parts.rippleHeldDrops === null) return null;
  return parts.totalCoinsDrops - parts.escrowedDrops - parts.rippleHeldDrops;
}

/** The last reading of one day in the member's zone. */
export interface DayTotal {
  /** `YYYY-MM-DD` in the member's zone. */
  day: string;
  totalCoinsDrops: bigint;
}

/** The calendar day (`YYYY-MM-DD`) an instant falls on in a zone. */
export function dayIn(instant: Date, timeZone: string): string {
  const local = new TZDate(instant.getTime(), timeZone);
  return `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
}

/** The calendar day before `day` (`YYYY-MM-DD`). */
function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * XRP burned each day: the drop in `total_coins` from the day before's last reading to the day's
 * last reading. Unknown (null) for a day whose day before has no reading: a gap is never spread.
 */
export function burnPerDay(days: readonly DayTotal[]): { day: string; burnedDrops: bigint | null }[] {
  const byDay = new Map(days.map((entry) => [entry.day, entry.totalCoinsDrops]));
  return days.map((entry) => {
    const before = byDay.get(dayBefore(entry.day));
    return { day: entry.day, burnedDrops: before === undefined ? null : before - entry.totalCoinsDrops };
  });
}

/** A calendar month (`YYYY-MM`, already in the member's zone) as "January 2027". */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number);
  const name = number ? MONTHS[number - 1] : undefined;
  return name && year ? `${name} ${year}` : month;
}
