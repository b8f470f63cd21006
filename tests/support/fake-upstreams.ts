import crypto from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { isValidClassicAddress } from 'ripple-address-codec';
import { fakeExchangeTraffic } from './fake-exchange-traffic';
import { createFakeMarketChart } from './fake-market-chart';
import { startFakeRippled, type FakeRippled, type FakeToken } from './fake-rippled';
import { json, startFixtureServer, type FixtureHandler, type FixtureServer } from './fixture-server';
import { ALICE, BOB, RLUSD } from './ledger-accounts';
import { fixture } from './upstream-fixtures';
import type { Db } from '../../src/server/db/client';

const fixturesDir = path.resolve(import.meta.dirname, '../fixtures');
const DAY_MS = 86_400_000;

type Ledger = { result: { ledger: { transactions: Record<string, unknown>[] } } };

/** The recorded Fear & Greed readings, the newest today (alternative.me stamps each day at 00:00 UTC). */
function fearGreedUntilToday(): unknown {
  const recorded = fixture<{ data: Record<string, string>[] }>('fear-greed/fng-limit-3.json');
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  return {
    ...recorded,
    data: recorded.data.map((entry, index) => ({
      ...entry,
      timestamp: String((today - index * DAY_MS) / 1000),
    })),
  };
}

/**
 * The recorded RSS feed with one item more, new every 5 minutes and dated then, so offline dev sees
 * articles arrive at each news sync. Marked as the fake it is.
 */
function withLivingItem(xml: string, price: number): string {
  const slot = Math.floor(Date.now() / 300_000) * 300_000;
  const at = new Date(slot);
  const item = `<item>
      <title>Offline feed: XRP at $${price.toFixed(4)} as of ${at.toISOString().slice(11, 16)} UTC</title>
      <pubDate>${at.toUTCString()}</pubDate>
      <guid>https://example.com/offline/${slot}</guid>
      <link>https://example.com/offline/${slot}</link>
      <description>A made-up article the offline fakes add every 5 minutes (npm run dev without a network).</description>
      <category>XRP</category>
    </item>
    <item>`;
  return xml.replace('<item>', item);
}

/** A JSON request body (the control endpoints' input). */
async function jsonBody(request: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('a JSON object');
  return body as Record<string, unknown>;
}

const dropsOf = (value: unknown, name: string): bigint => {
  if ((typeof value !== 'string' && typeof value !== 'number') || !/^\d+$/.test(String(value)))
    throw new Error(`${name}: drops as a whole number (a string or a number)`);
  return BigInt(value);
};

const tokenOf = (value: unknown): FakeToken => {
  const token = value as Partial<FakeToken> | null;
  if (typeof token?.currency !== 'string' || typeof token.issuer !== 'string')
    throw new Error('token: { currency, issuer }');
  return { currency: token.currency, issuer: token.issuer };
};

/**
 * The fake ledger's controls, over HTTP for the browser tests (their workers are other processes than
 * the one the fakes live in). POST only, JSON bodies; a bad body answers 400 with what was wrong.
 * - `/control/ledger/account` {address, balanceDrops, ownerCount?, lines?: [{token, balance, limit?}]}:
 *   funds (or replaces, history included) an account → 204.
 * - `/control/ledger/pay` {from, to, drops, destinationTag?}: a validated XRP payment in a new
 *   ledger → 200 {hash}.
 * - `/control/ledger/pool` {token: {currency, issuer}, xrpDrops, tokenValue} (or `pool: null`): the
 *   XRP/token AMM pool `amm_info` answers → 204.
 * - `/control/ledger/escrows` {owner, escrows: [{amountDrops, destination?, finishAfter?, cancelAfter?}]}
 *   (times as ISO strings): replaces the escrows the owner funded → 204.
 */
