// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartHistoryView, FearGreedHistoryView } from '@/domain/market/market.schema';
import type { Preferences } from '@/domain/preferences/preferences.schema';
import { stubCanvas } from '../../../../../tests/support/canvas';
import { freezeDate } from '../../../../../tests/support/clock';
import { member } from '../../../../../tests/support/members';
import { holdAnswers, renderApp, ZoneProbe, zoneApplied } from '../../../../../tests/support/render-app';
import { ChartsCard } from './charts-card';

/** Three minutes after the last point of tests/fixtures/coingecko/market-chart-ripple-7d.json. */
const NOW = new Date('2025-12-12T16:07:00.000Z');

freezeDate(NOW);
beforeEach(stubCanvas);

/**
 * GET /api/market/history for 30D, as the server buckets the hourly records of
 * market-chart-ripple-7d.json (09:00 to 16:04:11 UTC on Dec 12): one point per 4-hour bucket, the
 * bucket's last record at its own second; the price with its one daily candle.
 */
const history: Record<string, ChartHistoryView> = {
  price: {
    series: 'price',
    range: '30d',
    points: [
      [1765540800000, 2.0198],
      [1765551600000, 2.0187],
      [1765555451000, 2.0134],
    ],
    bucketMs: 14_400_000,
    since: '2025-12-12T09:00:00.000Z',
    candles: {
      bucketMs: 86_400_000,
      bars: [{ time: 1765497600000, open: 2.0412, high: 2.0412, low: 2.0134, close: 2.0134, records: 8 }],
    },
  },
  volume: {
    series: 'volume',
    range: '30d',
    points: [
      [1765540800000, 3086830947.139],
      [1765551600000, 3183294414.237],
      [1765555451000, 3215448903.27],
    ],
    bucketMs: 14_400_000,
    since: '2025-12-12T09:00:00.000Z',
    candles: null,
  },
  market_cap: {
    series: 'market_cap',
    range: '30d',
    points: [
      [1765540800000, 121496793481.301],
      [1765551600000, 121430625309.784],
      [1765555451000, 121111815028.84],
    ],
    bucketMs: 14_400_000,
    since: '2025-12-12T09:00:00.000Z',
    candles: null,
  },
  dominance: {
    series: 'dominance',
    range: '30d',
    points: [
      [1765540800000, 3.9123],
      [1765551600000, 3.9077],
      [1765555451000, 3.901095],
    ],
    bucketMs: 14_400_000,
    since: '2025-12-12T09:00:00.000Z',
    candles: null,
  },
};

/** GET /api/market/fear-greed/history?range=1y: the readings of fng-limit-3.json, one per UTC day. */
const fearGreedHistory: FearGreedHistoryView = {
  range: '1y',
  points: [
    { day: '2025-12-10', value: 22, classification: 'Extreme Fear' },
    { day: '2025-12-11', value: 29, classification: 'Fear' },
    { day: '2025-12-12', value: 38, classification: 'Fear' },
  ],
  since: '2025-12-10T00:00:00.000Z',
};

const bySeries = (request: Request) =>
  history[new URL(request.url).searchParams.get('series') ?? ''] ?? { status: 422, body: {} };

function renderPremium(api: Record<string, unknown> = {}, timezone: Preferences['timezone'] = 'Asia/Tokyo') {
  const { session, api: memberApi } = member({ plan: 'premium', timezone });
  return renderApp(
    <>
      <ChartsCard />
      <ZoneProbe />
    </>,
    {
      session,
      api: {
        ...memberApi,
        'GET /api/market/history': bySeries,
        'GET /api/market/fear-greed/history': fearGreedHistory,
        ...api,
      },
    },
  );
}

const legend = async () => (await screen.findByTestId('chart-legend')).textContent;

/**
 * vi.waitFor gives up after a second; a chart's first draw on a CI machine whose cores also run other
 * test files can take longer. Five seconds, as Testing Library's own waits (dom-setup.ts).
 */
const waitLong = <T,>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 5000 });

