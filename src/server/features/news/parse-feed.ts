import { parseFeed } from 'feedsmith';
import iconv from 'iconv-lite';
import { absoluteHttpUrl } from '@/domain/news/canonical-url';
import { firstImageSrc, htmlToText } from './sanitize';

/** One entry of any feed format, before sanitising and mapping: the raw HTML is still untrusted. */
export interface FeedItem {
  guid: string | null;
  title: string;
  html: string;
  url: string | null;
  imageUrl: string | null;
  categories: string[];
  publishedAt: Date | null;
}

export interface ParsedFeed {
  format: 'rss' | 'rdf' | 'atom' | 'json';
  title: string | null;
  /** The base relative links resolve against: xml:base, the feed's home page, or where it was fetched. */
  baseUrl: string;
  items: FeedItem[];
}

export class FeedFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedFormatError';
  }
}

// feedsmith's types are exact per format; the normaliser reads them through these small views.
type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj => (value && typeof value === 'object' ? (value as Obj) : {});
const list = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];
const str = (value: unknown): string | null => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  const inner = obj(value).value;
  return typeof inner === 'string' ? inner : null;
};

function date(...candidates: unknown[]): Date | null {
  for (const candidate of candidates) {
    const text = str(candidate);
    if (!text) continue;
    const parsed = new Date(text.trim());
    if (!Number.isNaN(parsed.getTime())) return parsed;
  }
  return null;
}

const isImage = (entry: Obj) =>
  entry.medium === 'image' || (typeof entry.type === 'string' && entry.type.startsWith('image'));

/** media:content / media:group, enclosures, media:thumbnail, then the first <img> (with a src) of the body. */
function imageOf(item: Obj, html: string, base: string): string | null {
  const media = obj(item.media);
  const mediaContents = [
    ...list(media.contents),
    ...list(media.groups).flatMap((group) => list(obj(group).contents)),
  ].map(obj);
  const candidates = [
    ...mediaContents.filter(isImage).map((entry) => entry.url),
    ...list(item.enclosures)
      .map(obj)
      .filter(isImage)
      .map((entry) => entry.url),
    ...list(item.links)
      .map(obj)
      .filter((link) => link.rel === 'enclosure' && isImage(link))
      .map((link) => link.href),
    ...list(media.thumbnails).map((entry) => obj(entry).url),
    item.image,
    item.banner_image,
  ];
  for (const candidate of candidates) {
    const url = absoluteHttpUrl(str(candidate), base);
    if (url) return url;
  }
  // Read only when nothing above named an image: a parse of the raw body, linear in its size.
  return absoluteHttpUrl(firstImageSrc(html), base);
}

function rssItem(raw: unknown, base: string): FeedItem {
  const item = obj(raw);
  const content = str(obj(item.content).encoded)?.trim();
  const html = content || str(item.description) || '';
  const dc = obj(item.dc);
  return {
    guid: str(obj(item.guid).value) ?? str(obj(item.rdf).about),
    title: htmlToText(str(item.title) ?? str(list(dc.titles)[0]) ?? ''),
    html,
    url: absoluteHttpUrl(str(item.link) ?? str(obj(item.guid).value), base),
    imageUrl: imageOf(item, html, base),
    categories: [
      ...list(item.categories).map((category) => str(obj(category).name) ?? ''),
      ...list(dc.subjects).map((subject) => str(subject) ?? ''),
    ].filter(Boolean),
    publishedAt: date(item.pubDate, ...list(dc.dates)),
  };
}

function atomEntry(raw: unknown, feedBase: string): FeedItem {
  const entry = obj(raw);
  const base = absoluteHttpUrl(str(obj(entry.xml).base), feedBase) ?? feedBase;
  const links = list(entry.links).map(obj);
  const alternate = links.find((link) => !link.rel || link.rel === 'alternate');
  const content = str(entry.content);
  const contentType = obj(entry.content).type;
  const summary = str(entry.summary);
  const html =
    content && contentType !== 'text' ? content : (summary ?? (content ? escapeText(content) : ''));
  return {
    guid: str(entry.id),
    title: htmlToText(str(entry.title) ?? ''),
    html,
    url: absoluteHttpUrl(str(alternate?.href), base),
    imageUrl: imageOf(entry, html, base),
    categories: list(entry.categories)
      .map((category) => str(obj(category).label) ?? str(obj(category).term) ?? '')
      .filter(Boolean),
    publishedAt: date(entry.published, entry.updated),
  };
}

