import type { NewsArticle, RssFeedDto } from '@/domain/news/news.schema';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../../../tests/support/fixture-server';
import { fixture } from '../../../../tests/support/upstream-fixtures';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { listNews } from './news.service';

const fixtures = path.resolve(import.meta.dirname, '../../../../tests/fixtures');
const file = (relative: string) => fs.readFileSync(path.join(fixtures, relative));

let app: TestApp;
let feeds: FixtureServer;
let admin: { cookie: string };

/** Serves a feed file with an ETag; a request that sends it back gets a 304. */
function serveFeed(pathname: string, relative: string, contentType = 'application/rss+xml') {
  const etag = `"${relative}"`;
  feeds.route(pathname, (request, response) => {
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, { etag });
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': contentType, etag });
    response.end(file(relative));
  });
}

type FeedInput = Parameters<ReturnType<TestApp['client']>['admin']['feeds']['$post']>[0]['json'];
type NewsQuery = Parameters<ReturnType<TestApp['client']>['news']['$get']>[0]['query'];

async function addFeed(fields: FeedInput) {
  const response = await app.client(admin.cookie).admin.feeds.$post({ json: fields });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string };
}

const refresh = (cookie?: string) => app.client(cookie).news.refresh.$post();
const list = async (query: NewsQuery = {}) =>
  (await (await app.client().news.$get({ query })).json()) as {
    articles: NewsArticle[];
    hasMore: boolean;
  };

beforeAll(async () => {
  feeds = await startFixtureServer();
  app = await createTestApp({
    env: {
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
      CRYPTOCOMPARE_API_BASE: `${feeds.url}/cc`,
      CRYPTOCOMPARE_API_KEY: 'test-key',
    },
  });
  admin = await app.signedInUser({ role: 'admin' });
  feeds.route('/cc/data/v2/news/', (request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      url.searchParams.get('api_key') === 'test-key'
        ? file('cryptocompare/news-v2-latest.json')
        : JSON.stringify(fixture('cryptocompare/news-v2-error-no-api-key.json')),
    );
  });
  serveFeed('/telegraph.xml', 'rss/cointelegraph-style.xml');
  serveFeed('/desk.xml', 'rss/coindesk-style.xml');
  serveFeed('/atom.xml', 'rss/atom-feed.xml', 'application/atom+xml');
  serveFeed('/feed.json', 'jsonfeed/json-feed-1.1.json', 'application/feed+json');
  serveFeed('/cafe.xml', 'news/generic-wordpress-iso-8859-1.xml', 'text/xml');
  feeds.route('/gone.xml', (_request, response) => {
    response.writeHead(404);
    response.end('not here');
  });
  feeds.route('/html.xml', (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<html><body>Blocked by a captcha</body></html>');
  });
  feeds.route('/huge.xml', (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/xml' });
    response.end(Buffer.alloc(6 * 1024 * 1024, 'a'));
  });
  // The default public feeds are refused in tests (nothing leaves 127.0.0.1); only ours run here.
  await app.handle.db.deleteFrom('rss_feeds').execute();
  await addFeed({ name: 'Telegraph', url: `${feeds.url}/telegraph.xml`, feedType: 'rss', category: 'XRP' });
  await addFeed({ name: 'Desk', url: `${feeds.url}/desk.xml`, feedType: 'rss', category: 'NEWS' });
  await addFeed({ name: 'Ledger Blog', url: `${feeds.url}/atom.xml`, feedType: 'rss' });
  await addFeed({ name: 'JSON Desk', url: `${feeds.url}/feed.json`, feedType: 'json' });
  await addFeed({ name: 'Café', url: `${feeds.url}/cafe.xml`, feedType: 'rss', category: 'NEWS' });
  await addFeed({
    name: 'CryptoCompare',
    url: 'https://min-api.cryptocompare.com/data/v2/news/?categories=XRP',
  });
  await addFeed({ name: 'Gone', url: `${feeds.url}/gone.xml`, feedType: 'rss' });
  await addFeed({ name: 'Captcha', url: `${feeds.url}/html.xml`, feedType: 'rss' });
  await addFeed({ name: 'Huge', url: `${feeds.url}/huge.xml`, feedType: 'rss' });
});
afterAll(async () => {
  await app?.close();
  await feeds?.close();
});

