import { isXrpRelevant, mapCategories } from '@/domain/news/categories';
import { absoluteHttpUrl, canonicalUrl } from '@/domain/news/canonical-url';
import type { CryptoCompareArticle } from '../../upstreams/cryptocompare';
import type { FeedItem } from './parse-feed';
import { htmlToText, sanitizeArticleHtml } from './sanitize';

/** An article ready to store: sanitised, mapped, with a canonical URL. */
export interface Article {
  guid: string | null;
  title: string;
  bodyHtml: string;
  bodyText: string;
  url: string;
  imageUrl: string | null;
  sourceName: string | null;
  categories: string[];
  publishedAt: Date;
  /** False when the feed gave no date, or one in the future: publishedAt is then when we first saw it. */
  dated: boolean;
}

const MAX_HTML = 100_000;
const MAX_TEXT = 20_000;
const MAX_TITLE = 500;

/** A feed whose category is XRP is about XRP; any other feed keeps only the articles that are. */
export const isXrpFeed = (feed: { category: string }) => feed.category.toUpperCase() === 'XRP';

/**
 * One feed item as an article, or null when it has no usable link. Missing dates become `firstSeen`
 * (and dates in the future are clamped to it); untitled items borrow the start of their text.
 */
export function toArticle(
  item: Omit<FeedItem, 'html'> & { html: string },
  context: {
    baseUrl: string;
    sourceName: string | null;
    feedCategory: string;
    xrpFeed: boolean;
    firstSeen: Date;
  },
): Article | null {
  const url = item.url ? canonicalUrl(item.url, context.baseUrl) : null;
  if (!url) return null;
  const bodyHtml = sanitizeArticleHtml(item.html, url).slice(0, MAX_HTML);
  const bodyText = htmlToText(bodyHtml).slice(0, MAX_TEXT);
  const title = (item.title || bodyText.slice(0, 120)).slice(0, MAX_TITLE).trim();
  if (!title) return null;
  if (!context.xrpFeed && !isXrpRelevant({ title, text: bodyText, feedCategories: item.categories }))
    return null;
  const dated = Boolean(item.publishedAt && item.publishedAt <= context.firstSeen);
  const published = dated && item.publishedAt ? item.publishedAt : context.firstSeen;
  return {
    guid: item.guid?.trim().slice(0, 1000) || null,
    title,
    bodyHtml,
    bodyText,
    url,
    imageUrl: absoluteHttpUrl(item.imageUrl, url),
    sourceName: context.sourceName,
    categories: mapCategories({
      feedCategories: item.categories,
      title,
      text: bodyText,
      feedCategory: context.feedCategory,
    }),
    publishedAt: published,
    dated,
  };
}

export function cryptoCompareItem(article: CryptoCompareArticle): FeedItem & { sourceName: string | null } {
  return {
    guid: article.guid ?? `cryptocompare:${article.id}`,
    title: htmlToText(article.title),
    html: article.body,
    url: article.url,
    imageUrl: article.imageurl ?? null,
    categories: article.categories.split('|').filter(Boolean),
    publishedAt: new Date(article.published_on * 1000),
    sourceName: article.source_info?.name ?? article.source ?? null,
  };
}

/**
 * The newest `max` items, newest first: by date, descending; items without a date (or dated in the
 * future, which toArticle treats as undated) follow the dated ones in feed order. A hostile
 * feed of 50,000 items stores 500 and the sync says so.
 */
export function newestItems<T extends { publishedAt: Date | null }>(
  items: readonly T[],
  max: number,
  now: Date,
): T[] {
  const time = (item: T) =>
    item.publishedAt && item.publishedAt <= now ? item.publishedAt.getTime() : Number.NEGATIVE_INFINITY;
  // Array.prototype.sort is stable: equal dates, and every undated item, keep the feed's order.
  return [...items].sort((a, b) => (time(b) === time(a) ? 0 : time(b) > time(a) ? 1 : -1)).slice(0, max);
}
