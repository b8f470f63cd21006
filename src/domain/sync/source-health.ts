import { z } from 'zod';

/**
 * A sync source's record, sent with the figures it feeds: until it has succeeded once they are
 * unknown, not zero. `failingSince`: the first failed run since the last good one (or ever).
 */
export const sourceHealthSchema = z
  .object({
    name: z.string(),
    everSucceeded: z.boolean(),
    lastSuccessAt: z.string().nullable(),
    failingSince: z.string().nullable(),
  })
  .meta({ id: 'SourceHealth' });
export type SourceHealth = z.infer<typeof sourceHealthSchema>;

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
