// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FearGreedView, MetricsView } from '@/domain/market/market.schema';
import type { NewsList } from '@/domain/news/news.schema';
import type { WhaleTransaction } from '@/domain/whales/whales.schema';
import { freezeDate } from '../../../../../tests/support/clock';
import { member } from '../../../../../tests/support/members';
import { renderApp } from '../../../../../tests/support/render-app';
import { unnamedWhale } from '../../../../../tests/support/whales';
import { MarketTicker } from './market-ticker';

/** Minutes after the fixtures' latest records (tests/fixtures: coingecko, fear-greed, xrpl, cryptocompare). */
const NOW = new Date('2025-12-12T16:09:30.000Z');

freezeDate(NOW);

/** GET /api/market/metrics?symbol=XRP after a sync of coins-markets-ripple.json. */
const metrics: MetricsView = {
  latest: {
    symbol: 'XRP',
    price: '2.0134',
    priceChange24h: '-1.56308',
    marketCap: '121111815029',
    rank: 4,
    volume24h: '3215448903.27',
    circulatingSupply: '60152883197',
    totalSupply: '99985831712',
    xrpDominance: '3.901095',
    velocity: '0.026549423790734758',
    createdAt: '2025-12-12T16:05:02.318Z',
  },
  previous: null,
  source: {
    name: 'CoinGecko',
    everSucceeded: true,
    lastSuccessAt: '2025-12-12T16:05:02.318Z',
    failingSince: null,
  },
};

/** GET /api/market/fear-greed from fng-limit-3.json. */
const fearGreed: FearGreedView = {
  latest: { value: 38, classification: 'Fear', timestamp: '2025-12-12T00:00:00.000Z' },
  history: {
    day1: { value: 29, classification: 'Fear', timestamp: '2025-12-11T00:00:00.000Z' },
    day7: null,
    day30: null,
  },
  yearHigh: { value: 38, classification: 'Fear', timestamp: '2025-12-12T00:00:00.000Z' },
  yearLow: { value: 22, classification: 'Extreme Fear', timestamp: '2025-12-10T00:00:00.000Z' },
  source: {
    name: 'alternative.me',
    everSucceeded: true,
    lastSuccessAt: '2025-12-12T00:05:03.000Z',
    failingSince: null,
  },
};

/** GET /api/news?limit=2: the two newest of news-v2-latest.json (entities decoded on ingest). */
const headlines: NewsList = {
  articles: [
    {
      id: '7c0b8e4e-3f7a-4f9d-a2a8-91000001aaaa',
      title: 'Fixture: Spot XRP funds log a third week of net inflows',
      text: 'Fixture body.',
      url: 'https://cointelegraph.com/news/fixture-xrp-etf-flows',
      imageUrl: 'https://images.cryptocompare.com/news/default/cointelegraph.png',
      sourceName: 'CoinTelegraph',
      categories: ['XRP', 'MARKET', 'REGULATION'],
      publishedAt: '2025-12-12T14:31:37.000Z',
      dated: true,
    },
    {
      id: '7c0b8e4e-3f7a-4f9d-a2a8-91000002bbbb',
      title: 'Fixture: Validators’ vote on an XRP Ledger amendment nears 80% threshold',
      text: 'Fixture body.',
      url: 'https://u.today/fixture-xrp-ledger-amendment-vote',
      imageUrl: 'https://images.cryptocompare.com/news/default/utoday.png',
      sourceName: 'U.Today',
      categories: ['XRP', 'TECHNOLOGY'],
      publishedAt: '2025-12-12T13:05:12.000Z',
      dated: true,
    },
  ],
  hasMore: true,
};

/** GET /api/whales: the 2.5M XRP payment of ledger-expanded-apiv2.json first. */
const whales: WhaleTransaction[] = [
  {
    id: '0d1c6f1e-9b7a-4c55-8f3e-5a2b1c7d9e01',
    transactionHash: 'C27F25B7D49390FAA57EAAB61D95E9224304701BFC4257A0D0F5755E57506769',
    amountXrp: '2500000.000000',
    transactionTimestamp: '2025-12-12T16:00:00.000Z',
    fromAddress: 'rpexHC5S9a6ez8Wvw9L46miQaUM9PQrdg8',
    toAddress: 'r9iB7gc35rUnCeU4XpYGPQz9RVLCPNVGjk',
    ...unnamedWhale,
  },
];

const answers = {
  'GET /api/market/metrics': metrics,
  'GET /api/market/fear-greed': fearGreed,
  'GET /api/news': headlines,
  'GET /api/whales': whales,
};

const failing = {
  status: 500,
  body: { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } },
};

/** The item on show: its title line and its second line (price and age). */
function shown() {
  const item = screen.getByTestId('ticker-item');
  const title = item.querySelector('.line-clamp-2');
  return [title?.textContent, title?.nextElementSibling?.textContent];
}

/** Every item, by clicking its dot. */
function allItems() {
  return screen.getAllByRole('button', { name: /^Show update \d+ of \d+$/ }).map((dot) => {
    fireEvent.click(dot);
    expect(dot.getAttribute('aria-pressed')).toBe('true');
    return shown();
  });
}

const dotsOf = (count: number) => screen.findByRole('button', { name: `Show update 1 of ${count}` });

