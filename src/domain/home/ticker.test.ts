import { describe, expect, it } from 'vitest';
import { buildTickerItems } from './ticker';

const format = {
  price: (value: string | number) => `$${Number(value).toFixed(4)}`,
  percent: (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(2)}%`,
  amount: (value: string | number) => `${Number(value) / 1e6}M`,
  age: (at: string) => `age of ${at}`,
};
const none = { price: null, fearGreed: null, whale: null, headlines: [] };

describe('buildTickerItems (the home ticker, real items only)', () => {
  it('has no item at all before anything is stored: no sample shown as live', () => {
    expect(buildTickerItems(none, format)).toEqual([]);
  });

  it('builds up to 4 items from the price, Fear & Greed, the whale move and headlines, each with its own age', () => {
    const items = buildTickerItems(
      {
        price: { price: '2.0134', changePercent24h: -1.56, at: 'p' },
        fearGreed: { value: 38, classification: 'Fear', at: 'f' },
        whale: { id: 'w1', amountXrp: '25000000', at: 'w' },
        headlines: [
          { id: 'n1', title: 'Bank pilots XRP', at: 'n1' },
          { id: 'n2', title: 'XRPL amendment passes', at: 'n2' },
        ],
      },
      format,
    );
    expect(
      items.map((item) => [item.type, item.title, item.price ?? null, item.trend ?? null, item.time]),
    ).toEqual([
      ['price', 'XRP -1.56% in 24h', '$2.0134', 'down', 'age of p'],
      ['fear-greed', 'Fear & Greed Index 38: Fear', null, null, 'age of f'],
      ['whale', '25M XRP moved on the XRP Ledger', null, null, 'age of w'],
      ['news', 'Bank pilots XRP', null, null, 'age of n1'],
    ]);
  });

  it('gives visitors without whale access the headlines instead, and a flat or unknown change no trend', () => {
    const items = buildTickerItems(
      {
        ...none,
        price: { price: 2, changePercent24h: 0.001, at: 'p' },
        headlines: [
          { id: 'n1', title: 'One', at: 'n1', dated: true },
          { id: 'n2', title: 'Two', at: 'n2', dated: false },
        ],
      },
      format,
    );
    expect(items.map((item) => item.type)).toEqual(['price', 'news', 'news']);
    // The feed gave no date: the age is of when the article was first seen, and it says so.
    expect(items[2]!.time).toMatch(/^undated, first seen /);
    expect(items[1]!.time).not.toMatch(/undated/);
    expect(items[0]!.trend).toBeUndefined();
    expect(
      buildTickerItems({ ...none, price: { price: 2, changePercent24h: null, at: 'p' } }, format)[0],
    ).toMatchObject({
      title: 'XRP price',
    });
  });
});
