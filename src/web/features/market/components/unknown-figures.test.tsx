// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../../../tests/support/render-app';
import { FearGreedCard } from './fear-greed-card';
import { MetricsGrid } from './metrics-grid';

const failing = (name: string) => ({
  name,
  everSucceeded: false,
  lastSuccessAt: null,
  failingSince: '2026-11-25T06:15:00.000Z',
});

/** The cards as the app shows them, the API answering as for a site whose sources never answered. */
function renderWith(children: ReactNode) {
  renderApp(<>{children}</>, {
    api: {
      'GET /api/market/metrics': { latest: null, previous: null, source: failing('CoinGecko Market Data') },
      'GET /api/market/fear-greed': {
        latest: null,
        history: { day1: null, day7: null, day30: null },
        yearHigh: null,
        yearLow: null,
        source: failing('Fear & Greed Index'),
      },
    },
  });
}

describe('cards whose source has never answered', () => {
  it('say the figures are not available yet and since when the source fails, never a zero', async () => {
    renderWith(
      <>
        <MetricsGrid />
        <FearGreedCard />
      </>,
    );
    expect((await screen.findByTestId('metrics-unavailable')).textContent).toMatch(
      /^Not available yet — CoinGecko Market Data unreachable since Nov 2[45](, 2026)?, \d{1,2}:15 (AM|PM)$/,
    );
    expect((await screen.findByTestId('fear-greed-unavailable')).textContent).toMatch(
      /^Not available yet — Fear & Greed Index unreachable since Nov 2[45](, 2026)?, \d{1,2}:15 (AM|PM)$/,
    );
    expect(screen.queryByTestId('fear-greed-value')).toBeNull();
  });
});
