import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekKey } from '@/domain/analysis/analysis.schema';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { listWeeks, weekReport } from './analysis.service';

let app: TestApp;
const now = new Date('2026-11-25T12:00:00Z'); // Wednesday of 2026-W48
const premium = { isPremium: true, now };

beforeAll(async () => {
  app = await createTestApp();
  const db = app.handle.db;
  // Two weeks ago: only the backfilled daily history; last week: history and live metrics.
  await db
    .insertInto('market_history')
    .values([
      { symbol: 'XRP', ts: '2026-11-10T00:00:00Z', price: '2.00' },
      { symbol: 'XRP', ts: '2026-11-15T00:00:00Z', price: '2.10' },
      { symbol: 'XRP', ts: '2026-11-16T00:00:00Z', price: '2.20' },
      { symbol: 'XRP', ts: '2026-11-18T00:00:00Z', price: '1.90' },
      { symbol: 'BTC', ts: '2026-11-18T00:00:00Z', price: '90000' },
    ])
    .execute();
  await db
    .insertInto('crypto_metrics')
    .values([
      { symbol: 'XRP', price: '2.50', created_at: '2026-11-20T09:00:00Z' },
      { symbol: 'XRP', price: '2.31', created_at: '2026-11-22T23:59:00Z' },
      { symbol: 'XRP', price: '2.40', created_at: '2026-11-24T10:00:00Z' },
    ])
    .execute();
  await db
    .insertInto('fear_greed_index')
    .values([
      { value: 40, value_classification: 'Fear', timestamp: '2026-11-17T00:00:00Z' },
      { value: 61, value_classification: 'Greed', timestamp: '2026-11-22T00:00:00Z' },
    ])
    .execute();
  await db
    .insertInto('whale_transactions')
    .values(
      [3_000_000, 5_000_000].map((amount, index) => ({
        transaction_hash: String(index).repeat(64),
        amount_xrp: String(amount),
        transaction_timestamp: new Date(`2026-11-1${7 + index}T12:00:00Z`),
        from_address: 'rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH',
        to_address: 'rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh',
      })),
    )
    .execute();
  await db
    .insertInto('news_articles')
    .values([
      {
        title: 'Older story',
        url: 'https://example.com/a',
        categories: ['XRP'],
        published_at: '2026-11-17T08:00:00Z',
      },
      {
        title: 'Newer story',
        url: 'https://example.com/b',
        categories: ['XRP'],
        published_at: '2026-11-21T08:00:00Z',
      },
      {
        title: 'This week',
        url: 'https://example.com/c',
        categories: ['XRP'],
        published_at: '2026-11-24T08:00:00Z',
      },
    ])
    .execute();
});
afterAll(async () => app?.close());

describe('weekly market summaries', () => {
  it('sums up a week from history and live prices, Fear & Greed, whales and headlines', async () => {
    const report = await weekReport(app.handle.db, '2026-W47', premium);
    expect(report).toMatchObject({
      week: '2026-W47',
      start: '2026-11-16T00:00:00.000Z',
      end: '2026-11-23T00:00:00.000Z',
      complete: true,
      price: { open: 2.2, close: 2.31, high: 2.5, low: 1.9 },
      fearGreed: { average: 51, latest: { value: 61, classification: 'Greed' } },
      whales: { count: 2, volumeXrp: 8_000_000, largestXrp: 5_000_000 },
      locked: false,
      daily: [
        { day: '2026-11-16', close: 2.2 },
        { day: '2026-11-18', close: 1.9 },
        { day: '2026-11-20', close: 2.5 },
        { day: '2026-11-22', close: 2.31 },
      ],
      previous: '2026-W46',
      next: '2026-W48',
    });
    // The change runs from the previous week's close (2.10) to this week's (2.31).
    expect(report!.price.changePercent).toBeCloseTo(10, 6);
    expect(report!.headlines.map((headline) => headline.title)).toEqual(['Newer story', 'Older story']);
  });

  it('lists every week from the one in progress back to the first price, newest first', async () => {
    const list = await listWeeks(app.handle.db, 1, premium);
    expect(list.total).toBe(3);
    expect(list.weeks.map((week) => [week.week, week.complete])).toEqual([
      ['2026-W48', false],
      ['2026-W47', true],
      ['2026-W46', true],
    ]);
    expect(list.weeks[2]!.price).toMatchObject({ open: 2, close: 2.1 });
    expect(list.weeks[2]!.price.changePercent).toBeCloseTo(5, 6);
  });

  it('has no page for a week before the first price or in the future', async () => {
    expect(await weekReport(app.handle.db, '2026-W45', premium)).toBeNull();
    expect(await weekReport(app.handle.db, '2026-W49', premium)).toBeNull();
    expect((await weekReport(app.handle.db, '2026-W46', premium))!.previous).toBeNull();
  });

  it('answers over HTTP: 404 for a week without data, 422 for a key that is not a week', async () => {
    const current = weekKey(new Date());
    const weeks = app.client().analysis.weeks;
    const ok = await weeks.$get({ query: {} });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { weeks: { week: string }[] }).weeks[0]?.week).toBe(current);
    const missing = await weeks[':week'].$get({ param: { week: '2020-W10' } });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe(
      'There is no market data for this week.',
    );
    expect((await weeks[':week'].$get({ param: { week: '2025-W53' } })).status).toBe(422);
  });
});

