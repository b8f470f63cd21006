// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MetricsView } from '@/domain/market/market.schema';
import { toast } from '@/web/lib/toast';
import { freezeDate } from '../../../../../tests/support/clock';
import { member } from '../../../../../tests/support/members';
import { renderApp } from '../../../../../tests/support/render-app';
import { MetricsGrid } from './metrics-grid';

/** Two minutes after the sync that stored the fixtures' row (tests/fixtures/coingecko). */
const NOW = new Date('2025-12-12T16:07:00.000Z');

freezeDate(NOW);
afterEach(() => {
  vi.restoreAllMocks();
});

const coingecko = {
  name: 'CoinGecko',
  everSucceeded: true,
  lastSuccessAt: '2025-12-12T16:05:02.318Z',
  failingSince: null,
};

/**
 * GET /api/market/metrics?symbol=XRP after a sync of coins-markets-ripple.json and global.json
 * (numeric columns travel as decimal strings), compared with the record of 24 hours before.
 */
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
  previous: {
    xrpDominance: '3.9508',
    velocity: '0.02318447256860984',
    volume24h: '2874550120.5',
    createdAt: '2025-12-11T16:04:12.000Z',
    basis: 'record',
  },
  source: coingecko,
};

/** One card by its title: its value, the lines under it, its 24h change. */
function card(title: string) {
  const element = screen.getByRole('heading', { name: title }).closest('[data-testid="metric-card"]');
  if (!(element instanceof HTMLElement)) throw new Error(`No metric card "${title}"`);
  const lines = [...element.querySelectorAll('p')].map((line) => line.textContent);
  return {
    element,
    value: element.querySelector('[data-testid="metric-value"]')?.textContent,
    lines,
    change: within(element).queryByTestId('metric-change'),
    asOf: lines.at(-1),
  };
}

const failure = (status: number, message: string) => ({
  status,
  body: { error: { code: status === 502 ? 'bad_gateway' : 'internal', message } },
});

