import { describe, expect, it } from 'vitest';
import { flowKind, type NamedSide } from '@/domain/known-accounts/flow-kind';
import type { WhalePage, WhaleTransaction } from '@/domain/whales/whales.schema';
import { useTestAppWithPlans } from '../../../../tests/support/test-app-with-plans';

const plans = useTestAppWithPlans();

// Named by the shipped registry: two Binance wallets, one of Kraken's, and Ripple's RLUSD issuer.
const BINANCE = 'rs8ZPbYqgecRcDzQpJYAMhSxSi5htsjnza';
const BINANCE_12 = 'rPJ5GFpyDLv7gqeB1uZVUBwDwi41kaXN5A';
const KRAKEN = 'rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh';
const RIPPLE = 'rMxCKbEDwqr76QuheSUMdEGf4B9xJ8m5De';
const CEFFU = 'rQUp2PKzH3vCtKs5H9tsPPE1rTsN6fhjqn';
const WALLET = 'rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH';
const OTHER_WALLET = 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY';

const at = (iso: string) => new Date(iso);
let counter = 0;
const whale = (from: string, to: string, amount: string, time: string, tag: number | null = null) => ({
  transaction_hash: `H${String((counter += 1)).padStart(63, '0')}`,
  amount_xrp: amount,
  transaction_timestamp: at(time),
  from_address: from,
  to_address: to,
  destination_tag: tag,
});

const history = async (query: Record<string, string> = {}) => {
  const response = await plans.app.client(plans.premium).whales.history.$get({ query });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as WhalePage;
};

describe('each whale payment says who and how much', () => {
  it('names both sides from the registry, with the source of each name, and says what kind it is', async () => {
    const db = plans.app.handle.db;
    await db
      .insertInto('whale_transactions')
      .values([
        whale(WALLET, BINANCE, '25000000', '2026-11-20T10:15:00Z', 104_233_112),
        whale(BINANCE, WALLET, '3000000', '2026-11-20T11:00:00Z'),
        whale(BINANCE, KRAKEN, '2000000', '2026-11-20T12:00:00Z', 7),
        whale(BINANCE, BINANCE_12, '90000000', '2026-11-20T13:00:00Z'),
        whale(RIPPLE, WALLET, '1000000', '2026-11-20T14:00:00Z'),
        whale(WALLET, OTHER_WALLET, '1500000', '2026-11-20T15:00:00Z'),
        whale(CEFFU, OTHER_WALLET, '1200000', '2026-11-20T16:00:00Z'),
      ])
      .execute();
    const { items } = await history();
    const byAmount = (amount: string) => items.find((item) => item.amountXrp === amount)!;
    expect(byAmount('25000000.000000')).toMatchObject({
      from: null,
      to: {
        label: 'Binance',
        entity: 'Binance',
        category: 'exchange',
        sourceName: 'XRPScan account names',
        sourceUrl: `https://xrpscan.com/account/${BINANCE}`,
        checkedAt: null,
      },
      destinationTag: 104_233_112,
      kind: 'exchange_inflow',
    });
    expect(byAmount('3000000.000000').kind).toBe('exchange_outflow');
    expect(byAmount('2000000.000000').kind).toBe('exchange_to_exchange');
    expect(byAmount('90000000.000000')).toMatchObject({
      kind: 'internal',
      from: { label: 'Binance' },
      to: { label: 'Binance 12' },
    });
    expect(byAmount('1000000.000000').kind).toBe('ripple');
    expect(byAmount('1500000.000000')).toMatchObject({ kind: 'wallet_to_wallet', from: null, to: null });
    expect(byAmount('1200000.000000')).toMatchObject({ kind: 'wallet_to_wallet', from: { entity: 'Ceffu' } });
  });

  it('values each at the XRP price stored nearest it within its own hour, and says when there is none', async () => {
    const db = plans.app.handle.db;
    await db
      .insertInto('market_history')
      .values([
        // 10:00–11:00: two readings; 10:15 is nearer 10:14 than 10:59 is.
        { symbol: 'XRP', ts: at('2026-11-20T10:14:00Z'), price: '2.284' },
        { symbol: 'XRP', ts: at('2026-11-20T10:59:00Z'), price: '2.5' },
        // 11:00's hour has only a reading of the hour before's last minute and the next hour's first.
        { symbol: 'XRP', ts: at('2026-11-20T10:59:59Z'), price: '9' },
        { symbol: 'XRP', ts: at('2026-11-20T12:00:00Z'), price: '2.1' },
      ])
      .execute();
    const { items } = await history();
    const inflow = items.find((item) => item.amountXrp === '25000000.000000')!;
    expect(inflow).toMatchObject({
      amountUsd: '57100000.00',
      priceUsd: '2.284',
      priceAt: '2026-11-20T10:14:00.000Z',
    });
    const outflow = items.find((item) => item.amountXrp === '3000000.000000')!;
    expect(outflow).toMatchObject({ amountUsd: null, priceUsd: null, priceAt: null });
    const between = items.find((item) => item.amountXrp === '2000000.000000')!;
    expect(between.amountUsd).toBe('4200000.00');
  });

  it('shows a rename and a retirement at once, in the list and the history alike', async () => {
    const admin = await plans.app.signedInUser({ role: 'admin' });
    const registry = plans.app.client(admin.cookie).admin['known-accounts'][':address'];
    await registry.$patch({ param: { address: KRAKEN }, json: { label: 'Kraken hot wallet' } });
    await registry.$patch({ param: { address: RIPPLE }, json: { retired: true } });
    const latest = (await (await plans.app.client(plans.premium).whales.$get()).json()) as WhaleTransaction[];
    expect(latest.find((item) => item.amountXrp === '2000000.000000')?.to?.label).toBe('Kraken hot wallet');
    const { items } = await history();
    expect(items.find((item) => item.amountXrp === '1000000.000000')).toMatchObject({
      from: null,
      kind: 'wallet_to_wallet',
    });
    await registry.$patch({ param: { address: RIPPLE }, json: { retired: false } });
  });
});

