import { describe, expect, it } from 'vitest';
import { exchangeFlowEntries } from './exchange-flow';
import type { NamedSide } from './flow-kind';

const binance: NamedSide = { entity: 'Binance', category: 'exchange' };
const kraken: NamedSide = { entity: 'Kraken', category: 'exchange' };
const ripple: NamedSide = { entity: 'Ripple', category: 'ripple' };

describe("an exchange's flows from one payment", () => {
  it('is an inflow of the receiving exchange and an outflow of the sending one', () => {
    expect(exchangeFlowEntries(null, binance, 5n)).toEqual([
      { entity: 'Binance', direction: 'in', drops: 5n },
    ]);
    expect(exchangeFlowEntries(ripple, binance, 5n)).toEqual([
      { entity: 'Binance', direction: 'in', drops: 5n },
    ]);
    expect(exchangeFlowEntries(binance, null, 7n)).toEqual([
      { entity: 'Binance', direction: 'out', drops: 7n },
    ]);
  });

  it('between two exchanges is one out and one in, so the total nets to zero', () => {
    expect(exchangeFlowEntries(binance, kraken, 9n)).toEqual([
      { entity: 'Binance', direction: 'out', drops: 9n },
      { entity: 'Kraken', direction: 'in', drops: 9n },
    ]);
  });

  it('is nothing between two accounts of one exchange, whatever the case of the name', () => {
    expect(exchangeFlowEntries(binance, { entity: 'BINANCE', category: 'exchange' }, 9n)).toEqual([]);
  });

  it('is nothing when no side is a named exchange', () => {
    expect(exchangeFlowEntries(ripple, null, 9n)).toEqual([]);
    expect(exchangeFlowEntries(null, null, 9n)).toEqual([]);
  });
});
