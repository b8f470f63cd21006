// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fearGreedQuery, metricsQuery } from '../api/market';
import { FearGreedCard } from './fear-greed-card';
import { MetricsGrid } from './metrics-grid';

afterEach(cleanup);

const failing = (name: string) => ({
  name,
  everSucceeded: false,
  lastSuccessAt: null,
  failingSince: '2026-11-25T06:15:00.000Z',
});

/** The cards with their queries answered as the server answers a site whose sources never answered. */
function renderWith(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(metricsQuery.queryKey, {
    latest: null,
    previous: null,
    source: failing('CoinGecko Market Data'),
  });
  client.setQueryData(fearGreedQuery.queryKey, {
    latest: null,
    history: { day1: null, day7: null, day30: null },
    yearHigh: null,
    yearLow: null,
    source: failing('Fear & Greed Index'),
  });
  render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
}

describe('cards whose source has never answered', () => {
  it('say the figures are not available yet and since when the source fails, never a zero', () => {
    renderWith(
      <>
        <MetricsGrid />
        <FearGreedCard />
      </>,
    );
    expect(screen.getByTestId('metrics-unavailable').textContent).toMatch(
      /^Not available yet — CoinGecko Market Data unreachable since Nov 2[45](, 2026)?, \d{1,2}:15 (AM|PM)$/,
    );
    expect(screen.getByTestId('fear-greed-unavailable').textContent).toMatch(
      /^Not available yet — Fear & Greed Index unreachable since Nov 2[45](, 2026)?, \d{1,2}:15 (AM|PM)$/,
    );
    expect(screen.queryByTestId('fear-greed-value')).toBeNull();
  });
});
