import { describe, expect, it } from 'vitest';
import { buildTickerItems, sampleTickerItems } from './ticker';

const format = {
  price: (value: string | number) => `$${Number(value).toFixed(4)}`,
  percent: (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(2)}%`,
  amount: (value: string | number) => `${Number(value) / 1e6}M`,
  relative: () => 'Just now',
};

describe('buildTickerItems (SPEC §2 Home ticker)', () => {
  it('shows the SPEC sample items until there is live data', () => {
    expect(buildTickerItems({ price: null, whale: null, headlines: [] }, format)).toEqual(sampleTickerItems);
  });

  it('builds 4 items from the latest price, whale transaction and headlines', () => {
    const items = buildTickerItems(
      {
        price: { price: '2.0134', changePercent24h: -1.56, at: '2026-11-23T00:00:00Z' },
        whale: { id: 'w1', amountXrp: '25000000', at: '2026-11-23T00:00:00Z' },
        headlines: [
          { id: 'n1', title: 'Bank pilots XRP', at: '2026-11-23T00:00:00Z' },
          { id: 'n2', title: 'XRPL amendment passes', at: '2026-11-23T00:00:00Z' },
        ],
      },
      format,
    );
    expect(items.map((item) => [item.type, item.title, item.price ?? null, item.trend ?? null])).toEqual([
      ['price', 'XRP -1.56% in 24h', '$2.0134', 'down'],
      ['whale', '25M XRP moved on the XRP Ledger', null, null],
      ['news', 'Bank pilots XRP', null, null],
      ['news', 'XRPL amendment passes', null, null],
    ]);
  });

  it('keeps the sample whale item for viewers without whale access, and fills gaps with samples', () => {
    const items = buildTickerItems(
      { price: { price: 2, changePercent24h: null, at: 'x' }, whale: null, headlines: [] },
      format,
    );
    expect(items).toHaveLength(4);
    expect(items[0]).toMatchObject({ title: 'XRP price', trend: 'up' });
    expect(items.slice(1)).toEqual([sampleTickerItems[1], sampleTickerItems[2], sampleTickerItems[3]]);
  });
});
