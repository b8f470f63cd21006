// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartHistoryView } from '@/domain/market/market.schema';
import type { Preferences } from '@/domain/preferences/preferences.schema';
import { stubCanvas } from '../../../../../tests/support/canvas';
import { freezeDate } from '../../../../../tests/support/clock';
import { member } from '../../../../../tests/support/members';
import { holdAnswers, renderApp } from '../../../../../tests/support/render-app';
import { ChartsCard } from './charts-card';
import { widgetUrl } from './price-widget';

/** Three minutes after the last point of tests/fixtures/coingecko/market-chart-ripple-7d.json. */
const NOW = new Date('2025-12-12T16:07:00.000Z');

freezeDate(NOW);
beforeEach(stubCanvas);
afterEach(() => {
  localStorage.clear();
});

/** GET /api/market/history for 30D: the last hourly records of market-chart-ripple-7d.json. */
const history = (series: 'price' | 'volume'): ChartHistoryView => ({
  series,
  range: '30d',
  points:
    series === 'price'
      ? [
          [1765540800000, 2.0198],
          [1765551600000, 2.0187],
          [1765555451000, 2.0134],
        ]
      : [
          [1765540800000, 3086830947.139],
          [1765551600000, 3183294414.237],
          [1765555451000, 3215448903.27],
        ],
  bucketMs: 14_400_000,
  since: '2025-12-12T09:00:00.000Z',
  candles:
    series === 'price'
      ? {
          bucketMs: 86_400_000,
          bars: [{ time: 1765497600000, open: 2.0412, high: 2.0412, low: 2.0134, close: 2.0134, records: 8 }],
        }
      : null,
});

const WIDGET_TITLE = 'XRP/USD price chart by TradingView (COINBASE:XRPUSD, daily)';

/** The charts card of a Premium member; `probe` answers the request to TradingView's origin. */
function renderPremium(
  probe: unknown = { status: 200, body: {} },
  themePreference: Preferences['themePreference'] = 'light',
) {
  const { session, api } = member({
    plan: 'premium',
    timezone: 'Asia/Tokyo',
    preferences: { themePreference },
  });
  return renderApp(<ChartsCard />, {
    session,
    api: {
      ...api,
      'GET /api/market/history': (request: Request) =>
        history(new URL(request.url).searchParams.get('series') === 'volume' ? 'volume' : 'price'),
      // The probe goes to https://s.tradingview.com/widgetembed/ (render-app keys by path alone).
      'GET /widgetembed/': probe,
    },
  });
}

const probes = (requests: string[]) => requests.filter((request) => request.startsWith('GET /widgetembed/'));

describe("TradingView's widget on the price chart", () => {
  it('is COINBASE:XRPUSD, daily, in the theme asked for', () => {
    const light = new URL(widgetUrl('light'));
    expect(light.origin).toBe('https://s.tradingview.com');
    expect(light.pathname).toBe('/widgetembed/');
    expect(light.searchParams.get('symbol')).toBe('COINBASE:XRPUSD');
    expect(light.searchParams.get('interval')).toBe('D');
    expect(light.searchParams.get('theme')).toBe('light');
    expect(new URL(widgetUrl('dark')).searchParams.get('theme')).toBe('dark');
  });

  it('is not loaded, nor its origin asked, until the member picks it: our chart is the default', async () => {
    const view = renderPremium();
    await screen.findByTestId('chart-canvas');
    expect(screen.queryByTitle(WIDGET_TITLE)).toBeNull();
    expect(screen.getByRole('button', { name: 'TradingView' }).getAttribute('aria-pressed')).toBe('false');
    expect(probes(view.requests)).toEqual([]);
  });

  it('replaces our chart once its origin answers, in the light theme', async () => {
    const view = renderPremium();
    await screen.findByTestId('chart-canvas');
    fireEvent.click(screen.getByRole('button', { name: 'TradingView' }));
    const frame = await screen.findByTitle(WIDGET_TITLE);
    expect(frame.getAttribute('src')).toBe(widgetUrl('light'));
    expect(screen.queryByTestId('chart-canvas')).toBeNull();
    expect(probes(view.requests)).toEqual(['GET /widgetembed/']);

    fireEvent.click(screen.getByRole('button', { name: 'TradingView' }));
    expect(await screen.findByTestId('chart-canvas')).toBeTruthy();
    expect(screen.queryByTitle(WIDGET_TITLE)).toBeNull();
  });

  it("follows the member's dark theme", async () => {
    renderPremium({ status: 200, body: {} }, 'dark');
    await screen.findByTestId('chart-canvas');
    await vi.waitFor(() => expect(document.documentElement.classList.contains('dark')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'TradingView' }));
    expect((await screen.findByTitle(WIDGET_TITLE)).getAttribute('src')).toBe(widgetUrl('dark'));
  });

  it('says "TradingView…" while its origin is being asked', async () => {
    renderPremium();
    await screen.findByTestId('chart-canvas');
    const release = holdAnswers('/widgetembed/');
    fireEvent.click(screen.getByRole('button', { name: 'TradingView' }));
    expect(await screen.findByRole('button', { name: 'TradingView…' })).toBeTruthy();
    expect(screen.getByTestId('chart-canvas')).toBeTruthy();
    release();
    expect(await screen.findByTitle(WIDGET_TITLE)).toBeTruthy();
  });

  it('keeps our chart and says why when TradingView cannot be reached', async () => {
    renderPremium(() => {
      throw new TypeError('Failed to fetch');
    });
    await screen.findByTestId('chart-canvas');
    fireEvent.click(screen.getByRole('button', { name: 'TradingView' }));
    expect((await screen.findByTestId('widget-unreachable')).textContent).toBe(
      'TradingView could not be reached from this network; this is our own chart of the stored price.',
    );
    expect(screen.queryByTitle(WIDGET_TITLE)).toBeNull();
    expect(screen.getByTestId('chart-legend').textContent).toBe(
      'Dec 13, 1:04 AM GMT+9Price $2.013424h volume $3.2B',
    );
  });
});
