import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger';
import { startFixtureServer, type FixtureServer } from '../../../../tests/support/fixture-server';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

/**
 * The three feeds that froze the site (thousands of items, a title of `<br<br<br…`, a body
 * of `<img <img <img…`) are read for what they say, and the item cap holds and is told to the admin
 * (the sync log row) and the operator (the server log). Correctness, not timing.
 */

let app: TestApp;
let feeds: FixtureServer;
let admin: { cookie: string };
const logLines: Record<string, unknown>[] = [];

const DAY = 86_400_000;
const base = Date.UTC(2026, 0, 1);

/** An RSS document of `items` (title, link, optional date, description as CDATA). */
function rss(items: { title: string; link: string; date?: Date; html?: string }[]): string {
  const body = items
    .map(
      (item) =>
        `<item><title><![CDATA[${item.title}]]></title><link>${item.link}</link>` +
        (item.date ? `<pubDate>${item.date.toUTCString()}</pubDate>` : '') +
        `<description><![CDATA[${item.html ?? '<p>About XRP.</p>'}]]></description></item>`,
    )
    .join('');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Hostile</title><link>https://hostile.example/</link>${body}</channel></rss>`;
}

function serve(pathname: string, xml: string) {
  feeds.route(pathname, (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/rss+xml' });
    response.end(xml);
  });
}

/** 1,200 items, oldest first in the feed (as some feeds write them), plus 3 without a date at the top. */
const MANY = 1_200;
const manyItems = [
  ...Array.from({ length: 3 }, (_, index) => ({
    title: `Undated ${index}`,
    link: `https://many.example/undated-${index}`,
  })),
  ...Array.from({ length: MANY - 3 }, (_, index) => ({
    title: `Item ${index}`,
    link: `https://many.example/item-${index}`,
    date: new Date(base + index * 60_000),
  })),
];

beforeAll(async () => {
  feeds = await startFixtureServer();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        logLines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  app = await createTestApp({
    env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' },
    logger: createLogger('info', sink),
  });
  admin = await app.signedInUser({ role: 'admin' });
  serve('/many.xml', rss(manyItems));
  serve(
    '/br-title.xml',
    rss([
      {
        title: `XRP ETF approved ${'<br'.repeat(40_000)}`,
        link: 'https://hostile.example/br-title',
        date: new Date(base - DAY),
      },
      {
        title: `Ledger &amp; escrow<br>explained${'<br'.repeat(40_000)}>`,
        link: 'https://hostile.example/br-closed',
        date: new Date(base - 2 * DAY),
      },
    ]),
  );
  serve(
    '/img-body.xml',
    rss([
      {
        title: 'XRP body of unfinished images',
        link: 'https://hostile.example/img-none',
        date: new Date(base - DAY),
        html: `<p>XRP holds.</p>${'<img '.repeat(40_000)}`,
      },
      {
        title: 'XRP body with one image at the end',
        link: 'https://hostile.example/img-last',
        date: new Date(base - 2 * DAY),
        html: `<p>XRP rises.</p>${'<img '.repeat(40_000)}<img src="/charts/xrp.png">`,
      },
    ]),
  );
  await app.handle.db.deleteFrom('rss_feeds').execute();
  for (const [name, pathname] of [
    ['Many', '/many.xml'],
    ['Broken titles', '/br-title.xml'],
    ['Broken images', '/img-body.xml'],
  ]) {
    const response = await app.client(admin.cookie).admin.feeds.$post({
      json: { name: name!, url: `${feeds.url}${pathname}`, feedType: 'rss', category: 'XRP' },
    });
    expect(response.status, await response.clone().text()).toBe(201);
  }
}, 60_000);

afterAll(async () => {
  await app?.close();
  await feeds?.close();
});

const article = (url: string) =>
  app.handle.db
    .selectFrom('news_articles')
    .select(['title', 'body_text', 'image_url'])
    .where('url', '=', url)
    .executeTakeFirst();

describe('hostile feeds', () => {
  let details: string | null = null;
  beforeAll(async () => {
    const response = await app.client(admin.cookie).news.refresh.$post();
    expect(response.status, await response.clone().text()).toBe(200);
    details = ((await response.json()) as { details: string | null }).details;
  }, 120_000);

  it('keeps the newest 500 items of a feed of 1,200, dated ones first, and says so in the sync log', async () => {
    const stored = await app.handle.db
      .selectFrom('news_articles')
      .select('url')
      .where('url', 'like', 'https://many.example/%')
      .execute();
    expect(stored).toHaveLength(500);
    const urls = new Set(stored.map((row) => row.url));
    // The newest dated item is in, the 500th newest too, the 501st not; the undated ones come last.
    expect(urls.has(`https://many.example/item-${MANY - 4}`)).toBe(true);
    expect(urls.has(`https://many.example/item-${MANY - 3 - 500}`)).toBe(true);
    expect(urls.has(`https://many.example/item-${MANY - 3 - 501}`)).toBe(false);
    expect(urls.has('https://many.example/undated-0')).toBe(false);

    expect(details).toContain('Many: kept the newest 500 of 1,200 items');
    // The row the admin reads under Admin → API Management → Sync Logs.
    const log = await app.handle.db
      .selectFrom('api_sync_logs')
      .select(['details', 'records_processed'])
      .where('api_source', '=', 'News Feeds')
      .orderBy('started_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.details).toContain('Many: kept the newest 500 of 1,200 items');
    const feedsList = (await (await app.client(admin.cookie).admin.feeds.$get()).json()) as {
      name: string;
      lastItemCount: number | null;
    }[];
    expect(feedsList.find((feed) => feed.name === 'Many')?.lastItemCount).toBe(500);
  });

  it('writes a warning naming the cut feed in the server log', () => {
    const cut = logLines.filter((line) => line.msg === 'news feed cut to its newest items');
    expect(cut).toHaveLength(1);
    expect(cut[0]).toMatchObject({ level: 40, feed: 'Many', items: MANY, kept: 500, max: 500 });
  });

  it('stores a title of 40,000 unclosed <br as its plain text', async () => {
    expect((await article('https://hostile.example/br-title'))?.title).toBe('XRP ETF approved');
    // The one real line break reads as a space; the junk after it is one unknown tag, dropped.
    expect((await article('https://hostile.example/br-closed'))?.title).toBe('Ledger & escrow explained');
  });

  it('finds no image in a body of 40,000 unfinished <img, and the real one when it has a src', async () => {
    const none = await article('https://hostile.example/img-none');
    expect(none).toMatchObject({ title: 'XRP body of unfinished images', image_url: null });
    expect(none?.body_text).toBe('XRP holds.');
    const last = await article('https://hostile.example/img-last');
    expect(last?.image_url).toBe('https://hostile.example/charts/xrp.png');
    expect(last?.body_text).toBe('XRP rises.');
  });

  it('searches for a query of LIKE and tsquery metacharacters as plain text', async () => {
    const search = async (q: string) => {
      const response = await app.client().news.$get({ query: { q, limit: '100' } });
      expect(response.status).toBe(200);
      return ((await response.json()) as { articles: { title: string }[] }).articles;
    };
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search('%_\\!&|():*<>\'"'.repeat(14).slice(0, 200))).toEqual([]);
    expect((await search('Item 1196')).map((found) => found.title)).toContain('Item 1196');
  });
});
