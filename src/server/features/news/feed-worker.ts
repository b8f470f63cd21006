import type { CryptoCompareArticle } from '../../upstreams/cryptocompare';
import { cryptoCompareItem, isXrpFeed, newestItems, toArticle, type Article } from './articles';
import { decodeFeed, parseFeedDocument } from './parse-feed';

/**
 * A feed's untrusted text becomes articles here, on a worker thread (parse-in-worker.ts), never on the
 * thread that serves HTTP: decoding and parsing the body, keeping the newest items up to
 * the cap, sanitising each one's HTML and mapping it.
 */
export type FeedTask = {
  feed: { name: string; category: string; url: string };
  /** The per-fetch cap (NEWS_MAX_ITEMS_PER_FETCH). */
  max: number;
  firstSeen: Date;
} & (
  | { kind: 'document'; body: Uint8Array; contentType: string | null; url: string }
  | { kind: 'cryptocompare'; items: CryptoCompareArticle[] }
);

export interface FeedParse {
  articles: Article[];
  /** Items the feed held, and how many of them were read (the newest, up to the cap). */
  itemsInFeed: number;
  itemsKept: number;
  /** The worker's time on it: decoding, parsing, sanitising and mapping. */
  parseMs: number;
}

/**
 * The feed's items in order, each with the base its links resolve against and its source's name;
 * nothing is sanitised yet.
 */
function itemsOf(task: FeedTask) {
  const { feed } = task;
  if (task.kind === 'cryptocompare')
    return task.items.map(cryptoCompareItem).map((item) => ({
      ...item,
      baseUrl: item.url ?? feed.url,
      sourceName: item.sourceName ?? feed.name,
    }));
  const parsed = parseFeedDocument(decodeFeed(Buffer.from(task.body), task.contentType), task.url);
  return parsed.items.map((item) => ({ ...item, baseUrl: parsed.baseUrl, sourceName: feed.name }));
}

export default function parseFeedTask(task: FeedTask): FeedParse {
  const started = performance.now();
  const { feed, max, firstSeen } = task;
  const xrpFeed = isXrpFeed(feed);
  const items = itemsOf(task);
  // Cut before sanitising: the items past the cap cost nothing more.
  const kept = newestItems(items, max, firstSeen);
  const articles = kept
    .map((item) =>
      toArticle(item, {
        baseUrl: item.baseUrl,
        sourceName: item.sourceName,
        feedCategory: feed.category,
        xrpFeed,
        firstSeen,
      }),
    )
    .filter((article): article is Article => article !== null);
  return {
    articles,
    itemsInFeed: items.length,
    itemsKept: kept.length,
    parseMs: performance.now() - started,
  };
}
