import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortfolioSummary } from '@/domain/portfolio/portfolio.schema';
import { ALICE, BOB } from '../../../../tests/support/ledger-accounts';
import { startFakeRippled, type FakeRippled } from '../../../../tests/support/fake-rippled';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

const DAY = 86_400_000;
const now = Date.now();
const daysAgo = (days: number) => new Date(now - days * DAY);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
/** The stored price k days ago: 1.50 a month ago rising 0.03 a day to 2.40 yesterday. */
const priceDaysAgo = (days: number) => Number((2.4 - (days - 1) * 0.03).toFixed(4));
const LATEST_PRICE = 2.5;

let rippled: FakeRippled;
let app: TestApp;
let member: { cookie: string; userId: string };

beforeAll(async () => {
  rippled = await startFakeRippled();
  rippled.addLedger(99_100_124, []);
  // Alice is created by Bob's payment 25 days ago and pays 100 XRP back 5 days ago (12 drops fee):
  // the ledger history reaches her creation, so her balance is known all the way back.
  rippled.setAccount(BOB, { balanceDrops: 10_000_000_000n });
  rippled.pay({ from: BOB, to: ALICE, drops: 500_000_000n, at: daysAgo(25).toISOString() });
  rippled.pay({ from: ALICE, to: BOB, drops: 100_000_000n, at: daysAgo(5).toISOString() });
  app = await createTestApp({ env: { XRPL_WS_URL: rippled.url, XRPL_WS_FALLBACK_URL: rippled.url } });
  const { db } = app.handle;
  await db
    .insertInto('market_history')
    .values(
      Array.from({ length: 30 }, (_, index) => ({
        symbol: 'XRP',
        ts: new Date(now - (index + 1) * DAY - 5 * 60_000),
        price: priceDaysAgo(index + 1),
      })),
    )
    .execute();
  const latestAt = new Date(now - 60_000);
  await db
    .insertInto('market_history')
    .values({ symbol: 'XRP', ts: latestAt, price: LATEST_PRICE })
    .execute();
  await db
    .insertInto('crypto_metrics')
    .values({ symbol: 'XRP', price: String(LATEST_PRICE), created_at: latestAt })
    .execute();
  member = await app.signedInUser({ plan: 'premium' });
  const api = app.client(member.cookie).portfolio;
  expect((await api.accounts.$post({ json: { address: ALICE, label: 'Ledger wallet' } })).status).toBe(201);
  const lot = (amountXrp: string, acquiredOn: string, costUsdPerXrp: string) =>
    api.lots.$post({ json: { amountXrp, acquiredOn, costUsdPerXrp, note: '' } });
  expect((await lot('1000', isoDay(daysAgo(10)), '2')).status).toBe(201);
  expect((await lot('200', isoDay(daysAgo(3)), '')).status).toBe(201);
});

afterAll(async () => {
  await app.close();
  await rippled.close();
});

const summaryOf = async (cookie: string, range: '7d' | '30d' | '1y' = '30d') => {
  const response = await app.client(cookie).portfolio.$get({ query: { range } });
  expect(response.status).toBe(200);
  return (await response.json()) as PortfolioSummary;
};

