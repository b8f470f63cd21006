import { DROPS_PER_XRP } from '../xrpl/drops';

/** An amount as the XRP Ledger writes it: drops of XRP as a string, or a token's decimal value. */
export type LedgerAmount = string | { currency: string; issuer: string; value: string };

export interface TokenId {
  currency: string;
  issuer: string;
}

/**
 * A currency code as people read it: a 3-letter code as is; a 40-hex code holding ASCII (RLUSD is
 * 524C5553440000…) decoded without its padding; any other hex code shortened, as explorers do.
 */
export function currencyName(code: string): string {
  if (!/^[0-9A-F]{40}$/i.test(code)) return code;
  const bytes = code.match(/../g)!.map((pair) => Number.parseInt(pair, 16));
  const text = bytes.filter((byte) => byte !== 0);
  if (bytes[0] !== 0 && text.every((byte) => byte >= 0x20 && byte < 0x7f))
    return String.fromCharCode(...text);
  return `${code.slice(0, 8)}…`;
}

const isToken = (amount: LedgerAmount, token: TokenId): amount is Exclude<LedgerAmount, string> =>
  typeof amount !== 'string' && amount.currency === token.currency && amount.issuer === token.issuer;

const xrpOf = (amount: LedgerAmount): number | null =>
  typeof amount === 'string' && /^\d+$/.test(amount) ? Number(BigInt(amount)) / Number(DROPS_PER_XRP) : null;

/**
 * XRP per token from an AMM pool's reserves (`amm_info`'s amount and amount2, in either order): the
 * pool's spot price, the ratio of the two. Null when the pool is not XRP/this token or is empty.
 */
export function ammXrpPerToken(
  pool: { amount: LedgerAmount; amount2: LedgerAmount },
  token: TokenId,
): number | null {
  const [xrpSide, tokenSide] = isToken(pool.amount2, token)
    ? [pool.amount, pool.amount2]
    : isToken(pool.amount, token)
      ? [pool.amount2, pool.amount]
      : [null, null];
  if (xrpSide === null || tokenSide === null || typeof tokenSide === 'string') return null;
  const xrp = xrpOf(xrpSide);
  const tokens = Number(tokenSide.value);
  return xrp && tokens > 0 && Number.isFinite(tokens) ? xrp / tokens : null;
}

/** One `book_offers` offer: what its owner gives (TakerGets) and wants (TakerPays). */
export interface BookOffer {
  TakerGets: LedgerAmount;
  TakerPays: LedgerAmount;
}

/** XRP per token at the best offer of one side of the book, or null when the side is empty. */
function bestXrpPerToken(offers: readonly BookOffer[], token: TokenId): number | null {
  const best = offers[0];
  if (!best) return null;
  const [xrpAmount, tokenAmount] = isToken(best.TakerPays, token)
    ? [best.TakerGets, best.TakerPays]
    : isToken(best.TakerGets, token)
      ? [best.TakerPays, best.TakerGets]
      : [null, null];
  if (xrpAmount === null || tokenAmount === null || typeof tokenAmount === 'string') return null;
  const xrp = xrpOf(xrpAmount);
  const tokens = Number(tokenAmount.value);
  return xrp && tokens > 0 ? xrp / tokens : null;
}

/**
 * XRP per token at the order book's mid price: halfway between the best offer buying the token with
 * XRP (`book_offers` taker_gets XRP, taker_pays token) and the best selling it for XRP (the other
 * way). One side alone is not a price anyone agreed on: null.
 */
export function bookMidXrpPerToken(
  buying: readonly BookOffer[],
  selling: readonly BookOffer[],
  token: TokenId,
): number | null {
  const bid = bestXrpPerToken(buying, token);
  const ask = bestXrpPerToken(selling, token);
  return bid !== null && ask !== null ? (bid + ask) / 2 : null;
}

/** What a token is worth, or why it is shown unvalued. */
export type TokenValuation =
  { xrpPerToken: number; source: 'amm' | 'order-book' } | { xrpPerToken: null; reason: string };

/** The pool's price when XRP/token has one, else the order book's mid price, else unvalued and why. */
export function valueToken(
  token: TokenId,
  market: {
    pool: { amount: LedgerAmount; amount2: LedgerAmount } | null;
    buying: readonly BookOffer[];
    selling: readonly BookOffer[];
  },
): TokenValuation {
  const fromPool = market.pool ? ammXrpPerToken(market.pool, token) : null;
  if (fromPool !== null) return { xrpPerToken: fromPool, source: 'amm' };
  const fromBook = bookMidXrpPerToken(market.buying, market.selling, token);
  if (fromBook !== null) return { xrpPerToken: fromBook, source: 'order-book' };
  const oneSide = market.buying.length > 0 || market.selling.length > 0;
  return {
    xrpPerToken: null,
    reason: oneSide
      ? `No XRP/${currencyName(token.currency)} pool, and offers on one side of the order book only`
      : `No XRP/${currencyName(token.currency)} pool or order book on the ledger`,
  };
}