describe('the Market Updates ticker', () => {
  it('shows a visitor the real price, Fear & Greed and the newest headlines, each with its age', async () => {
    const view = renderApp(<MarketTicker />, { api: answers });
    await dotsOf(4);
    expect(allItems()).toEqual([
      ['XRP -1.56% in 24h', '$2.0134 · 4 min ago'],
      ['Fear & Greed Index 38: Fear', '16h ago'],
      ['Fixture: Spot XRP funds log a third week of net inflows', '1h ago'],
      ['Fixture: Validators’ vote on an XRP Ledger amendment nears 80% threshold', '3h ago'],
    ]);
    expect(view.requests).toContain('GET /api/news?limit=2');
    expect(view.requests.filter((request) => request.startsWith('GET /api/whales'))).toEqual([]);
  });

  it('shows a Premium member the latest whale payment', async () => {
    const { session, api } = member({ plan: 'premium', timezone: 'Asia/Tokyo' });
    const view = renderApp(<MarketTicker />, { session, api: { ...api, ...answers } });
    await vi.waitFor(() => expect(view.requests).toContain('GET /api/whales'));
    await vi.waitFor(() => expect(allItems()[2]).toEqual(['2.5M XRP moved on the XRP Ledger', '9 min ago']));
    expect(allItems()).toEqual([
      ['XRP -1.56% in 24h', '$2.0134 · 4 min ago'],
      ['Fear & Greed Index 38: Fear', '16h ago'],
      ['2.5M XRP moved on the XRP Ledger', '9 min ago'],
      ['Fixture: Spot XRP funds log a third week of net inflows', '1h ago'],
    ]);
  });

  it('shows a free member no whale payment and never asks for one', async () => {
    const { session, api } = member({ plan: 'free', timezone: 'Asia/Tokyo' });
    const view = renderApp(<MarketTicker />, { session, api: { ...api, ...answers } });
    await vi.waitFor(() => expect(view.requests).toContain('GET /api/subscription/check'));
    await dotsOf(4);
    expect(allItems().map(([title]) => title)).toEqual([
      'XRP -1.56% in 24h',
      'Fear & Greed Index 38: Fear',
      'Fixture: Spot XRP funds log a third week of net inflows',
      'Fixture: Validators’ vote on an XRP Ledger amendment nears 80% threshold',
    ]);
    expect(document.body.textContent).not.toContain('moved on the XRP Ledger');
    expect(view.requests.filter((request) => request.startsWith('GET /api/whales'))).toEqual([]);
  });

  it('moves to the next item every 4 seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    renderApp(<MarketTicker />, { api: answers });
    await dotsOf(4);
    expect(shown()[0]).toBe('XRP -1.56% in 24h');
    act(() => vi.advanceTimersByTime(3_999));
    expect(shown()[0]).toBe('XRP -1.56% in 24h');
    act(() => vi.advanceTimersByTime(1));
    expect(shown()[0]).toBe('Fear & Greed Index 38: Fear');
    expect(screen.getByRole('button', { name: 'Show update 2 of 4' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('says the price has no 24h change rather than a 0.00% one when the source gave none', async () => {
    renderApp(<MarketTicker />, {
      api: {
        ...answers,
        'GET /api/market/metrics': { ...metrics, latest: { ...metrics.latest!, priceChange24h: null } },
      },
    });
    await dotsOf(4);
    expect(shown()).toEqual(['XRP price', '$2.0134 · 4 min ago']);
  });

  it('says "Loading market updates..." until the figures arrive', async () => {
    renderApp(<MarketTicker />, { api: answers });
    expect(screen.getByTestId('ticker-item').textContent).toContain('Loading market updates...');
    await dotsOf(4);
    expect(screen.queryByText('Loading market updates...')).toBeNull();
  });

  it('says there are no market updates yet when nothing is stored', async () => {
    renderApp(<MarketTicker />, {
      api: {
        'GET /api/market/metrics': {
          latest: null,
          previous: null,
          source: { name: 'CoinGecko', everSucceeded: false, lastSuccessAt: null, failingSince: null },
        },
        'GET /api/market/fear-greed': {
          latest: null,
          history: { day1: null, day7: null, day30: null },
          yearHigh: null,
          yearLow: null,
          source: { name: 'alternative.me', everSucceeded: false, lastSuccessAt: null, failingSince: null },
        },
        'GET /api/news': { articles: [], hasMore: false },
      },
    });
    expect(await screen.findByText('No market updates yet')).toBeTruthy();
    expect(
      screen.getByText('The price, Fear & Greed and headlines appear here once they are first fetched.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Show update/ })).toBeNull();
  });

  it('leaves out the price when the metrics fail, never a $0 price', async () => {
    renderApp(<MarketTicker />, { api: { ...answers, 'GET /api/market/metrics': failing } });
    await dotsOf(3);
    const items = allItems();
    expect(items.map(([title]) => title)).toEqual([
      'Fear & Greed Index 38: Fear',
      'Fixture: Spot XRP funds log a third week of net inflows',
      'Fixture: Validators’ vote on an XRP Ledger amendment nears 80% threshold',
    ]);
    expect(document.body.textContent).not.toMatch(/\$0|XRP [+-]?0\.00%/);
  });

  it('says the updates could not be loaded when every request fails, not that none was fetched yet', async () => {
    renderApp(<MarketTicker />, {
      api: {
        'GET /api/market/metrics': failing,
        'GET /api/market/fear-greed': failing,
        'GET /api/news': failing,
      },
    });
    await vi.waitFor(() =>
      expect(screen.getByTestId('ticker-item').textContent).not.toContain('Loading market updates...'),
    );
    const item = screen.getByTestId('ticker-item').textContent;
    expect(item).not.toContain('once they are first fetched');
    expect(item).toMatch(/could not|unable|failed/i);
  });
});
