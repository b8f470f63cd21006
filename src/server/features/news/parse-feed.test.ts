import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalUrl } from '@/domain/news/canonical-url';
import { fetchCryptoCompareNews } from '../../upstreams/cryptocompare';
import { cryptoCompareItem, newestItems, toArticle, type Article } from './articles';
import { decodeFeed, FeedFormatError, parseFeedDocument } from './parse-feed';

const fixtures = path.resolve(import.meta.dirname, '../../../../tests/fixtures');
const read = (relative: string) => fs.readFileSync(path.join(fixtures, relative));
const firstSeen = new Date('2026-01-01T00:00:00Z');

/** Parses a fixture file the way the news job does and maps every item to an article (or null). */
function articlesOf(relative: string, feed: { name: string; category: string; contentType?: string }) {
  const parsed = parseFeedDocument(
    decodeFeed(read(relative), feed.contentType ?? null),
    'https://fetched.example/feed',
  );
  const articles = parsed.items.map((item) =>
    toArticle(item, {
      baseUrl: parsed.baseUrl,
      sourceName: feed.name,
      feedCategory: feed.category,
      xrpFeed: feed.category === 'XRP',
      firstSeen,
    }),
  );
  return { parsed, articles, found: articles.filter((a): a is Article => a !== null) };
}

const executable = /<script|<iframe|<svg|<style|\son\w+=|javascript:/i;

describe('RSS 2.0 (cointelegraph-style.xml)', () => {
  const { parsed, found } = articlesOf('rss/cointelegraph-style.xml', {
    name: 'Cointelegraph',
    category: 'XRP',
  });

  it('reads every item, strips tracking parameters and resolves relative links against the site', () => {
    expect(parsed.format).toBe('rss');
    expect(found.map((article) => article.url)).toEqual([
      'https://cointelegraph.com/news/fixture-xrp-etf-flows',
      'https://cointelegraph.com/news/fixture-sanitizer-test',
      'https://cointelegraph.com/news/fixture-no-pubdate',
      'https://cointelegraph.com/news/fixture-relative-link',
      'https://cointelegraph.com/news/fixture-shared-guid-escrow',
    ]);
    expect(found[3]?.imageUrl).toBe('https://cointelegraph.com/images/fixture-relative.jpg');
  });

  it('takes the image from media:content, titles as plain text, and maps categories onto ours', () => {
    expect(found[0]).toMatchObject({
      title: 'Fixture: Spot XRP funds log a third week of net inflows',
      imageUrl: 'https://images.cointelegraph.com/images/528_fixture-xrp-etf.jpg',
      sourceName: 'Cointelegraph',
      guid: 'https://cointelegraph.com/news/fixture-xrp-etf-flows',
      publishedAt: new Date('2025-12-12T14:31:37Z'),
    });
    expect(found[0]?.categories).toEqual(expect.arrayContaining(['XRP', 'MARKET']));
    expect(found[1]?.title).toBe('Fixture: Unsafe markup in a description (sanitizer test)');
  });

  it('sanitises hostile HTML but keeps its text and the safe link', () => {
    const hostile = found[1]!;
    expect(hostile.bodyHtml).not.toMatch(executable);
    expect(hostile.bodyHtml).toContain('Synthetic paragraph that should survive sanitizing.');
    expect(hostile.bodyHtml).toContain('href="https://example.com/ok"');
    expect(hostile.bodyText).not.toMatch(/alert|display:none/);
  });

  it('dates an item without pubDate when it was first seen, and marks it undated', () => {
    expect(found[2]?.publishedAt).toEqual(firstSeen);
    expect(found[2]?.dated).toBe(false);
    expect(found[0]?.dated).toBe(true);
  });
});