describe('news ingestion (fetch-news)', () => {
  let first: Response;
  beforeEach(async () => {
    if (first) return;
    const user = await app.signedInUser();
    first = await refresh(user.cookie);
  });

  it('stores every feed format once, deduplicated across feeds by canonical URL and guid', async () => {
    expect(first.status, await first.clone().text()).toBe(200);
    const { articles } = await list({ limit: '100' });
    const urls = articles.map((article) => article.url);
    expect(new Set(urls).size).toBe(urls.length);
    // Telegraph 5 + Desk 2 + Atom 2 + JSON 2 (one has no url) + CryptoCompare minus its duplicates;
    // the café's XRP article shares its guid with Telegraph's escrow story and is skipped.
    expect(urls).toContain('https://cointelegraph.com/news/fixture-xrp-etf-flows');
    expect(urls).not.toContain('https://cafe.example/2025/12/ripple-zurich');
    expect(urls).not.toContain('https://cafe.example/2025/12/bitcoin-miners');
    expect(urls).toContain('https://blog.example.org/2025/12/fixture-amendment-voting');
    expect(urls).toContain('https://feeds.example.com/2025/12/11/fixture-relative-url');
    const etf = articles.filter(
      (article) => article.url === 'https://cointelegraph.com/news/fixture-xrp-etf-flows',
    );
    expect(etf).toHaveLength(1);
  });

  it('records a bad feed against that feed and the sync, and the others still ingest', async () => {
    const body = await first.clone().json();
    expect(body.details).toMatch(/3 failed/);
    expect(body.details).toMatch(/Gone: .*404/);
    expect(body.details).toMatch(/Captcha: Not a feed/);
    expect(body.details).toMatch(/Huge: Response too large/);
    const admins = (await (await app.client(admin.cookie).admin.feeds.$get()).json()) as RssFeedDto[];
    const byName = Object.fromEntries(admins.map((feed) => [feed.name, feed]));
    expect(byName.Gone?.lastError).toMatch(/404/);
    expect(byName.Telegraph).toMatchObject({ lastError: null, lastItemCount: 5 });
    const log = await app.handle.db
      .selectFrom('api_sync_logs')
      .selectAll()
      .where('api_source', '=', 'News Feeds')
      .orderBy('started_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.status).toBe('success');
    expect(log.details).toMatch(/Gone/);
  });

  it('costs one 304 per unchanged feed on the next run, adding nothing', async () => {
    const before = feeds.hits('/telegraph.xml');
    const again = await app.signedInUser();
    const response = await refresh(again.cookie);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { newArticles: number; details: string | null };
    expect(body.newArticles).toBe(0);
    expect(body.details).toMatch(/5 unchanged \(304\)/);
    expect(feeds.hits('/telegraph.xml')).toBe(before + 1);
  });

  it('lists newest first with paging', async () => {
    const page1 = await list({ limit: '3' });
    const page2 = await list({ limit: '3', offset: '3' });
    expect(page1.articles).toHaveLength(3);
    expect(page1.hasMore).toBe(true);
    expect(page2.articles[0]?.title).not.toBe(page1.articles[2]?.title);
    const all = await list({ limit: '100' });
    const dates = all.articles.map((a) => a.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    // An item the feed did not date sorts by when it was first seen, and says it is undated.
    const undated = all.articles.find((a) => a.title === 'Fixture: item without a pubDate element');
    expect(undated?.dated).toBe(false);
    expect(all.articles.filter((a) => a.dated).length).toBe(all.articles.length - 1);
  });

  it('searches title and text case-insensitively (full text and short substrings) with the category filter', async () => {
    const etf = await list({ q: 'INFLOWS' });
    expect(etf.articles.map((a) => a.title)).toContain(
      'Fixture: Spot XRP funds log a third week of net inflows',
    );
    const stemmed = await list({ q: 'amendments' });
    expect(stemmed.articles.map((a) => a.title)).toContain('Fixture: amendment voting explained');
    const short = await list({ q: 'od' });
    expect(short.articles.length).toBeGreaterThan(0);
    for (const article of short.articles)
      expect(`${article.title} ${article.text}`.toLowerCase()).toContain('od');
    const filtered = await list({ q: 'xrp', category: 'TECHNOLOGY' });
    expect(filtered.articles.length).toBeGreaterThan(0);
    for (const article of filtered.articles) expect(article.categories).toContain('TECHNOLOGY');
    expect((await list({ q: 'zzzzqqq' })).articles).toEqual([]);
    expect((await app.request('/api/news?category=GOSSIP')).status).toBe(422);
  });

  it('finds a rare word in old articles as well as a common one in new ones (both search plans)', async () => {
    const query = { category: 'all' as const, limit: 2, offset: 0 };
    // A window of 1 newest article: "amendment" (old, rare) must come from the GIN fallback.
    const rare = await listNews(app.handle.db, { ...query, q: 'amendment' }, { recentWindow: 1 });
    expect(rare.articles.map((a) => a.title)).toContain('Fixture: amendment voting explained');
    const everywhere = await listNews(app.handle.db, { ...query, q: 'synthetic' }, { recentWindow: 1 });
    const full = await listNews(app.handle.db, { ...query, q: 'synthetic' }, { recentWindow: 100_000 });
    expect(everywhere).toEqual(full);
    expect(everywhere.hasMore).toBe(true);
  });

  it('gives the sidebar figures: totals, last 24 h, last 7 days and recent sources', async () => {
    const stats = await (await app.client().news.stats.$get()).json();
    const total = (await list({ limit: '100' })).articles.length;
    expect(stats.total).toBe(total);
    expect(stats.thisWeek).toBeGreaterThanOrEqual(stats.today);
    expect(stats.recentSources.length).toBeGreaterThan(0);
    expect(stats.recentSources.length).toBeLessThanOrEqual(5);
    expect(
      stats.recentSources.reduce((sum: number, s: { count: number }) => sum + s.count, 0),
    ).toBeLessThanOrEqual(10);
  });
});

describe('refresh permissions and limits', () => {
  it('needs a signed-in user', async () => {
    expect((await refresh()).status).toBe(401);
  });

  it('allows 3 refreshes per user in 5 minutes, then 429 with Retry-After', async () => {
    const user = await app.signedInUser();
    for (let i = 0; i < 3; i += 1) expect((await refresh(user.cookie)).status).toBe(200);
    const refused = await refresh(user.cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('admin feeds', () => {
  const feedsApi = () => app.client(admin.cookie).admin.feeds;
  const post = (cookie: string, body: { name: string; url: string; feedType?: 'rss' }) =>
    app.client(cookie).admin.feeds.$post({ json: body });

  it('defaults a new feed to type cryptocompare and category XRP', async () => {
    const response = await post(admin.cookie, { name: 'Defaults', url: `${feeds.url}/defaults.xml` });
    expect(await response.json()).toMatchObject({
      feedType: 'cryptocompare',
      category: 'XRP',
      enabled: true,
    });
  });

  it('refuses a URL that is not public, and a duplicate URL', async () => {
    for (const url of [
      'http://169.254.169.254/latest',
      'http://10.0.0.1/feed',
      'http://[::1]/feed',
      'file:///etc/passwd',
    ]) {
      const response = await post(admin.cookie, { name: 'Bad', url, feedType: 'rss' });
      expect(response.status, url).toBe(422);
    }
    const again = await post(admin.cookie, { name: 'Again', url: `${feeds.url}/telegraph.xml` });
    expect(again.status).toBe(409);
    if (again.status === 409)
      expect((await again.json()).error.message).toBe('A feed with this URL already exists');
  });

  it('refuses non-admins on every feed route', async () => {
    const user = await app.signedInUser({ plan: 'premium' });
    const before = await app.handle.db.selectFrom('rss_feeds').select('id').execute();
    const id = before[0]!.id;
    for (const [method, pathname] of [
      ['GET', '/api/admin/feeds'],
      ['POST', '/api/admin/feeds'],
      ['PATCH', `/api/admin/feeds/${id}`],
      ['DELETE', `/api/admin/feeds/${id}`],
    ] as const) {
      const init = {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'GET' ? undefined : '{"enabled":false,"name":"x","url":"https://x.example"}',
      };
      expect((await app.request(pathname, init)).status).toBe(401);
      expect((await app.request(pathname, { ...init, cookie: user.cookie })).status).toBe(403);
    }
    expect(await app.handle.db.selectFrom('rss_feeds').select('id').execute()).toEqual(before);
  });

  it('toggles and deletes a feed, keeping its articles', async () => {
    const feed = await addFeed({ name: 'Short-lived', url: `${feeds.url}/short.xml`, feedType: 'rss' });
    const byId = feedsApi()[':id'];
    const toggled = await byId.$patch({ param: { id: feed.id }, json: { enabled: false } });
    expect(toggled.status).toBe(200);
    if (toggled.status === 200) expect((await toggled.json()).enabled).toBe(false);
    const articlesBefore = (await list({ limit: '100' })).articles.length;
    expect((await byId.$delete({ param: { id: feed.id } })).status).toBe(204);
    expect((await byId.$delete({ param: { id: feed.id } })).status).toBe(404);
    expect((await list({ limit: '100' })).articles.length).toBe(articlesBefore);
  });
});
