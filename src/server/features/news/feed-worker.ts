import type { CryptoCompareArticle } from '../../upstreams/cryptocompare';
import { cryptoCompareItem, isXrpFeed, newestItems, toArticle, type Article } from './articles';
import { decodeFeed, parseFeedDocument } from './parse-feed';

/**
 * A feed's untrusted text becomes articles here, on a worker thread (feed-parser.ts), never on the
 * thread that serves HTTP (issue 31): decoding and parsing the body, keeping the newest items up to
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

const isArticle = (article: Article | null): article is Article => article !== null;

export default function parseFeedTask(task: FeedTask): FeedParse {
  const started = performance.now();
  const { feed, max, firstSeen } = task;
  const xrpFeed = isXrpFeed(feed);
  if (task.kind === 'cryptocompare') {
    const kept = newestItems(task.items.map(cryptoCompareItem), max, firstSeen);
    const articles = kept
      .map((item) =>
        toArticle(item, {
          baseUrl: item.url ?? feed.url,
          sourceName: item.sourceName ?? feed.name,
          feedCategory: feed.category,
          xrpFeed,
          firstSeen,
        }),
      )
      .filter(isArticle);
    return {
      articles,
      itemsInFeed: task.items.length,
      itemsKept: kept.length,
      parseMs: performance.now() - started,
    };
  }
  const parsed = parseFeedDocument(decodeFeed(Buffer.from(task.body), task.contentType), task.url);
  // Cut before sanitising: the items past the cap cost nothing more.
  const kept = newestItems(parsed.items, max, firstSeen);
  const articles = kept
    .map((item) =>
      toArticle(item, {
        baseUrl: parsed.baseUrl,
        sourceName: feed.name,
        feedCategory: feed.category,
        xrpFeed,
        firstSeen,
      }),
    )
    .filter(isArticle);
  return {
    articles,
    itemsInFeed: parsed.items.length,
    itemsKept: kept.length,
    parseMs: performance.now() - started,
  };
}