function jsonItem(raw: unknown, base: string): FeedItem {
  const item = obj(raw);
  const html = str(item.content_html) ?? escapeText(str(item.content_text) ?? str(item.summary) ?? '');
  return {
    guid: str(item.id),
    title: htmlToText(str(item.title) ?? ''),
    html,
    url: absoluteHttpUrl(str(item.url) ?? str(item.external_url), base),
    imageUrl: imageOf(item, html, base),
    categories: list(item.tags)
      .map((tag) => str(tag) ?? '')
      .filter(Boolean),
    publishedAt: date(item.date_published, item.date_modified),
  };
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Labels that browsers read as windows-1252 (its superset), as feeds that declare them usually mean. */
const WINDOWS_1252_ALIASES = new Set([
  'iso-8859-1',
  'iso8859-1',
  'latin1',
  'l1',
  'us-ascii',
  'ascii',
  'cp1252',
]);

/** The declared character set: the HTTP header wins, then the XML declaration, then a BOM, then UTF-8. */
export function decodeFeed(body: Buffer, contentType: string | null): string {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return iconv.decode(body, 'utf-8');
  if (body[0] === 0xff && body[1] === 0xfe) return iconv.decode(body, 'utf-16le');
  if (body[0] === 0xfe && body[1] === 0xff) return iconv.decode(body, 'utf-16be');
  const declared = (
    /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1] ??
    /^\s*<\?xml[^>]+\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(
      body.subarray(0, 200).toString('latin1'),
    )?.[1] ??
    'utf-8'
  ).toLowerCase();
  const label = WINDOWS_1252_ALIASES.has(declared) ? 'windows-1252' : declared;
  return iconv.encodingExists(label) ? iconv.decode(body, label) : iconv.decode(body, 'utf-8');
}

/**
 * RSS 2.0, RSS 1.0 (RDF), Atom 1.0 or JSON Feed 1.x, parsed by feedsmith and normalised to FeedItem.
 * `fetchedFrom` is where the document came from (after redirects): the last resort for relative links.
 */
export function parseFeedDocument(text: string, fetchedFrom: string): ParsedFeed {
  const trimmed = text.trim();
  let input: unknown = trimmed;
  if (trimmed.startsWith('{')) {
    try {
      input = JSON.parse(trimmed);
    } catch {
      throw new FeedFormatError('The feed is not valid JSON');
    }
  }
  let parsed: ReturnType<typeof parseFeed>;
  try {
    parsed = parseFeed(input as string);
  } catch (error) {
    throw new FeedFormatError(`Not a feed: ${(error as Error).message}`);
  }
  const feed = obj(parsed.feed);
  switch (parsed.format) {
    case 'rss':
    case 'rdf': {
      const base = absoluteHttpUrl(str(feed.link), fetchedFrom) ?? fetchedFrom;
      return {
        format: parsed.format,
        title: str(feed.title),
        baseUrl: base,
        items: list(feed.items).map((item) => rssItem(item, base)),
      };
    }
    case 'atom': {
      const links = list(feed.links).map(obj);
      const xmlBase = absoluteHttpUrl(str(obj(feed.xml).base), fetchedFrom);
      const base =
        xmlBase ??
        absoluteHttpUrl(
          str(links.find((link) => !link.rel || link.rel === 'alternate')?.href),
          fetchedFrom,
        ) ??
        fetchedFrom;
      return {
        format: 'atom',
        title: htmlToText(str(feed.title) ?? '') || null,
        baseUrl: base,
        items: list(feed.entries).map((entry) => atomEntry(entry, base)),
      };
    }
    case 'json': {
      const base = absoluteHttpUrl(str(feed.home_page_url), fetchedFrom) ?? fetchedFrom;
      return {
        format: 'json',
        title: str(feed.title),
        baseUrl: base,
        items: list(feed.items).map((item) => jsonItem(item, base)),
      };
    }
    default:
      throw new FeedFormatError('Unrecognized feed format');
  }
}