describe('RSS 2.0 (coindesk-style.xml)', () => {
  const { found } = articlesOf('rss/coindesk-style.xml', { name: 'CoinDesk', category: 'NEWS' });

  it('decodes &amp; in media URLs, keeps non-permalink guids and reads categories with a domain', () => {
    expect(found[0]?.imageUrl).toBe(
      'https://cdn.sanity.io/images/fixture/production/aaaa-1920x1080.jpg?fm=jpg&w=1920&h=1080&crop=focalpoint&fit=clip',
    );
    expect(found[0]?.guid).toBe('3f6c2a8e-1b7d-4c55-9e0a-5d1f00fixture');
    expect(found[0]?.categories).toEqual(expect.arrayContaining(['XRP', 'MARKET', 'NEWS']));
    expect(found[1]?.categories).toEqual(expect.arrayContaining(['XRP', 'TECHNOLOGY']));
  });
});

describe('Atom 1.0 (atom-feed.xml)', () => {
  const { parsed, found } = articlesOf('rss/atom-feed.xml', { name: 'Ledger Blog', category: 'XRP' });

  it('resolves links against xml:base, reads HTML titles as text and falls back from published to updated', () => {
    expect(parsed.format).toBe('atom');
    expect(found[0]).toMatchObject({
      url: 'https://blog.example.org/2025/12/fixture-amendment-voting',
      title: 'Fixture: amendment voting explained',
      imageUrl: 'https://blog.example.org/img/fixture-amendment.jpg',
      publishedAt: new Date('2025-12-12T11:00:00Z'),
    });
    expect(found[0]?.bodyHtml).toContain('href="https://blog.example.org/glossary#amendment"');
    expect(found[1]).toMatchObject({
      url: 'https://blog.example.org/2025/12/fixture-updated-only',
      publishedAt: new Date('2025-12-11T08:00:00Z'),
      bodyText: 'Synthetic plain-text content; no summary, no author (falls back to feed author).',
    });
    for (const article of found) expect(article.bodyHtml).not.toMatch(executable);
  });
});

describe('JSON Feed 1.1 (json-feed-1.1.json)', () => {
  const { parsed, articles, found } = articlesOf('jsonfeed/json-feed-1.1.json', {
    name: 'JSON Desk',
    category: 'XRP',
  });

  it('sanitises content_html, resolves a relative url against home_page_url and skips an item with no url', () => {
    expect(parsed.format).toBe('json');
    expect(articles).toHaveLength(3);
    expect(articles[2]).toBeNull();
    expect(found[0]).toMatchObject({
      title: 'Fixture: New payment corridor uses XRP as bridge asset',
      imageUrl: 'https://feeds.example.com/img/fixture-corridor.jpg',
      publishedAt: new Date('2025-12-12T20:20:00Z'),
    });
    expect(found[0]?.bodyHtml).not.toMatch(executable);
    expect(found[0]?.categories).toEqual(expect.arrayContaining(['XRP', 'ADOPTION']));
    expect(found[1]?.url).toBe('https://feeds.example.com/2025/12/11/fixture-relative-url');
  });
});