describe('the charts card', () => {
  it("shows a Premium member the price chart's latest price, volume and time in the member's zone", async () => {
    const view = renderPremium();
    expect(await screen.findByRole('tab', { name: 'Price Chart', selected: true })).toBeTruthy();
    // 16:04:11 UTC is 1:04 AM on Dec 13 in Tokyo.
    await waitLong(async () =>
      expect(await legend()).toBe('Dec 13, 1:04 AM GMT+9Price $2.013424h volume $3.2B'),
    );
    expect(screen.getByTestId('chart-canvas').getAttribute('aria-label')).toBe(
      'XRP price in US dollars, 3 points over 30D, with 24h volume below; latest $2.0134 at Dec 13, 1:04 AM',
    );
    expect(screen.getByTestId('history-since').textContent).toBe('History since December 12, 2025');
    expect(view.requests).toContain('GET /api/market/history?series=price&range=30d');
    expect(view.requests).toContain('GET /api/market/history?series=volume&range=30d');
  });

  it('shows the daily candle with its open, high, low and close', async () => {
    renderPremium();
    await screen.findByTestId('chart-canvas');
    fireEvent.click(screen.getByRole('button', { name: 'Candles' }));
    // The candle of Dec 12 UTC starts at 9:00 AM in Tokyo.
    await waitLong(async () =>
      expect(await legend()).toBe(
        'Dec 12, 9:00 AM GMT+9O $2.0412H $2.0412L $2.0134C $2.01341d candle · 8 records24h volume $3.2B',
      ),
    );
    expect(screen.getByTestId('chart-canvas').getAttribute('data-mode')).toBe('candles');
  });

  it('shows the market cap and the dominance on their tabs', async () => {
    const view = renderPremium({}, 'Europe/Paris');
    await screen.findByTestId('chart-canvas');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Market Cap' }), { button: 0 });
    const marketCap = await screen.findByRole('tabpanel', { name: 'Market Cap' });
    // 16:04:11 UTC is 5:04 PM in Paris.
    await waitLong(() =>
      expect(within(marketCap).getByTestId('chart-legend').textContent).toBe(
        'Dec 12, 5:04 PM GMT+1Market cap $121.1B',
      ),
    );
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Marketcap Dominance' }), { button: 0 });
    const dominance = await screen.findByRole('tabpanel', { name: 'Marketcap Dominance' });
    await waitLong(() =>
      expect(within(dominance).getByTestId('chart-legend').textContent).toBe(
        'Dec 12, 5:04 PM GMT+1Dominance 3.90%',
      ),
    );
    expect(view.requests).toContain('GET /api/market/history?series=market_cap&range=30d');
    expect(view.requests).toContain('GET /api/market/history?series=dominance&range=30d');
  });

  it('shows the Fear & Greed history by its UTC days', async () => {
    renderPremium({}, 'America/New_York');
    await screen.findByTestId('chart-canvas');
    await zoneApplied('America/New_York');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Fear & Greed' }), { button: 0 });
    const panel = await screen.findByRole('tabpanel', { name: 'Fear & Greed' });
    await waitLong(() =>
      expect(within(panel).getByTestId('chart-legend').textContent).toBe('December 12, 2025Index 38Fear'),
    );
    expect(within(panel).getByTestId('history-since').textContent).toBe('History since December 10, 2025');
  });

  it('shows "Loading chart..." until the price history arrives', async () => {
    const view = renderPremium();
    const release = holdAnswers('/api/market/history');
    expect(await screen.findByText('Loading chart...')).toBeTruthy();
    expect(screen.queryByTestId('chart-legend')).toBeNull();
    release();
    await screen.findByTestId('chart-legend');
    expect(screen.queryByText('Loading chart...')).toBeNull();
    expect(view.requests).toContain('GET /api/market/history?series=price&range=30d');
  });

  it('says there is no chart data yet for a range with no stored record', async () => {
    renderPremium({
      'GET /api/market/history': (request: Request) => ({
        ...bySeries(request),
        points: [],
        since: null,
        candles: { bucketMs: 86_400_000, bars: [] },
      }),
    });
    expect(await screen.findByText('No chart data for this range yet')).toBeTruthy();
    expect(screen.getByText('History fills in as the market data syncs.')).toBeTruthy();
    expect(screen.queryByTestId('chart-canvas')).toBeNull();
  });

  it('says the chart could not be loaded, with the reason, and loads it again on "Try Again"', async () => {
    let failing = true;
    const view = renderPremium({
      'GET /api/market/history': (request: Request) =>
        failing && new URL(request.url).searchParams.get('series') === 'price'
          ? {
              status: 500,
              body: {
                error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
              },
            }
          : bySeries(request),
    });
    expect(
      await screen.findByText(
        'Could not load the chart: Something went wrong on our side. Please try again.',
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId('chart-canvas')).toBeNull();
    expect(screen.queryByText(/\$0\.0000/)).toBeNull();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitLong(async () =>
      expect(await legend()).toBe('Dec 13, 1:04 AM GMT+9Price $2.013424h volume $3.2B'),
    );
    expect(
      view.requests.filter((request) => request === 'GET /api/market/history?series=price&range=30d'),
    ).toHaveLength(2);
  });

  it('shows the price without its volume when the volume fails: "—" and why, never $0', async () => {
    renderPremium({
      'GET /api/market/history': (request: Request) =>
        new URL(request.url).searchParams.get('series') === 'volume'
          ? {
              status: 500,
              body: {
                error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
              },
            }
          : bySeries(request),
    });
    expect(
      await screen.findByText(
        'The 24h volume could not be loaded: Something went wrong on our side. Please try again.',
      ),
    ).toBeTruthy();
    expect(await legend()).toBe('Dec 13, 1:04 AM GMT+9Price $2.013424h volume —');
  });

  it('shows a free member the teaser, no chart, and never asks for chart data', async () => {
    const { session, api } = member({ plan: 'free', timezone: 'Asia/Tokyo' });
    const view = renderApp(<ChartsCard />, {
      session,
      api: {
        ...api,
        'GET /api/market/history': bySeries,
        'GET /api/market/fear-greed/history': fearGreedHistory,
      },
    });
    await waitLong(() => expect(view.requests).toContain('GET /api/subscription/check'));
    const teaser = screen.getByTestId('charts-teaser');
    expect(within(teaser).getByText('Advanced charting is a Premium feature')).toBeTruthy();
    expect(within(teaser).getByRole('link', { name: 'Unlock Charts' }).getAttribute('href')).toBe(
      '/membership',
    );
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByTestId('chart-legend')).toBeNull();
    expect(document.body.textContent).not.toContain('$2.0134');
    expect(view.requests.filter((request) => request.includes('history'))).toEqual([]);
  });
});

