import type { Selectable } from 'kysely';
import type { RssFeedsTable } from '../../db/schema';
import type { Env } from '../../env';
import { fetchDocument } from '../../lib/outbound';
import { fetchCryptoCompareNews } from '../../upstreams/cryptocompare';
import type { Article } from './articles';
import { parseFeed } from './parse-in-worker';
import type { UpstreamEnv } from '../../upstreams/upstream-options';

export type FeedRow = Selectable<RssFeedsTable>;

export const FEED_MAX_BYTES = 5 * 1024 * 1024;
export const FEED_TIMEOUT_MS = 15_000;

export interface FeedOutcome {
  articles: Article[];
  notModified: boolean;
  etag: string | null;
  lastModified: string | null;
  /** Items the feed held, and how many of them were read (the newest, up to the per-fetch cap). */
  itemsInFeed: number;
  itemsKept: number;
  /** The parser thread's time on it: decoding, parsing, sanitising and mapping. */
  parseMs: number;
}

/**
 * Fetches one feed through the outbound client (SSRF guard, limits, conditional GET) and has the
 * parser thread turn it into articles (parse-in-worker.ts).
 */
export async function readFeed(
  env: Pick<Env, 'CRYPTOCOMPARE_API_BASE' | 'CRYPTOCOMPARE_API_KEY' | 'NEWS_MAX_ITEMS_PER_FETCH'> &
    UpstreamEnv,
  feed: FeedRow,
  firstSeen = new Date(),
): Promise<FeedOutcome> {
  const base = {
    feed: { name: feed.name, category: feed.category, url: feed.url },
    max: env.NEWS_MAX_ITEMS_PER_FETCH,
    firstSeen,
  };
  if (feed.feed_type === 'cryptocompare') {
    const items = await fetchCryptoCompareNews(env, feed.url);
    const parsed = await parseFeed({ ...base, kind: 'cryptocompare', items });
    return { ...parsed, notModified: false, etag: null, lastModified: null };
  }
  const document = await fetchDocument(feed.url, {
    allowHosts: env.OUTBOUND_ALLOW_HOSTS,
    onlyAllowHosts: env.OUTBOUND_ONLY_ALLOWED,
    timeoutMs: FEED_TIMEOUT_MS,
    retries: 1,
    maxBytes: FEED_MAX_BYTES,
    etag: feed.etag,
    lastModified: feed.last_modified,
    headers: {
      accept:
        'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, */*;q=0.5',
    },
  });
  if (document.notModified)
    return {
      articles: [],
      notModified: true,
      etag: feed.etag,
      lastModified: feed.last_modified,
      itemsInFeed: 0,
      itemsKept: 0,
      parseMs: 0,
    };
  const parsed = await parseFeed({
    ...base,
    kind: 'document',
    body: document.body,
    contentType: document.contentType,
    url: document.url,
  });
  return { ...parsed, notModified: false, etag: document.etag, lastModified: document.lastModified };
}
