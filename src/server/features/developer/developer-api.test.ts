import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
  // Some data for every endpoint to describe.
  await app.handle.db
    .insertInto('crypto_metrics')
    .values({ symbol: 'XRP', price: '2.1234', market_cap: '120000000000' })
    .execute();
  await app.handle.db
    .insertInto('fear_greed_index')
    .values({ value: 61, value_classification: 'Greed', timestamp: new Date() })
    .execute();
  await app.handle.db
    .insertInto('whale_transactions')
    .values({
      transaction_hash: 'F'.repeat(64),
      amount_xrp: '2500000',
      transaction_timestamp: new Date(),
      from_address: 'rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH',
      to_address: 'rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh',
    })
    .execute();
  await app.handle.db
    .insertInto('news_articles')
    .values({
      title: 'Ledger news',
      url: 'https://example.com/ledger',
      categories: ['XRP'],
      published_at: new Date(),
    })
    .execute();
  await app.handle.db
    .insertInto('domino_events')
    .values({ date: '2026-11-01', institution: 'Example Bank', event: 'Pilot', display_order: 1 })
    .execute();
});
afterAll(async () => {
  await app?.close();
});

const keysApi = (cookie?: string) => app.client(cookie).developer.keys;
const call = (path: string, key?: string) =>
  app.request(`/api/v1${path}`, key ? { headers: { authorization: `Bearer ${key}` } } : {});

async function newKey(cookie: string, name = 'my bot') {
  const response = await keysApi(cookie).$post({ json: { name } });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; key: string; prefix: string };
}

describe('API keys', () => {
  it('are Premium: free users and visitors cannot create or list them', async () => {
    const free = await app.signedInUser();
    expect((await keysApi(free.cookie).$post({ json: { name: 'x' } })).status).toBe(403);
    expect((await keysApi().$get()).status).toBe(401);
  });

  it('are shown once, stored hashed, listed with last use and daily usage, and revoked at once', async () => {
    const user = await app.signedInUser({ plan: 'premium' });
    const created = await newKey(user.cookie);
    expect(created.key).toMatch(/^xrpr_[\w-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const stored = await app.handle.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(created.key);

    expect((await call('/metrics', created.key)).status).toBe(200);
    expect((await call('/fear-greed', created.key)).status).toBe(200);
    const { keys } = (await (await keysApi(user.cookie).$get()).json()) as { keys: unknown[] };
    expect(keys).toEqual([
      expect.objectContaining({
        id: created.id,
        name: 'my bot',
        lastUsedAt: expect.any(String),
        usage: [{ day: expect.any(String), requests: 2 }],
      }),
    ]);
    expect(JSON.stringify(keys)).not.toContain(created.key);

    expect((await keysApi(user.cookie)[':id'].$delete({ param: { id: created.id } })).status).toBe(204);
    const revoked = await call('/metrics', created.key);
    expect(revoked.status).toBe(401);
    expect((await revoked.json()).error.message).toBe('Invalid or revoked API key');
    const other = await app.signedInUser({ plan: 'premium' });
    expect((await keysApi(other.cookie)[':id'].$delete({ param: { id: created.id } })).status).toBe(404);
  });

  it('stop working the moment the owner is no longer Premium, and work again when they are', async () => {
    const user = await app.signedInUser({ plan: 'premium' });
    const { key } = await newKey(user.cookie);
    await app.handle.db
      .updateTable('profiles')
      .set({ subscription_plan: 'free' })
      .where('user_id', '=', user.userId)
      .execute();
    const refused = await call('/metrics', key);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toBe('API access requires Premium.');
    await app.handle.db
      .updateTable('profiles')
      .set({ subscription_plan: 'complimentary' })
      .where('user_id', '=', user.userId)
      .execute();
    expect((await call('/metrics', key)).status).toBe(200);
  });

  it('a request without a key, or with a made-up one, is 401', async () => {
    expect((await call('/metrics')).status).toBe(401);
    expect((await call('/metrics', 'xrpr_made-up')).status).toBe(401);
  });
});

describe('the v1 rate limit', () => {
  it('allows 60 requests a minute per key with RateLimit headers, then 429 with Retry-After', async () => {
    const user = await app.signedInUser({ plan: 'premium' });
    const { key } = await newKey(user.cookie);
    const first = await call('/whales/stats', key);
    expect(first.headers.get('ratelimit-limit')).toBe('60');
    expect(first.headers.get('ratelimit-remaining')).toBe('59');
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    for (let index = 1; index < 60; index += 1) expect((await call('/whales/stats', key)).status).toBe(200);
    const limited = await call('/whales/stats', key);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another key of the same owner has its own budget.
    const second = await newKey(user.cookie, 'second');
    expect((await call('/whales/stats', second.key)).status).toBe(200);
  });
});

describe('the v1 OpenAPI description', () => {
  it('describes every endpoint, and every answer matches its schema', async () => {
    const docResponse = await app.request('/api/v1/openapi.json');
    expect(docResponse.status).toBe(200);
    const doc = (await docResponse.json()) as {
      openapi: string;
      paths: Record<
        string,
        {
          get: {
            security: unknown;
            responses: Record<string, { content: { 'application/json': { schema: object } } }>;
          };
        }
      >;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes).toHaveProperty('apiKey');
    const paths = Object.keys(doc.paths).sort();
    expect(paths).toEqual([
      '/domino-events',
      '/fear-greed',
      '/metrics',
      '/metrics/history',
      '/news',
      '/portfolio',
      '/whales',
      '/whales/stats',
    ]);

    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ ...doc, $id: 'openapi' });
    const user = await app.signedInUser({ plan: 'premium' });
    const { key } = await newKey(user.cookie, 'schema check');
    for (const path of paths) {
      const operation = doc.paths[path]!.get;
      expect(operation.security, path).toEqual([{ apiKey: [] }]);
      const schema = JSON.parse(
        JSON.stringify(operation.responses['200']!.content['application/json'].schema).replaceAll(
          '"#/components',
          '"openapi#/components',
        ),
      );
      const validate = ajv.compile(schema);
      const response = await call(path, key);
      expect(response.status, path).toBe(200);
      const body = await response.json();
      expect(validate(body), `${path}: ${JSON.stringify(validate.errors)}`).toBe(true);
      // A shape the schema must refuse, so the check can fail.
      expect(validate({ unexpected: true }) && validate(null), path).toBe(false);
    }
  });
});
