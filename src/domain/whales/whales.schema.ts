import { z } from 'zod';
import { sourceHealthSchema } from '../sync/sync.schema';

/** A whale transaction moves at least 1M XRP. */
export const WHALE_THRESHOLD_XRP = 1_000_000;
export const WHALE_LIST_LIMIT = 20;

export const whaleTransactionSchema = z
  .object({
    id: z.string(),
    transactionHash: z.string(),
    amountXrp: z.string(),
    transactionTimestamp: z.string(),
    fromAddress: z.string(),
    toAddress: z.string(),
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
