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
  /** The member's name for the account, for the series' note. */
  label?: string;
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
  /** The time of the first point. */
  startsAt: string | null;
  /** Which accounts count only from when the member added them (their history did not reach back). */
  note: string | null;
}

const ms = (iso: string) => Date.parse(iso);

/**
 * An account's history read once for many lookups: each point's time parsed, and `reach[k]` the
 * latest time among points 0..k (a point whose time is not a date moves nothing), so the first point
 * after a time is found by halving instead of a walk over every point.
 */
interface HistoryIndex {
  knownFrom: number;
  reach: number[];
  drops: bigint[];
}

function indexHistory(history: AccountHistory): HistoryIndex {
  const reach: number[] = [];
  let latest = Number.NEGATIVE_INFINITY;
  for (const point of history.points) {
    const time = ms(point.at);
    if (time > latest) latest = time;
    reach.push(latest);
  }
  return { knownFrom: ms(history.knownFrom), reach, drops: history.points.map((point) => point.drops) };
}

/** The balance after the last point before the first one later than `time` (0 before any point). */
function balanceAtTime(index: HistoryIndex, time: number): bigint | null {
  if (time < index.knownFrom) return null;
  let low = 0;
  let high = index.reach.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (index.reach[middle]! > time) high = middle;
    else low = middle + 1;
  }
  return low === 0 ? 0n : index.drops[low - 1]!;
}

/** The lots by the time they count from, and the drops of the first k of them for every k. */
interface LotsIndex {
  from: number[];
  total: bigint[];
}

function indexLots(lots: readonly LotHolding[]): LotsIndex {
  const dated = lots
    .map((lot) => ({ from: ms(lot.from), drops: lot.drops }))
    .filter((lot) => !Number.isNaN(lot.from))
    .sort((a, b) => a.from - b.from);
  const total = [0n];
  for (const lot of dated) total.push(total.at(-1)! + lot.drops);
  return { from: dated.map((lot) => lot.from), total };
}

function lotsAtTime(index: LotsIndex, time: number): bigint {
  let low = 0;
  let high = index.from.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (index.from[middle]! <= time) low = middle + 1;
    else high = middle;
  }
  return index.total[low]!;
}

/**
 * What is counted as held at `time`: each account from when its balance is known (before it, the
 * account is left out, not guessed), and each lot from its day.
 */
function holdingsAtTime(accounts: readonly HistoryIndex[], lots: LotsIndex, time: number): bigint {
  let total = 0n;
  for (const account of accounts) total += balanceAtTime(account, time) ?? 0n;
  return total + lotsAtTime(lots, time);
}

/** The account's balance at `at`: the last known balance at or before it; null before `knownFrom`. */
export function balanceAt(history: AccountHistory, at: string): bigint | null {
  return balanceAtTime(indexHistory(history), ms(at));
}

/** What is counted as held at `at`: accounts from when their balance is known, lots from their day. */
export function holdingsAt(
  accounts: readonly AccountHistory[],
  lots: readonly LotHolding[],
  at: string,
): bigint {
  return holdingsAtTime(accounts.map(indexHistory), indexLots(lots), ms(at));
}

/**
 * The portfolio's value at each stored price (price history × what was held then). An account whose
 * ledger history did not reach back counts from when the member added it ("since you added it"),
 * and the note names it; it is never guessed before.
 */
export function valueSeries(
  prices: readonly { at: string; priceUsd: number }[],
  accounts: readonly AccountHistory[],
  lots: readonly LotHolding[],
): ValueSeries {
  // Each history and lot is read once, not once per price: a year of prices over 20 accounts of a
  // few hundred transactions each and 500 lots was millions of date parses.
  const accountIndexes = accounts.map(indexHistory);
  const lotsIndex = indexLots(lots);
  const points: ValuePoint[] = prices.map((price) => {
    const drops = holdingsAtTime(accountIndexes, lotsIndex, ms(price.at));
    return { ...price, drops, valueUsd: (Number(drops) / Number(DROPS_PER_XRP)) * price.priceUsd };
  });
  const startsAt = points[0]?.at ?? null;
  const late = startsAt
    ? accounts
        .filter((account) => ms(account.knownFrom) > ms(startsAt))
        .map((account) => account.label ?? 'An account')
    : [];
  return {
    points,
    startsAt,
    note:
      late.length === 0
        ? null
        : `${late.join(', ')} ${late.length === 1 ? 'counts' : 'count'} since you added ${late.length === 1 ? 'it' : 'them'}: the ledger history did not reach further back`,
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