describe('GET /api/portfolio', () => {
  it('totals the ledger account and the lots at the latest synced price', async () => {
    const summary = await summaryOf(member.cookie);
    expect(summary).toMatchObject({
      priceUsd: LATEST_PRICE,
      accountsXrp: '399.999988',
      lotsXrp: '1200',
      totalXrp: '1599.999988',
      // 1 XRP base reserve (the fake's voted value), no owned objects.
      lockedXrp: '1',
      accountCount: 1,
      lotCount: 2,
    });
    expect(summary.valueUsd).toBeCloseTo(1599.999988 * LATEST_PRICE, 6);
    expect(summary.asOf).not.toBeNull();
  });

  it('states average-cost P&L of the lots that have a cost, and leaves the others out of it', async () => {
    const { pnl, pnlNote } = await summaryOf(member.cookie);
    expect(pnlNote).toBeNull();
    expect(pnl).toMatchObject({
      coveredXrp: '1000',
      uncoveredXrp: '200',
      costBasisUsd: 2000,
      averageCostUsd: 2,
    });
    expect(pnl?.unrealisedUsd).toBeCloseTo(500, 9);
    expect(pnl?.unrealisedPercent).toBeCloseTo(25, 9);
  });

  it('splits the XRP between the account and the manual holdings', async () => {
    const { allocation } = await summaryOf(member.cookie);
    expect(allocation.map(({ label, xrp }) => [label, xrp])).toEqual([
      ['Ledger wallet', '399.999988'],
      ['Manual holdings', '1200'],
    ]);
    expect(allocation[0]!.percent).toBeCloseTo((399.999988 / 1599.999988) * 100, 6);
  });

  it('values what was held at each stored price: the balance rebuilt from the ledger, lots from their day', async () => {
    const { series } = await summaryOf(member.cookie);
    expect(series.note).toBeNull();
    const at = (days: number) =>
      series.points.find((point) => Math.abs(Date.parse(point.at) - (now - days * DAY - 5 * 60_000)) < 1000);
    // 20 days ago: Alice's 500 XRP only.
    expect(at(20)).toMatchObject({ xrp: 500, priceUsd: priceDaysAgo(20) });
    expect(at(20)!.valueUsd).toBeCloseTo(500 * priceDaysAgo(20), 6);
    // 7 days ago: the 1000 XRP lot bought 10 days ago counts too.
    expect(at(7)!.xrp).toBe(1500);
    // Yesterday: after Alice paid 100 XRP (and its fee), and with the 200 XRP lot.
    expect(at(1)!.xrp).toBeCloseTo(1599.999988, 6);
    // 27 days ago Alice did not exist and nothing else was held: a true zero, not a gap.
    expect(at(27)).toMatchObject({ xrp: 0, valueUsd: 0 });
  });

  it('gives the change over 24 hours from the value a day ago', async () => {
    const { change24h } = await summaryOf(member.cookie, '1y');
    expect(change24h?.usd).toBeCloseTo(1599.999988 * (LATEST_PRICE - priceDaysAgo(1)), 6);
    expect(change24h?.percent).toBeCloseTo(((LATEST_PRICE - priceDaysAgo(1)) / priceDaysAgo(1)) * 100, 6);
  });

  it('counts an account whose ledger history did not reach back since it was added, and says so', async () => {
    const { db } = app.handle;
    // As when account_tx ended before the account's creation: known only from when it was added.
    await db
      .updateTable('watched_accounts')
      .set({ history_from: sql<Date>`created_at` })
      .execute();
    const { series, change24h } = await summaryOf(member.cookie);
    expect(series.note).toBe(
      'Ledger wallet counts since you added it: the ledger history did not reach further back',
    );
    // Every stored price is older than the account's adding: only the lots are counted then.
    const at = (days: number) =>
      series.points.find((point) => Math.abs(Date.parse(point.at) - (now - days * DAY - 5 * 60_000)) < 1000);
    expect(at(20)).toMatchObject({ xrp: 0, valueUsd: 0 });
    expect(at(7)!.xrp).toBe(1000);
    expect(at(1)!.xrp).toBe(1200);
    expect(change24h).not.toBeNull();
    await db
      .updateTable('watched_accounts')
      .set({ history_from: new Date(0) })
      .execute();
  });

  it('is the member’s own: another member sees an empty portfolio with the reasons', async () => {
    const other = await app.signedInUser({ plan: 'premium' });
    expect(await summaryOf(other.cookie)).toMatchObject({
      accountCount: 0,
      lotCount: 0,
      totalXrp: '0',
      allocation: [],
      pnl: null,
      pnlNote:
        'Profit and loss covers manual holdings with a cost per XRP: add a holding with its cost to see it',
      change24h: null,
      change24hNote: 'Nothing held yet',
      asOf: null,
      // No line of zeros before anything was entered.
      series: { points: [], startsAt: null, note: null },
    });
  });

  it('is Premium: a free member is refused, a visitor must sign in, an unknown range is a 422', async () => {
    const free = await app.signedInUser();
    expect((await app.client(free.cookie).portfolio.$get({ query: {} })).status).toBe(403);
    expect((await app.client().portfolio.$get({ query: {} })).status).toBe(401);
    const bad = await app.request('/api/portfolio?range=5y', { cookie: member.cookie });
    expect(bad.status).toBe(422);
  });
});

describe('GET /api/v1/portfolio', () => {
  it('answers the key owner’s own portfolio, and no one else’s', async () => {
    const created = await app.client(member.cookie).developer.keys.$post({ json: { name: 'sheet' } });
    const { key } = (await created.json()) as { key: string };
    const response = await app.request('/api/v1/portfolio?range=7d', {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as PortfolioSummary;
    expect(body).toMatchObject({ totalXrp: '1599.999988', series: { range: '7d' } });

    const other = await app.signedInUser({ plan: 'premium' });
    const otherKey = await app.client(other.cookie).developer.keys.$post({ json: { name: 'x' } });
    const theirs = await app.request('/api/v1/portfolio', {
      headers: { authorization: `Bearer ${((await otherKey.json()) as { key: string }).key}` },
    });
    expect(((await theirs.json()) as PortfolioSummary).totalXrp).toBe('0');
    expect((await app.request('/api/v1/portfolio')).status).toBe(401);
  });
});
