// Zod-free: the cards import these notes, and the schema would bring the validation library to
// pages that validate nothing (ADR 0039's budget). The schema is in sync.schema.ts.
import type { SourceHealth } from './sync.schema';

export type { SourceHealth };

/**
 * What a card says instead of figures from a source that has never answered: "Not available yet —
 * CoinGecko unreachable since Nov 25, 9:14 AM" (the administrators see the error in the API tab).
 * Null once it has succeeded. `formatTime` is the reader's date formatter.
 */
export function sourceUnavailableNote(
  source: SourceHealth,
  formatTime: (iso: string) => string,
  what: string,
): string | null {
  if (source.everSucceeded) return null;
  if (!source.failingSince) return `Not available yet — ${what} has not been read yet`;
  return `Not available yet — ${source.name} unreachable since ${formatTime(source.failingSince)}`;
}

/**
 * What a card says under the last figures it has while their source fails: "alternative.me unreachable
 * since Nov 25, 9:14 AM: this is the last reading stored". Null while the source answers.
 */
export function sourceDownNote(source: SourceHealth, formatTime: (iso: string) => string): string | null {
  if (!source.everSucceeded || !source.failingSince) return null;
  return `${source.name} unreachable since ${formatTime(source.failingSince)}: this is the last reading stored`;
}