function controlLedger(upstream: FixtureServer, rippled: FakeRippled): void {
  const control =
    (handle: (body: Record<string, unknown>) => unknown): FixtureHandler =>
    async (request, response) => {
      if (request.method !== 'POST') {
        response.writeHead(405, { allow: 'POST' }).end();
        return;
      }
      let result: unknown;
      try {
        result = handle(await jsonBody(request));
      } catch (error) {
        json({ error: (error as Error).message }, 400)(request, response);
        return;
      }
      if (result === undefined) response.writeHead(204).end();
      else json(result)(request, response);
    };
  upstream.route(
    '/control/ledger/account',
    control((body) => {
      const address = String(body.address ?? '');
      if (!isValidClassicAddress(address)) throw new Error('address: a valid classic address');
      const lines = ((body.lines as unknown[] | undefined) ?? []).map((line) => {
        const { token, balance, limit } = (line ?? {}) as Record<string, unknown>;
        return { token: tokenOf(token), balance: String(balance ?? '0'), limit: String(limit ?? '1000000') };
      });
      rippled.setAccount(address, {
        balanceDrops: dropsOf(body.balanceDrops, 'balanceDrops'),
        ownerCount: Number(body.ownerCount ?? lines.length),
        lines,
      });
    }),
  );
  upstream.route(
    '/control/ledger/pay',
    control((body) => {
      const [from, to] = [String(body.from ?? ''), String(body.to ?? '')];
      if (!isValidClassicAddress(from) || !isValidClassicAddress(to))
        throw new Error('from, to: valid classic addresses');
      if (!rippled.account(from)) throw new Error(`from: no account ${from} on the fake ledger`);
      const tag = body.destinationTag;
      const isTag = typeof tag === 'number' && Number.isInteger(tag) && tag >= 0 && tag <= 0xffff_ffff;
      if (tag !== undefined && !isTag) throw new Error('destinationTag: a whole number from 0 to 4294967295');
      const destinationTag = isTag ? tag : undefined;
      return { hash: rippled.pay({ from, to, drops: dropsOf(body.drops, 'drops'), destinationTag }) };
    }),
  );
  upstream.route(
    '/control/ledger/escrows',
    control((body) => {
      const owner = String(body.owner ?? '');
      if (!rippled.account(owner)) throw new Error(`owner: no account ${owner} on the fake ledger`);
      const dateOf = (value: unknown, field: string) => {
        if (value === undefined) return undefined;
        const date = new Date(String(value));
        if (Number.isNaN(date.getTime())) throw new Error(`${field}: an ISO date`);
        return date;
      };
      const escrows = ((body.escrows as unknown[] | undefined) ?? []).map((entry) => {
        const escrow = (entry ?? {}) as Record<string, unknown>;
        const destination = escrow.destination === undefined ? undefined : String(escrow.destination);
        if (destination !== undefined && !isValidClassicAddress(destination))
          throw new Error('destination: a valid classic address');
        return {
          amountDrops: dropsOf(escrow.amountDrops, 'amountDrops'),
          destination,
          finishAfter: dateOf(escrow.finishAfter, 'finishAfter'),
          cancelAfter: dateOf(escrow.cancelAfter, 'cancelAfter'),
        };
      });
      rippled.setEscrows(owner, escrows);
    }),
  );
  upstream.route(
    '/control/ledger/pool',
    control((body) => {
      const token = tokenOf(body.token);
      rippled.setPool(
        token,
        body.pool === null
          ? null
          : { xrpDrops: dropsOf(body.xrpDrops, 'xrpDrops'), tokenValue: String(body.tokenValue ?? '') },
      );
    }),
  );
}

/** The news feeds the fakes serve: path, recorded file, media type. */
export const fakeFeeds = [
  {
    name: 'Offline: Cointelegraph-style',
    path: '/feeds/telegraph.xml',
    file: 'rss/cointelegraph-style.xml',
    type: 'application/rss+xml',
  },
  { name: 'Offline: Atom', path: '/feeds/atom.xml', file: 'rss/atom-feed.xml', type: 'application/atom+xml' },
  {
    name: 'Offline: Policy',
    path: '/feeds/policy.xml',
    file: 'news/regulation.xml',
    type: 'application/rss+xml',
  },
] as const;

