import { DROPS_PER_XRP } from '../xrpl/drops';

/**
 * A watched account's XRP over time: its balance after each transaction the ledger history gave
 * (`account_tx`, the AccountRoot's FinalFields.Balance), oldest first. `knownFrom` is the time from
 * which the points are complete: the account's first transaction when the history reached it, or
 * else when the member added it (from then on, the app saw every change).
 */
export interface AccountHistory {
  points: readonly { at: string; drops: bigint }[];
  knownFrom: string;
}

/** A manual lot counts from the day it was acquired, or from when it was entered. */
export interface LotHolding {
  drops: bigint;
  from: string;
}

export interface ValuePoint {
  at: string;
  priceUsd: number;
  drops: bigint;
  valueUsd: number;
}

export interface ValueSeries {
  points: ValuePoint[];
  /** The first time every holding is known; points before it are left out, not guessed. */
  startsAt: string | null;
  /** Why the series starts later than asked, when it does. */
  note: string | null;
}

const ms = (iso: string) => Date.parse(iso);

/** The account's balance at `at`: the last known balance at or before it; null before `knownFrom`. */
export function balanceAt(history: AccountHistory, at: string): bigint | null {
  const time = ms(at);
  if (time < ms(history.knownFrom)) return null;
  let balance = 0n;
  for (const point of history.points) {
    if (ms(point.at) > time) break;
    balance = point.drops;
  }
  return balance;
}

/** Everything held at `at`: accounts and lots, or null when an account's balance is not known then. */
export function holdingsAt(
  accounts: readonly AccountHistory[],
  lots: readonly LotHolding[],
  at: string,
): bigint | null {
  let total = 0n;
  for (const account of accounts) {
    const balance = balanceAt(account, at);
    if (balance === null) return null;
    total += balance;
  }
  const time = ms(at);
  for (const lot of lots) if (ms(lot.from) <= time) total += lot.drops;
  return total;
}

/**
 * The portfolio's value at each stored price (price history × holdings then). Points where some
 * account's balance is not known are left out and the series says from when it starts.
 */
export function valueSeries(
  prices: readonly { at: string; priceUsd: number }[],
  accounts: readonly AccountHistory[],
  lots: readonly LotHolding[],
): ValueSeries {
  const points: ValuePoint[] = [];
  let skipped = 0;
  for (const price of prices) {
    const drops = holdingsAt(accounts, lots, price.at);
    if (drops === null) {
      skipped += 1;
      continue;
    }
    points.push({ ...price, drops, valueUsd: (Number(drops) / Number(DROPS_PER_XRP)) * price.priceUsd });
  }
  const startsAt = points[0]?.at ?? null;
  return {
    points,
    startsAt,
    note:
      skipped === 0
        ? null
        : startsAt
          ? 'Starts when every watched account’s history is known: since you added it, where the ledger history did not reach further back'
          : 'No stored price since every watched account’s history is known',
  };
}

/** The change of the portfolio's value over the last 24 hours: holdings and price then and now. */
export function change24h(series: ValueSeries, now: string): { usd: number; percent: number | null } | null {
  const latest = series.points.at(-1);
  if (!latest) return null;
  const dayBefore = ms(now) - 24 * 3600_000;
  const before = [...series.points].reverse().find((point) => ms(point.at) <= dayBefore);
  if (!before) return null;
  const usd = latest.valueUsd - before.valueUsd;
  return { usd, percent: before.valueUsd === 0 ? null : (usd / before.valueUsd) * 100 };
}
