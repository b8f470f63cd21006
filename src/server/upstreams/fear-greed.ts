import { z } from 'zod';
import {
  classifyFearGreed,
  fearGreedClassificationSchema,
  type FearGreedClassification,
} from '@/domain/market/fear-greed';
import type { Env } from '../env';
import { fetchJson, UpstreamError } from '../lib/outbound';
import { upstreamOptions, type UpstreamEnv } from './upstream-options';

/** alternative.me sends numbers as strings: "38", "1765497600". */
const numericString = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const number = Number(value);
  if (!Number.isFinite(number)) {
    ctx.addIssue({ code: 'custom', message: 'is not a number' });
    return z.NEVER;
  }
  return number;
});

const responseSchema = z.object({
  data: z.array(
    z.object({
      value: numericString.pipe(z.number().int().min(0).max(100)),
      value_classification: z.string().optional(),
      timestamp: numericString,
    }),
  ),
  metadata: z.object({ error: z.string().nullable().optional() }).optional(),
});

export interface FearGreedEntry {
  value: number;
  classification: FearGreedClassification;
  timestamp: Date;
}

/** The newest `limit` entries (0 = the whole history). `metadata.error` is a failed fetch. */
export async function fetchFearGreed(
  env: Pick<Env, 'FEAR_GREED_API_BASE'> & UpstreamEnv,
  limit: number,
): Promise<FearGreedEntry[]> {
  const body = await fetchJson(
    `${env.FEAR_GREED_API_BASE}/fng/?limit=${limit}&format=json`,
    responseSchema,
    upstreamOptions(env),
  );
  if (body.metadata?.error)
    throw new UpstreamError(`alternative.me reported an error: ${body.metadata.error}`);
  return body.data.map((entry) => {
    const known = fearGreedClassificationSchema.safeParse(entry.value_classification);
    return {
      value: entry.value,
      classification: known.success ? known.data : classifyFearGreed(entry.value),
      timestamp: new Date(entry.timestamp * 1000),
    };
  });
}