describe('the six metric cards', () => {
  it('show each figure as the app formats it, with its signed 24h change', async () => {
    renderApp(<MetricsGrid />, { api: { 'GET /api/market/metrics': metrics } });
    await screen.findByTestId('metrics-grid');

    const price = card('Current Price');
    expect(price.value).toBe('$2.0134');
    expect(price.change?.textContent).toContain('-1.56%');
    expect(price.change?.className).toContain('red');
    expect(price.change?.getAttribute('title')).toBe('CoinGecko’s 24-hour change');

    const marketCap = card('Market Cap');
    expect(marketCap.value).toBe('$121.1B');
    expect(marketCap.lines).toContain('Rank #4');
    expect(marketCap.change).toBeNull();

    const volume = card('24h Volume');
    expect(volume.value).toBe('$3.2B');
    expect(volume.change?.textContent).toContain('+11.86%');
    expect(volume.change?.className).toContain('emerald');

    const supply = card('Circulating Supply');
    expect(supply.value).toBe('60.2B XRP');
    expect(supply.lines).toContain('of 100.0B total (60.15%)');

    const dominance = card('XRP Dominance');
    expect(dominance.value).toBe('3.90%');
    expect(dominance.change?.textContent).toContain('-1.26%');

    const velocity = card('Velocity');
    expect(velocity.value).toBe('2.65%');
    expect(velocity.lines).toContain('24h turnover (volume ÷ market cap)');
    expect(velocity.change?.textContent).toContain('+14.51%');
  });

  it("say as of when, and what the change was compared with, in the member's time zone", async () => {
    const { session, api } = member({ timezone: 'Asia/Tokyo' });
    const view = renderApp(<MetricsGrid />, {
      session,
      api: { ...api, 'GET /api/market/metrics': metrics },
    });
    await screen.findByTestId('metrics-grid');
    await vi.waitFor(() => expect(view.requests).toContain('GET /api/preferences'));
    // 16:05 UTC is 1:05 AM the next day in Tokyo (where it is already Dec 13: the time alone).
    await vi.waitFor(() => expect(card('Current Price').asOf).toBe('As of 1:05 AM'));
    for (const title of ['Market Cap', '24h Volume', 'Circulating Supply', 'XRP Dominance', 'Velocity'])
      expect(card(title).asOf).toBe('As of 1:05 AM');
    expect(card('24h Volume').change?.getAttribute('title')).toBe(
      'Compared with the record of Dec 12, 1:04 AM',
    );
  });

  it('mark the figures stale, with their time, when no sync has stored a row for a while', async () => {
    vi.setSystemTime(new Date('2025-12-12T16:47:00.000Z'));
    const { session, api } = member({ timezone: 'Europe/London' });
    renderApp(<MetricsGrid />, { session, api: { ...api, 'GET /api/market/metrics': metrics } });
    await screen.findByTestId('metrics-grid');
    await vi.waitFor(() => expect(card('Current Price').asOf).toBe('Stale · as of 4:05 PM'));
    expect(card('Current Price').value).toBe('$2.0134');
  });

  it('show six placeholders and "Loading market data..." until the metrics arrive', async () => {
    renderApp(<MetricsGrid />, { api: { 'GET /api/market/metrics': metrics } });
    const loading = screen.getByRole('status');
    expect(loading.textContent).toBe('Loading market data...');
    expect(loading.querySelectorAll('[aria-hidden="true"]')).toHaveLength(6);
    expect(screen.queryByText(/\$/)).toBeNull();
    await screen.findByTestId('metrics-grid');
    expect(screen.queryByText('Loading market data...')).toBeNull();
  });

  it('say "No market data available yet" before the first sync', async () => {
    renderApp(<MetricsGrid />, {
      api: {
        'GET /api/market/metrics': {
          latest: null,
          previous: null,
          source: { name: 'CoinGecko', everSucceeded: false, lastSuccessAt: null, failingSince: null },
        },
      },
    });
    expect(await screen.findByText('No market data available yet')).toBeTruthy();
    expect(screen.getByTestId('metrics-unavailable').textContent).toBe(
      'Data will appear once the first sync completes',
    );
    expect(screen.queryByTestId('metric-card')).toBeNull();
  });

  it("name the failing source and since when, in the member's zone, before any figure is known", async () => {
    const { session, api } = member({ timezone: 'America/Los_Angeles' });
    renderApp(<MetricsGrid />, {
      session,
      api: {
        ...api,
        'GET /api/market/metrics': {
          latest: null,
          previous: null,
          source: {
            name: 'CoinGecko',
            everSucceeded: false,
            lastSuccessAt: null,
            failingSince: '2025-12-12T14:30:00.000Z',
          },
        },
      },
    });
    const note = await screen.findByTestId('metrics-unavailable');
    await vi.waitFor(() =>
      expect(note.textContent).toBe('Not available yet — CoinGecko unreachable since Dec 12, 6:30 AM'),
    );
    expect(screen.queryByText(/\$0|0\.00%/)).toBeNull();
  });

  it('say "Failed to load market data" when the API fails, toast why, and load again on "Try Again"', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    let calls = 0;
    const view = renderApp(<MetricsGrid />, {
      api: {
        'GET /api/market/metrics': () =>
          ++calls === 1 ? failure(502, 'The market data service did not answer') : metrics,
      },
    });
    expect(await screen.findByText('Failed to load market data')).toBeTruthy();
    expect(screen.queryByTestId('metric-card')).toBeNull();
    expect(screen.queryByText(/\$0|0\.00%/)).toBeNull();
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('The market data service did not answer'));

    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByTestId('metrics-grid');
    expect(card('Current Price').value).toBe('$2.0134');
    expect(view.requests.filter((request) => request.startsWith('GET /api/market/metrics'))).toEqual([
      'GET /api/market/metrics?symbol=XRP',
      'GET /api/market/metrics?symbol=XRP',
    ]);
  });

  it('show "—" for a 24h change with no record 24 hours back, and say why', async () => {
    renderApp(<MetricsGrid />, {
      api: { 'GET /api/market/metrics': { ...metrics, previous: null } },
    });
    await screen.findByTestId('metrics-grid');
    const volume = card('24h Volume').change!;
    expect(volume.textContent).toContain('—');
    expect(volume.textContent).not.toContain('0.00');
    expect(volume.getAttribute('title')).toBe('No volume record from 24 hours earlier yet');
    expect(card('XRP Dominance').change?.getAttribute('title')).toBe(
      'No dominance record from 24 hours earlier yet',
    );
    expect(card('Velocity').change?.getAttribute('title')).toBe(
      'No velocity record from 24 hours earlier yet',
    );
  });

  it('say a comparison read between two daily records is one', async () => {
    const { session, api } = member({ timezone: 'UTC' });
    renderApp(<MetricsGrid />, {
      session,
      api: {
        ...api,
        'GET /api/market/metrics': {
          ...metrics,
          previous: { ...metrics.previous!, createdAt: '2025-12-11T16:05:02.318Z', basis: 'interpolated' },
        },
      },
    });
    await screen.findByTestId('metrics-grid');
    await vi.waitFor(() =>
      expect(card('XRP Dominance').change?.getAttribute('title')).toBe(
        'Compared with Dec 11, 4:05 PM, read between the daily records on either side',
      ),
    );
  });

  /** The row of a sync where CoinGecko answered null for some figures (tests/fixtures/UPSTREAMS.md). */
  const withNulls = (nulls: Partial<NonNullable<MetricsView['latest']>>) => ({
    ...metrics,
    latest: { ...metrics.latest!, ...nulls },
  });

  it('show a 24h price change the source did not give as "—" and say why, never 0', async () => {
    renderApp(<MetricsGrid />, {
      api: { 'GET /api/market/metrics': withNulls({ priceChange24h: null }) },
    });
    await screen.findByTestId('metrics-grid');
    const price = card('Current Price');
    expect(price.value).toBe('$2.0134');
    expect(price.change?.textContent).toContain('—');
    expect(price.change?.textContent).not.toContain('0.00');
    expect(price.change?.getAttribute('title')).toBe('The price source gave no 24-hour change');
  });

  it('show a market cap the source did not give as "—" and say why, never $0', async () => {
    renderApp(<MetricsGrid />, {
      api: { 'GET /api/market/metrics': withNulls({ marketCap: null, rank: null }) },
    });
    await screen.findByTestId('metrics-grid');
    const marketCap = card('Market Cap');
    expect(marketCap.value).toBe('—');
    expect(marketCap.element.textContent).not.toMatch(/\$0/);
    // Why it is unknown, as the price card says why its change is (hover title or a line).
    const reasons = [
      marketCap.element.textContent,
      ...[...marketCap.element.querySelectorAll('[title]')].map((e) => e.getAttribute('title')),
    ];
    expect(reasons.join(' ')).toMatch(/gave no|not available|unknown|unavailable/i);
  });

  it('show a velocity the source did not give as "—", its change not "compared with" a record', async () => {
    renderApp(<MetricsGrid />, {
      api: { 'GET /api/market/metrics': withNulls({ velocity: null }) },
    });
    await screen.findByTestId('metrics-grid');
    const velocity = card('Velocity');
    expect(velocity.value).toBe('—');
    expect(velocity.change?.textContent).toContain('—');
    expect(velocity.change?.textContent).not.toContain('0.00');
    // Unknown because today's velocity is: the note must not say it was compared with a record.
    expect(velocity.change?.getAttribute('title')).not.toMatch(/^Compared with/);
  });
});
