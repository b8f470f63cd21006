import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

/** The reads kept in memory until a change is announced (ADR 0024), on PGlite and PostgreSQL. */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { READ_CACHE_SECONDS: '60' } });
});
afterAll(async () => app?.close());

/** Runs `change` and resolves once this process heard its announcement. */
async function announced(change: () => Promise<unknown>): Promise<void> {
  let stop: () => void = () => undefined;
  const heard = new Promise<void>((resolve) => {
    stop = app.deps.events.onChange(() => {
      stop();
      resolve();
    });
  });
  await change();
  await heard;
}

const latestPrice = async () =>
  (
    (await (await app.client().market.metrics.$get({ query: {} })).json()) as {
      latest: { price: string } | null;
    }
  ).latest?.price;
const titles = async () =>
  (
    (await (await app.client().news.$get({ query: {} })).json()) as { articles: { title: string }[] }
  ).articles.map((article) => article.title);

describe('reads kept in memory until a change is announced', () => {
  it('market figures: an insert, an update and a delete are each seen at once', async () => {
    await announced(() =>
      app.handle.db.insertInto('crypto_metrics').values({ symbol: 'XRP', price: '2.1000' }).execute(),
    );
    expect(await latestPrice()).toBe('2.1000');
    await announced(() =>
      sql`UPDATE crypto_metrics SET price = 2.15 WHERE price = 2.1`.execute(app.handle.db),
    );
    expect(await latestPrice()).toBe('2.15');
    await announced(() => app.handle.db.deleteFrom('crypto_metrics').execute());
    expect(await latestPrice()).toBeUndefined();
  });

  it('answers from memory while nothing is announced', async () => {
    await announced(() =>
      app.handle.db.insertInto('crypto_metrics').values({ symbol: 'XRP', price: '3.0000' }).execute(),
    );
    expect(await latestPrice()).toBe('3.0000');
    // A change made with the announcing triggers switched off (as if the NOTIFY were lost).
    await app.handle.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await sql`UPDATE crypto_metrics SET price = 9.9`.execute(trx);
    });
    expect(await latestPrice()).toBe('3.0000');
  });

  it("keeps the market figures through a news feed's inserts", async () => {
    await announced(() =>
      app.handle.db.insertInto('crypto_metrics').values({ symbol: 'XRP', price: '4.0000' }).execute(),
    );
    expect(await latestPrice()).toBe('4.0000');
    // Unannounced, as if lost: only a change the figures depend on would show it.
    await app.handle.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await sql`UPDATE crypto_metrics SET price = 4.5`.execute(trx);
    });
    await announced(() =>
      app.handle.db
        .insertInto('news_articles')
        .values({
          title: 'Unrelated story',
          body_text: 'Text',
          url: 'https://example.com/unrelated',
          categories: ['XRP'],
          published_at: new Date(),
        })
        .execute(),
    );
    expect(await latestPrice()).toBe('4.0000');
    await announced(() => app.handle.db.deleteFrom('news_articles').execute());
  });

  it('the news list: a new article and a removed one are seen at once', async () => {
    expect(await titles()).toEqual([]);
    await announced(() =>
      app.handle.db
        .insertInto('news_articles')
        .values({
          title: 'Escrow released',
          body_text: 'One billion XRP',
          url: 'https://example.com/escrow',
          categories: ['XRP'],
          published_at: new Date(),
        })
        .execute(),
    );
    expect(await titles()).toEqual(['Escrow released']);
    await announced(() => app.handle.db.deleteFrom('news_articles').execute());
    expect(await titles()).toEqual([]);
  });

  it('forgets the Fear & Greed answer when a new reading arrives', async () => {
    const latest = async () =>
      (
        (await (await app.client().market['fear-greed'].$get()).json()) as {
          latest: { value: number } | null;
        }
      ).latest?.value;
    expect(await latest()).toBeUndefined();
    await announced(() =>
      app.handle.db
        .insertInto('fear_greed_index')
        .values({ value: 61, value_classification: 'Greed', timestamp: new Date() })
        .execute(),
    );
    expect(await latest()).toBe(61);
  });

  it("a Premium member's chart and whale list: kept for everyone, a new record seen at once", async () => {
    const premium = (await app.signedInUser({ plan: 'premium' })).cookie;
    const member = app.client(premium);
    const prices = async () =>
      (
        (await (await member.market.history.$get({ query: { series: 'price', range: '1d' } })).json()) as {
          points: [number, number][];
        }
      ).points.map(([, value]) => value);
    const hashes = async () =>
      ((await (await member.whales.$get()).json()) as { transactionHash: string }[]).map(
        (whale) => whale.transactionHash,
      );
    expect(await prices()).toEqual([]);
    expect(await hashes()).toEqual([]);
    await announced(() =>
      app.handle.db
        .insertInto('market_history')
        .values({ symbol: 'XRP', ts: new Date(Date.now() - 60_000), price: 2.25, volume_24h: 1e9 })
        .execute(),
    );
    expect(await prices()).toEqual([2.25]);
    await announced(() =>
      app.handle.db
        .insertInto('whale_transactions')
        .values({
          transaction_hash: 'KEPT1',
          amount_xrp: '1500000',
          transaction_timestamp: new Date(),
          from_address: 'rFrom',
          to_address: 'rTo',
        })
        .execute(),
    );
    expect(await hashes()).toEqual(['KEPT1']);
    expect(await prices()).toEqual([2.25]);
    // Unannounced changes (as if the NOTIFY were lost) are not seen: the answers come from memory…
    await app.handle.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await sql`UPDATE market_history SET price = 9.9`.execute(trx);
      await sql`UPDATE whale_transactions SET transaction_hash = 'HIDDEN'`.execute(trx);
    });
    expect([await prices(), await hashes()]).toEqual([[2.25], ['KEPT1']]);
    // …until a change they read is announced: a whale's update and delete (migration 0025) too.
    await announced(() => sql`UPDATE whale_transactions SET amount_xrp = 2000000`.execute(app.handle.db));
    expect(await hashes()).toEqual(['HIDDEN']);
    expect(await prices()).toEqual([9.9]);
    await announced(() => app.handle.db.deleteFrom('whale_transactions').execute());
    expect(await hashes()).toEqual([]);
    // The viewer is still checked on each request: a free member is refused what is kept.
    const free = (await app.signedInUser({ plan: 'free' })).cookie;
    expect((await app.client(free).whales.$get()).status).toBe(403);
  });
});