export interface FakeUpstreams {
  upstream: FixtureServer;
  rippled: FakeRippled;
  /** The settings that point the app at the fakes. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export interface FakeUpstreamOptions {
  /** A fixed port for the HTTP fakes (feed addresses stored in a database stay valid); default a free one. */
  port?: number;
  /**
   * 'recorded' (tests): each markets call moves the price by 0.0001 and the ledger holds the recorded
   * whales an hour old. 'living' (`npm run dev`): the price wanders, a ledger closes every few seconds
   * and now and then carries a whale payment.
   */
  mode?: 'recorded' | 'living';
}

/**
 * One fake per upstream — CoinGecko, CoinPaprika, alternative.me, XRPScan's names, news feeds (HTTP)
 * and an XRP Ledger server (WebSocket) — answering from the recorded payloads in tests/fixtures (CoinGecko's market
 * chart: a year of history made from the recorded one, fake-market-chart.ts). The browser tests and
 * `npm run dev` with UPSTREAMS=fake use the same ones.
 */
export async function startFakeUpstreams(options: FakeUpstreamOptions = {}): Promise<FakeUpstreams> {
  const living = options.mode === 'living';
  const upstream = await startFixtureServer(options.port ?? 0);
  const markets = fixture<Record<string, unknown>[]>('coingecko/coins-markets-ripple.json');
  let marketCalls = 0;
  let marketBase = 2.0134;
  let livingPrice = Number(markets[0]?.current_price ?? 2);
  upstream.route('/cg/coins/markets', (request, response) => {
    let price: number;
    if (living) {
      livingPrice *= 1 + (Math.random() - 0.5) * 0.01;
      price = Number(livingPrice.toFixed(4));
    } else {
      price = Number((marketBase + marketCalls * 0.0001).toFixed(4));
    }
    marketCalls += 1;
    const quote = { ...markets[0], current_price: price };
    json([living ? { ...quote, last_updated: new Date().toISOString() } : quote])(request, response);
  });
  // The alerts test lifts the price past a target: `?base=2.5` makes every later price start there.
  upstream.route('/control/market-base', (request, response) => {
    marketBase = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('base'));
    response.writeHead(204).end();
  });
  upstream.route('/cg/global', json(fixture('coingecko/global.json')));
  // A year of history at the spacing CoinGecko gives for the days asked (5 minutes, hours, days).
  upstream.route('/cg/coins/ripple/market_chart', createFakeMarketChart().handler);
  upstream.route('/cp/v1/global', json(fixture('coinpaprika/global.json')));
  upstream.route('/cp/v1/tickers/xrp-xrp', json(fixture('coinpaprika/ticker-xrp-xrp.json')));
  upstream.route('/fg/fng/', (request, response) =>
    json(living ? fearGreedUntilToday() : fixture('fear-greed/fng-limit-3.json'))(request, response),
  );
  upstream.route('/xrpscan/names/well-known', json(fixture('xrpscan/well-known-names.json')));
  for (const feed of [
    ...fakeFeeds,
    { path: '/feeds/admin.xml', file: 'rss/atom-feed.xml', type: 'application/atom+xml' },
  ])
    upstream.route(feed.path, (_request, response) => {
      response.writeHead(200, { 'content-type': feed.type });
      const xml = fs.readFileSync(path.join(fixturesDir, feed.file), 'utf8');
      // Offline dev's news moves too: the RSS feed has a new item every 5 minutes.
      response.end(living && feed.path === fakeFeeds[0].path ? withLivingItem(xml, livingPrice) : xml);
    });

  // The recorded ledger: its whales an hour old ('recorded'), or a ledger every few seconds ('living').
  const rippled = await startFakeRippled();
  const recorded = fixture<Ledger>('xrpl/ledger-expanded-apiv2.json').result.ledger.transactions;
  let lastLedger = 99100123;
  for (let index = lastLedger - 30; index < lastLedger; index += 1) rippled.addLedger(index, []);
  const closedAt = new Date(Math.floor(Date.now() / 1000 - (living ? 60 : 3600)) * 1000).toISOString();
  rippled.addLedger(
    lastLedger,
    recorded.map((tx) => ({ ...tx, close_time_iso: closedAt.replace('.000Z', 'Z') })),
    closedAt,
  );
  controlLedger(upstream, rippled);
  let timer: NodeJS.Timeout | null = null;
  if (living) {
    // Two accounts to watch on /portfolio offline: Alice holds RLUSD (priced by its AMM pool), and
    // now and then pays Bob.
    rippled.setAccount(ALICE, {
      balanceDrops: 25_000_000_000n,
      ownerCount: 1,
      lines: [{ token: RLUSD, balance: '1500', limit: '1000000' }],
    });
    rippled.setAccount(BOB, { balanceDrops: 1_200_000_000n });
    rippled.setPool(RLUSD, { xrpDrops: 4_000_000_000_000n, tokenValue: '8800000' });
    // The supply page offline: the account the shipped list names as Ripple's (the RLUSD issuer)
    // holds XRP and, on this fake ledger only, escrows unlocking on the 1st of the coming months.
    rippled.setAccount(RLUSD.issuer, { balanceDrops: 1_234_567_890_000_000n });
    const now = new Date();
    rippled.setEscrows(
      RLUSD.issuer,
      Array.from({ length: 18 }, (_, month) => ({
        amountDrops: BigInt(700 + ((month * 37) % 300)) * 1_000_000n * 1_000_000n,
        finishAfter: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + month + 1, 1)),
      })),
    );
    const exchangeTraffic = fakeExchangeTraffic(rippled);
    const payments = recorded.filter(
      (tx) => (tx.tx_json as { TransactionType?: string } | undefined)?.TransactionType === 'Payment',
    );
    timer = setInterval(() => {
      lastLedger += 1;
      if (Math.random() < 0.1) {
        rippled.pay({
          from: ALICE,
          to: BOB,
          drops: BigInt(Math.floor(1 + Math.random() * 500)) * 1_000_000n,
        });
        return;
      }
      // About one ledger in three moves XRP onto, off or between named exchanges.
      if (Math.random() < 0.35) {
        exchangeTraffic();
        return;
      }
      const at = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
      // About one ledger in five carries a recorded payment again, with a new hash and time.
      const template =
        Math.random() < 0.2 ? payments[Math.floor(Math.random() * payments.length)] : undefined;
      const transactions = template
        ? [
            {
              ...template,
              hash: crypto.randomBytes(32).toString('hex').toUpperCase(),
              ledger_index: lastLedger,
              close_time_iso: at.replace('.000Z', 'Z'),
            },
          ]
        : [];
      rippled.addLedger(lastLedger, transactions, at);
      rippled.closeLedger(lastLedger);
    }, 4000);
    timer.unref();
  }

  return {
    upstream,
    rippled,
    env: {
      COINGECKO_API_BASE: `${upstream.url}/cg`,
      COINPAPRIKA_API_BASE: `${upstream.url}/cp`,
      FEAR_GREED_API_BASE: `${upstream.url}/fg`,
      XRPSCAN_API_BASE: `${upstream.url}/xrpscan`,
      XRPL_WS_URL: rippled.url,
      XRPL_WS_FALLBACK_URL: rippled.url,
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
      OUTBOUND_ONLY_ALLOWED: 'true',
    },
    close: async () => {
      if (timer) clearInterval(timer);
      await rippled.close();
      await upstream.close();
    },
  };
}

/**
 * Points a database's news feeds at the fakes: the fakes' feeds on (by name, so a new port only moves
 * them), every feed elsewhere off. For a database that only ever talks to the fakes (`npm run dev`
 * offline keeps its own DATA_DIR).
 */
export async function useFakeFeeds(db: Db, upstreamUrl: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('rss_feeds')
      .set({ enabled: false })
      .where('name', 'not like', 'Offline: %')
      .execute();
    for (const feed of fakeFeeds) {
      const url = `${upstreamUrl}${feed.path}`;
      const updated = await trx
        .updateTable('rss_feeds')
        .set({ url, enabled: true })
        .where('name', '=', feed.name)
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n)
        await trx
          .insertInto('rss_feeds')
          .values({
            name: feed.name,
            url,
            description: `Recorded payload served by the offline fakes (${feed.file})`,
            feed_type: 'rss',
            category: 'XRP',
            enabled: true,
          })
          .execute();
    }
  });
}
