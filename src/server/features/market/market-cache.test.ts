import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { MARKET_CACHE_SECONDS: '60' } });
});
afterAll(async () => app?.close());

/** Resolves when this process hears the next change announcement. */
const announced = () =>
  new Promise<void>((resolve) => {
    const stop = app.deps.events.onChange(() => {
      stop();
      resolve();
    });
  });

const latestPrice = async () =>
  ((await (await app.request('/api/market/metrics')).json()) as { latest: { price: string } | null }).latest
    ?.price;

describe('the market figures kept in memory', () => {
  it('answers from memory until a new row is announced, then from the database', async () => {
    const first = announced();
    await app.handle.db.insertInto('crypto_metrics').values({ symbol: 'XRP', price: '2.1000' }).execute();
    await first;
    expect(await latestPrice()).toBe('2.1000');

    // A change nobody announces (no insert) is not seen: the answer comes from memory.
    await sql`UPDATE crypto_metrics SET price = 9.9 WHERE price = 2.1`.execute(app.handle.db);
    expect(await latestPrice()).toBe('2.1000');

    // A sync's insert is announced to every process (NOTIFY); the next answer has the new row.
    const second = announced();
    await app.handle.db.insertInto('crypto_metrics').values({ symbol: 'XRP', price: '2.2000' }).execute();
    await second;
    expect(await latestPrice()).toBe('2.2000');
  });

  it('forgets the Fear & Greed answer when a new reading arrives', async () => {
    const latest = async () =>
      ((await (await app.request('/api/market/fear-greed')).json()) as { latest: { value: number } | null })
        .latest?.value;
    expect(await latest()).toBeUndefined();
    const change = announced();
    await app.handle.db
      .insertInto('fear_greed_index')
      .values({ value: 61, value_classification: 'Greed', timestamp: new Date() })
      .execute();
    await change;
    expect(await latest()).toBe(61);
  });
});
