import { z } from 'zod';
import type { Env } from '../env';
import { fetchJson, UpstreamError } from '../lib/outbound';
import { upstreamOptions, type UpstreamEnv } from './upstream-options';

const articleSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  guid: z.string().optional(),
  published_on: z.number(),
  imageurl: z.string().optional(),
  title: z.string(),
  url: z.string(),
  body: z.string().default(''),
  categories: z.string().default(''),
  source_info: z.object({ name: z.string().optional() }).optional(),
  source: z.string().optional(),
});

/** Success: `Data` is the list. Failure: `Response: "Error"` and `Data` is an object. */
const responseSchema = z.object({
  Response: z.string().optional(),
  Message: z.string().optional(),
  Data: z.union([z.array(articleSchema), z.object({}).loose()]),
});

export type CryptoCompareArticle = z.infer<typeof articleSchema>;

/**
 * CryptoCompare's latest news (`GET /data/v2/news/?lang=EN`, trailing slash; key as `api_key`).
 * Query parameters of the feed's own URL (categories=XRP, …) are kept.
 */
export async function fetchCryptoCompareNews(
  env: Pick<Env, 'CRYPTOCOMPARE_API_BASE' | 'CRYPTOCOMPARE_API_KEY'> & UpstreamEnv,
  feedUrl: string,
): Promise<CryptoCompareArticle[]> {
  if (!env.CRYPTOCOMPARE_API_KEY)
    throw new UpstreamError('CryptoCompare needs CRYPTOCOMPARE_API_KEY; set it or disable this feed');
  const url = new URL(`${env.CRYPTOCOMPARE_API_BASE}/data/v2/news/`);
  try {
    for (const [key, value] of new URL(feedUrl).searchParams) url.searchParams.set(key, value);
  } catch {
    // a feed URL without parameters of its own
  }
  url.searchParams.set('lang', url.searchParams.get('lang') ?? 'EN');
  url.searchParams.set('api_key', env.CRYPTOCOMPARE_API_KEY);
  const body = await fetchJson(url.toString(), responseSchema, upstreamOptions(env));
  if (body.Response === 'Error' || !Array.isArray(body.Data))
    throw new UpstreamError(`CryptoCompare reported an error: ${body.Message ?? 'no message'}`);
  return body.Data;
}
