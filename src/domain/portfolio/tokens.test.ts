import { describe, expect, it } from 'vitest';
import { ammXrpPerToken, bookMidXrpPerToken, currencyName, valueToken } from './tokens';

/** The fixtures' RLUSD (tests/fixtures/xrpl/account-commands-apiv2.json). */
const RLUSD = {
  currency: '524C555344000000000000000000000000000000',
  issuer: 'rMxCKbEDwqr76QuheSUMdEGf4B9xJ8m5De',
};
const SOLO = {
  currency: '534F4C4F00000000000000000000000000000000',
  issuer: 'rsoLo2S1kiGeCcn6hCUXVrCpGMWLrRrLZz',
};

/** amm_info's pool: 2,350,000 XRP against 1,000,000 RLUSD. */
const pool = { amount: '2350000000000', amount2: { ...RLUSD, value: '1000000' } };
/** book_offers: someone gives 2,348.5 XRP for 1,000 RLUSD (buys RLUSD). */
const buying = [{ TakerGets: '2348500000', TakerPays: { ...RLUSD, value: '1000' } }];
/** …and someone gives 1,000 RLUSD for 2,352.5 XRP (sells RLUSD). */
const selling = [{ TakerGets: { ...RLUSD, value: '1000' }, TakerPays: '2352500000' }];

describe('currency codes', () => {
  it('decodes a 40-hex code to its letters and keeps a 3-letter code', () => {
    expect(currencyName(RLUSD.currency)).toBe('RLUSD');
    expect(currencyName(SOLO.currency)).toBe('SOLO');
    expect(currencyName('USD')).toBe('USD');
    // An LP token's code is not text.
    expect(currencyName('039C99CD9AB0B70B32ECDA51EAAE471625608EA2')).toBe('039C99CD…');
  });
});

describe('token prices on the ledger', () => {
  it("takes an AMM pool's spot price, whichever side the token is on", () => {
    expect(ammXrpPerToken(pool, RLUSD)).toBeCloseTo(2.35, 12);
    expect(ammXrpPerToken({ amount: pool.amount2, amount2: pool.amount }, RLUSD)).toBeCloseTo(2.35, 12);
    expect(ammXrpPerToken(pool, SOLO)).toBeNull();
    expect(ammXrpPerToken({ amount: '0', amount2: { ...RLUSD, value: '0' } }, RLUSD)).toBeNull();
  });

  it("takes the order book's mid price, and none from one side alone", () => {
    expect(bookMidXrpPerToken(buying, selling, RLUSD)).toBeCloseTo(2.3505, 12);
    expect(bookMidXrpPerToken(buying, [], RLUSD)).toBeNull();
    expect(bookMidXrpPerToken([], selling, RLUSD)).toBeNull();
  });

  it('prefers the pool, then the book, else says why the token is unvalued', () => {
    expect(valueToken(RLUSD, { pool, buying, selling })).toEqual({
      xrpPerToken: expect.closeTo(2.35, 12),
      source: 'amm',
    });
    expect(valueToken(RLUSD, { pool: null, buying, selling })).toEqual({
      xrpPerToken: expect.closeTo(2.3505, 12),
      source: 'order-book',
    });
    expect(valueToken(SOLO, { pool: null, buying: [], selling: [] })).toEqual({
      xrpPerToken: null,
      reason: 'No XRP/SOLO pool or order book on the ledger',
    });
    expect(valueToken(RLUSD, { pool: null, buying, selling: [] })).toEqual({
      xrpPerToken: null,
      reason: 'No XRP/RLUSD pool, and offers on one side of the order book only',
    });
  });
});
