/**
 * Which ledgers have been read, as ranges of ledger indexes, and which within a window have not: the
 * catch-up and the backfill read only those, so a gap the live stream left is filled and nothing is
 * read twice.
 */
export interface LedgerRange {
  first: number;
  last: number;
}

/** About a day of ledgers (one closes every 3–4 s). */
export const LEDGERS_PER_DAY = 24_000;

/** Sorts and joins overlapping or adjacent ranges. */
export function mergeRanges(ranges: readonly LedgerRange[]): LedgerRange[] {
  const sorted = [...ranges].sort((a, b) => a.first - b.first);
  const merged: LedgerRange[] = [];
  for (const range of sorted) {
    const previous = merged.at(-1);
    if (previous && range.first <= previous.last + 1) previous.last = Math.max(previous.last, range.last);
    else merged.push({ ...range });
  }
  return merged;
}

/** The ranges of [from, to] that no scanned range covers, oldest first. */
export function missingRanges(scanned: readonly LedgerRange[], from: number, to: number): LedgerRange[] {
  const gaps: LedgerRange[] = [];
  let next = from;
  for (const range of mergeRanges(scanned)) {
    if (range.last < next) continue;
    if (range.first > to) break;
    if (range.first > next) gaps.push({ first: next, last: range.first - 1 });
    next = range.last + 1;
  }
  if (next <= to) gaps.push({ first: next, last: to });
  return gaps;
}

export function countLedgers(ranges: readonly LedgerRange[]): number {
  return ranges.reduce((sum, range) => sum + range.last - range.first + 1, 0);
}

/** Up to `limit` ledgers of `gaps` (oldest first), the oldest ones or the newest ones, ascending. */
export function takeLedgers(
  gaps: readonly LedgerRange[],
  limit: number,
  end: 'oldest' | 'newest',
): LedgerRange[] {
  const taken: LedgerRange[] = [];
  let left = limit;
  const ordered = end === 'oldest' ? gaps : [...gaps].reverse();
  for (const gap of ordered) {
    if (left <= 0) break;
    const size = Math.min(left, gap.last - gap.first + 1);
    taken.push(
      end === 'oldest'
        ? { first: gap.first, last: gap.first + size - 1 }
        : { first: gap.last - size + 1, last: gap.last },
    );
    left -= size;
  }
  return end === 'oldest' ? taken : taken.reverse();
}

/** "100–120, 130–131" (an en dash, as the admin reads ranges). */
export function formatRanges(ranges: readonly LedgerRange[]): string {
  return ranges
    .map((range) => (range.first === range.last ? `${range.first}` : `${range.first}–${range.last}`))
    .join(', ');
}

/**
 * rippled's `complete_ledgers` ("32570-95000000", "1000-2000,2500-3000" or "empty"): the oldest
 * ledger of the unbroken run that reaches `validated`, which is how far back the server can answer
 * without a hole; null when the text names no such run.
 */
export function oldestCompleteLedger(completeLedgers: string, validated: number): number | null {
  for (const part of completeLedgers.split(',')) {
    const match = /^\s*(\d+)(?:-(\d+))?\s*$/.exec(part);
    if (!match) continue;
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : Number(match[2]);
    if (first <= validated && validated <= last) return first;
  }
  return null;
}