describe('the charts card below the first screen', () => {
  /** A browser's IntersectionObserver, moved by the test: the card is far off screen until `bringNear`. */
  function farFromScreen() {
    const observers: { callback: IntersectionObserverCallback; margin?: string }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          observers.push({ callback, margin: options?.rootMargin });
        }
        observe() {}
        unobserve() {}
        disconnect() {}
        takeRecords() {
          return [];
        }
      },
    );
    return {
      observers,
      bringNear: () =>
        act(() => {
          for (const { callback } of observers)
            callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
        }),
    };
  }
  const historyAsked = (requests: string[]) => requests.filter((request) => request.includes('history'));

  it('loads no chart and asks for no history until the card comes near the screen', async () => {
    const { observers, bringNear } = farFromScreen();
    const view = renderPremium();
    expect(await screen.findByRole('tab', { name: 'Price Chart', selected: true })).toBeTruthy();
    await waitLong(() => expect(view.requests).toContain('GET /api/subscription/check'));
    // What the card shows meanwhile is what it shows while a chart loads.
    expect(within(screen.getByRole('tabpanel')).getByRole('status').textContent).toBe('Loading chart...');
    expect(screen.queryByTestId('chart-canvas')).toBeNull();
    expect(historyAsked(view.requests)).toEqual([]);
    expect(observers.map((observer) => observer.margin)).toEqual(['300px']);

    bringNear();
    await waitLong(async () =>
      expect(await legend()).toBe('Dec 13, 1:04 AM GMT+9Price $2.013424h volume $3.2B'),
    );
    expect(historyAsked(view.requests)).toEqual([
      'GET /api/market/history?series=price&range=30d',
      'GET /api/market/history?series=volume&range=30d',
    ]);
  });

  it("loads the chart at the reader's first key, before Tab reaches it", async () => {
    farFromScreen();
    const view = renderPremium();
    await screen.findByRole('tab', { name: 'Price Chart', selected: true });
    expect(historyAsked(view.requests)).toEqual([]);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(await screen.findByTestId('chart-canvas')).toBeTruthy();
    expect(historyAsked(view.requests)).toContain('GET /api/market/history?series=price&range=30d');
  });
});