describe('what each role gets over HTTP', () => {
  type Week = {
    week: string;
    locked: boolean;
    price: { open: number | null; close: number | null; changePercent: number | null };
    fearGreed: { average: number | null };
    whales: { count: number; volumeXrp: number } | null;
    daily?: { day: string; close: number }[] | null;
    headlines?: { title: string }[];
  };
  const current = weekKey(new Date());
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    // A price and a whale transfer in the week in progress, the first of the list.
    await app.handle.db.insertInto('crypto_metrics').values({ symbol: 'XRP', price: '2.45' }).execute();
    await app.handle.db
      .insertInto('whale_transactions')
      .values({
        transaction_hash: 'F'.repeat(64),
        amount_xrp: '7000000',
        transaction_timestamp: new Date(),
        from_address: 'rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH',
        to_address: 'rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh',
      })
      .execute();
    cookies.free = (await app.signedInUser()).cookie;
    cookies.premium = (await app.signedInUser({ plan: 'premium' })).cookie;
    cookies.complimentary = (await app.signedInUser({ plan: 'complimentary' })).cookie;
  });

  /** The list of weeks, or one week when `week` is given. */
  const get = async (week: string | null, role: string) => {
    const weeks = app.client(role === 'anonymous' ? undefined : cookies[role]).analysis.weeks;
    const response = week ? await weeks[':week'].$get({ param: { week } }) : await weeks.$get({ query: {} });
    expect(response.status).toBe(200);
    const text = await response.text();
    return { text, body: JSON.parse(text), cacheControl: response.headers.get('cache-control') };
  };

  for (const role of ['anonymous', 'free']) {
    it(`${role}: the weeks' price and Fear & Greed, but no whale statistics`, async () => {
      const { body, text, cacheControl } = await get(null, role);
      const weeks = body.weeks as Week[];
      expect(weeks[0]).toMatchObject({ week: current, locked: true, whales: null, price: { close: 2.45 } });
      const w47 = weeks.find((week) => week.week === '2026-W47');
      if (w47) expect(w47).toMatchObject({ price: { open: 2.2, close: 2.31 }, fearGreed: { average: 51 } });
      for (const week of weeks) expect(week.whales).toBeNull();
      expect(text).not.toMatch(/volumeXrp|7000000|8000000/);
      expect(cacheControl).toBe('public, max-age=60');
    });

    it(`${role}: a week's figures and headlines, but neither daily closes nor whales`, async () => {
      const { body, text, cacheControl } = await get('2026-W47', role);
      expect(body).toMatchObject({
        week: '2026-W47',
        locked: true,
        price: { open: 2.2, close: 2.31, high: 2.5, low: 1.9 },
        fearGreed: { average: 51, latest: { value: 61, classification: 'Greed' } },
        whales: null,
        daily: null,
        previous: '2026-W46',
      });
      expect((body as Week).headlines?.map((headline) => headline.title)).toEqual([
        'Newer story',
        'Older story',
      ]);
      expect(text).not.toMatch(/volumeXrp|5000000|"day"/);
      expect(cacheControl).toBe('public, max-age=3600');
    });
  }

  for (const role of ['premium', 'complimentary']) {
    it(`${role}: whale statistics in the list and daily closes in a week`, async () => {
      const list = await get(null, role);
      expect((list.body.weeks as Week[])[0]).toMatchObject({
        week: current,
        locked: false,
        whales: { count: 1, volumeXrp: 7_000_000 },
      });
      expect(list.cacheControl).toBe('private, max-age=60');
      const week = await get('2026-W47', role);
      expect(week.body).toMatchObject({
        locked: false,
        whales: { count: 2, volumeXrp: 8_000_000, largestXrp: 5_000_000 },
        daily: [
          { day: '2026-11-16', close: 2.2 },
          { day: '2026-11-18', close: 1.9 },
          { day: '2026-11-20', close: 2.5 },
          { day: '2026-11-22', close: 2.31 },
        ],
      });
      expect(week.cacheControl).toBe('private, max-age=3600');
    });
  }
});
