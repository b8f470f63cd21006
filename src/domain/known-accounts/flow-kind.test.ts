import { describe, expect, it } from 'vitest';
import { flowKind, likelyExchange, LSF_REQUIRE_DEST_TAG, type NamedSide } from './flow-kind';

const binance: NamedSide = { entity: 'Binance', category: 'exchange' };
const kraken: NamedSide = { entity: 'Kraken', category: 'exchange' };
const ripple: NamedSide = { entity: 'Ripple', category: 'ripple' };
const bitgo: NamedSide = { entity: 'BitGo', category: 'custodian' };

describe('what kind of flow a payment is', () => {
  it('counts payments onto, off and between exchanges by who received and who sent', () => {
    expect(flowKind(null, binance)).toBe('exchange_inflow');
    expect(flowKind(binance, null)).toBe('exchange_outflow');
    expect(flowKind(binance, kraken)).toBe('exchange_to_exchange');
    expect(flowKind(bitgo, kraken)).toBe('exchange_inflow');
  });

  it('calls two accounts of one entity an internal transfer, even between two exchange wallets', () => {
    expect(flowKind(binance, { ...binance })).toBe('internal');
    expect(flowKind(ripple, { ...ripple })).toBe('internal');
  });

  it('lets an exchange side decide before Ripple: Ripple selling onto an exchange is an inflow', () => {
    expect(flowKind(ripple, binance)).toBe('exchange_inflow');
    expect(flowKind(binance, ripple)).toBe('exchange_outflow');
    expect(flowKind(ripple, null)).toBe('ripple');
    expect(flowKind(bitgo, ripple)).toBe('ripple');
  });

  it('leaves everything else between wallets, named or not', () => {
    expect(flowKind(null, null)).toBe('wallet_to_wallet');
    expect(flowKind(bitgo, null)).toBe('wallet_to_wallet');
  });
});

describe('the ledger evidence of an exchange', () => {
  it('needs both the destination-tag flag and many different tags received', () => {
    const flags = LSF_REQUIRE_DEST_TAG | 0x0080_0000;
    expect(likelyExchange({ flags, distinctTagsReceived: 20 })).toBe(true);
    expect(likelyExchange({ flags, distinctTagsReceived: 19 })).toBe(false);
    expect(likelyExchange({ flags: 0x0080_0000, distinctTagsReceived: 500 })).toBe(false);
  });
});