describe('the whole history', () => {
  it('pages newest first with a cursor that neither repeats nor skips a payment', async () => {
    const seen: string[] = [];
    let page = await history({ limit: '3' });
    for (;;) {
      seen.push(...page.items.map((item) => item.id));
      if (!page.nextCursor) break;
      page = await history({ limit: '3', before: page.nextCursor });
    }
    const all = await history({ limit: '100' });
    expect(seen).toEqual(all.items.map((item) => item.id));
    const times = all.items.map((item) => item.transactionTimestamp);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('filters by kind, entity (any case, either side), address, size and time', async () => {
    const kinds = (await history({ kind: 'exchange_inflow' })).items.map((item) => item.kind);
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set(['exchange_inflow']));
    const binance = (await history({ entity: 'binance' })).items;
    expect(binance).toHaveLength(4);
    expect((await history({ address: OTHER_WALLET })).items).toHaveLength(2);
    expect((await history({ minXrp: '20000000' })).items.map((item) => item.amountXrp)).toEqual([
      '90000000.000000',
      '25000000.000000',
    ]);
    const window = await history({ from: '2026-11-20T11:00:00Z', to: '2026-11-20T13:00:00Z' });
    expect(window.items.map((item) => item.transactionTimestamp)).toEqual([
      '2026-11-20T12:00:00.000Z',
      '2026-11-20T11:00:00.000Z',
    ]);
  });

  it('refuses a bad filter or page link with a message, and is Premium only', async () => {
    const client = plans.app.client(plans.premium).whales.history;
    const bad = async (query: Record<string, string>, message: string) => {
      const response = await client.$get({ query });
      expect(response.status).toBe(422);
      expect(await response.text()).toContain(message);
    };
    await bad({ kind: 'sideways' }, 'Unknown kind');
    await bad({ minXrp: 'lots' }, 'Minimum must be a number of XRP');
    await bad({ before: 'garbage' }, 'That page link is not valid: start from the first page');
    // Well-formed JSON the database would refuse: still the same 422, never a 500.
    const crafted = Buffer.from(JSON.stringify(['1', '-'.repeat(36)])).toString('base64url');
    await bad({ before: crafted }, 'That page link is not valid: start from the first page');
    await bad({ address: 'nobody' }, 'must be an XRP Ledger address (r…)');
    expect((await plans.app.client(plans.free).whales.history.$get({ query: {} })).status).toBe(403);
    expect((await plans.app.request('/api/whales/history')).status).toBe(401);
  });
});

describe('the database and the rule agree on every kind', () => {
  it('for each pair of sides: unknown, exchange, Ripple, custodian, and the same entity', async () => {
    const sides: [string, NamedSide | null][] = [
      [WALLET, null],
      [BINANCE, { entity: 'Binance', category: 'exchange' }],
      [BINANCE_12, { entity: 'Binance', category: 'exchange' }],
      [KRAKEN, { entity: 'Kraken', category: 'exchange' }],
      [RIPPLE, { entity: 'Ripple', category: 'ripple' }],
      [CEFFU, { entity: 'Ceffu', category: 'custodian' }],
    ];
    const db = plans.app.handle.db;
    await db.deleteFrom('whale_transactions').execute();
    const expected = new Map<string, string>();
    for (const [from, fromSide] of sides)
      for (const [to, toSide] of sides) {
        const row = whale(from, to, '1000000', '2026-11-21T00:00:00Z');
        expected.set(row.transaction_hash, flowKind(fromSide, toSide));
        await db.insertInto('whale_transactions').values(row).execute();
      }
    const { items } = await history({ limit: '100' });
    expect(items).toHaveLength(expected.size);
    for (const item of items)
      expect(item.kind, item.transactionHash).toBe(expected.get(item.transactionHash));

    // All 36 share one timestamp: pages of 5 still neither repeat nor skip one (the id breaks the tie).
    const paged: string[] = [];
    let page = await history({ limit: '5' });
    for (;;) {
      paged.push(...page.items.map((item) => item.id));
      if (!page.nextCursor) break;
      page = await history({ limit: '5', before: page.nextCursor });
    }
    expect(paged).toEqual(items.map((item) => item.id));
  });
});