describe('RSS 1.0 / RDF and declared encodings (own fixtures)', () => {
  it('reads an RDF feed with dc:date and dc:subject', () => {
    const { parsed, found } = articlesOf('news/rss1-rdf.xml', { name: 'RDF Wire', category: 'NEWS' });
    expect(parsed.format).toBe('rdf');
    expect(found[0]).toMatchObject({
      url: 'https://rdf.example/xrpl-amm',
      publishedAt: new Date('2025-12-10T08:30:00Z'),
      bodyText: 'Automated market maker pools on the XRP Ledger saw record trading volume.',
    });
    expect(found[0]?.categories).toEqual(expect.arrayContaining(['XRP', 'TECHNOLOGY']));
  });

  it('decodes ISO-8859-1 from the XML declaration, and a generic feed keeps only XRP articles', () => {
    const { found } = articlesOf('news/generic-wordpress-iso-8859-1.xml', { name: 'Café', category: 'NEWS' });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      title: 'Ripple expands in Zürich & São Paulo',
      url: 'https://cafe.example/2025/12/ripple-zurich',
      guid: 'https://cointelegraph.com/news/fixture-shared-guid-escrow',
    });
    expect(found[0]?.bodyText).toBe(
      'Café owners in Zürich pay with XRP; the partnership café “Ledger” opened.',
    );
    expect(found[0]?.categories).toEqual(expect.arrayContaining(['XRP', 'PARTNERSHIP']));
  });

  it('prefers the charset of the Content-Type header, and reads windows-1252', () => {
    const body = Buffer.from([0x93, 0x58, 0x52, 0x50, 0x94]); // “XRP” in windows-1252
    expect(decodeFeed(body, 'application/rss+xml; charset=windows-1252')).toBe('\u201cXRP\u201d');
    expect(decodeFeed(Buffer.from('\ufeffcaf\u00e9', 'utf8'), null)).toBe('caf\u00e9');
  });

  it('refuses a document that is not a feed', () => {
    expect(() => parseFeedDocument('<html><body>Not found</body></html>', 'https://x.example/')).toThrow(
      FeedFormatError,
    );
    expect(() => parseFeedDocument('{"broken": ', 'https://x.example/')).toThrow(
      'The feed is not valid JSON',
    );
  });
});

describe('CryptoCompare (news-v2-latest.json)', () => {
  const body = JSON.parse(read('cryptocompare/news-v2-latest.json').toString('utf8')) as {
    Data: Parameters<typeof cryptoCompareItem>[0][];
  };

  it('maps source, categories and dates, and its URL matches the RSS article it duplicates', () => {
    const items = body.Data.map(cryptoCompareItem);
    const article = toArticle(items[0]!, {
      baseUrl: items[0]!.url!,
      sourceName: items[0]!.sourceName,
      feedCategory: 'XRP',
      xrpFeed: true,
      firstSeen: new Date(),
    });
    expect(article).toMatchObject({
      sourceName: 'CoinTelegraph',
      publishedAt: new Date(1765549897 * 1000),
      url: canonicalUrl(
        'https://cointelegraph.com/news/fixture-xrp-etf-flows?utm_source=rss_feed&utm_medium=rss&utm_campaign=rss_partner_inbound',
      ),
    });
    expect(article?.categories).toEqual(expect.arrayContaining(['XRP', 'MARKET', 'REGULATION']));
  });

  it('refuses to run without a key, naming the setting', async () => {
    await expect(
      fetchCryptoCompareNews(
        {
          CRYPTOCOMPARE_API_BASE: 'http://127.0.0.1:9',
          CRYPTOCOMPARE_API_KEY: undefined,
          OUTBOUND_ALLOW_HOSTS: [],
          OUTBOUND_ONLY_ALLOWED: true,
          UPSTREAM_TIMEOUT_SECONDS: 10,
        },
        'https://min-api.cryptocompare.com/data/v2/news/',
      ),
    ).rejects.toThrow('CryptoCompare needs CRYPTOCOMPARE_API_KEY');
  });
});

describe('newestItems (the per-fetch cap)', () => {
  const at = (iso: string | null, id: string) => ({ id, publishedAt: iso ? new Date(iso) : null });
  const now = new Date('2026-06-01T00:00:00Z');

  it('keeps the newest by date, then undated and future-dated items in feed order', () => {
    const items = [
      at(null, 'undated-a'),
      at('2026-01-01T00:00:00Z', 'old'),
      at('2027-01-01T00:00:00Z', 'future'),
      at('2026-05-01T00:00:00Z', 'new'),
      at(null, 'undated-b'),
      at('2026-03-01T00:00:00Z', 'mid'),
    ];
    expect(newestItems(items, 10, now).map((item) => item.id)).toEqual([
      'new',
      'mid',
      'old',
      'undated-a',
      'future',
      'undated-b',
    ]);
    expect(newestItems(items, 2, now).map((item) => item.id)).toEqual(['new', 'mid']);
    expect(items[0]?.id).toBe('undated-a');
  });
});
