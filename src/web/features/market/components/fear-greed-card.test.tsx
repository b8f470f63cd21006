// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FearGreedView } from '@/domain/market/market.schema';
import { freezeDate } from '../../../../../tests/support/clock';
import { member } from '../../../../../tests/support/members';
import { renderApp, ZoneProbe, zoneApplied } from '../../../../../tests/support/render-app';
import { FearGreedCard } from './fear-greed-card';

/** The afternoon of the fixtures' day (tests/fixtures/fear-greed/fng-limit-3.json). */
const NOW = new Date('2025-12-12T16:07:00.000Z');

freezeDate(NOW);

const healthy = {
  name: 'alternative.me',
  everSucceeded: true,
  lastSuccessAt: '2025-12-12T00:05:03.000Z',
  failingSince: null,
};

/** GET /api/market/fear-greed as the server builds it from fng-limit-3.json and a year of readings. */
const index: FearGreedView = {
  latest: { value: 38, classification: 'Fear', timestamp: '2025-12-12T00:00:00.000Z' },
  history: {
    day1: { value: 29, classification: 'Fear', timestamp: '2025-12-11T00:00:00.000Z' },
    day7: { value: 28, classification: 'Fear', timestamp: '2025-12-05T00:00:00.000Z' },
    day30: { value: 51, classification: 'Neutral', timestamp: '2025-11-12T00:00:00.000Z' },
  },
  yearHigh: { value: 76, classification: 'Extreme Greed', timestamp: '2025-07-14T00:00:00.000Z' },
  yearLow: { value: 11, classification: 'Extreme Fear', timestamp: '2025-11-22T00:00:00.000Z' },
  source: healthy,
};

const row = (label: string) => screen.getByText(label).nextElementSibling as HTMLElement;

describe('the Fear & Greed card', () => {
  it('shows the value, its classification in its colour, the history and the yearly range', async () => {
    renderApp(<FearGreedCard />, { api: { 'GET /api/market/fear-greed': index } });

    expect((await screen.findByTestId('fear-greed-value')).textContent).toBe('38');
    const classification = screen.getByText('Fear', { selector: 'p' });
    expect(classification.className).toContain('text-orange-700');
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Fear and greed index 38, Fear');
    expect(row('Yesterday').textContent).toBe('29 · Fear');
    expect(row('Last week').textContent).toBe('28 · Fear');
    expect(row('Last month').textContent).toBe('51 · Neutral');
    expect(row('Yearly high').textContent).toBe('76 · Extreme Greed');
    expect(row('Yearly low').textContent).toBe('11 · Extreme Fear');
    expect(row('Yearly low').getAttribute('title')).toBe('Reading of November 22, 2025');
  });

  it('dates the reading by its UTC day, also for a member in New York (the evening before there)', async () => {
    const { session, api } = member({ timezone: 'America/New_York' });
    renderApp(
      <>
        <FearGreedCard />
        <ZoneProbe />
      </>,
      { session, api: { ...api, 'GET /api/market/fear-greed': index } },
    );
    await screen.findByTestId('fear-greed-value');
    await zoneApplied('America/New_York');
    expect(screen.getByTestId('fear-greed-date').textContent).toBe('Reading of December 12, 2025');
    expect(row('Yesterday').getAttribute('title')).toBe('Reading of December 11, 2025');
  });

  it('shows the loading state until the index arrives', async () => {
    renderApp(<FearGreedCard />, { api: { 'GET /api/market/fear-greed': index } });
    const card = screen.getByTestId('fear-greed-card');
    expect(within(card).getByRole('status').textContent).toBe('Loading...');
    expect(card.textContent).not.toMatch(/\d/);
    await screen.findByTestId('fear-greed-value');
    expect(within(card).queryByRole('status')).toBeNull();
  });

  it('says "Unable to load data" when the API fails, with no value on the gauge', async () => {
    renderApp(<FearGreedCard />, {
      api: {
        'GET /api/market/fear-greed': {
          status: 500,
          body: { error: { code: 'internal', message: 'Internal server error' } },
        },
      },
    });
    expect(await screen.findByText('Unable to load data')).toBeTruthy();
    expect(screen.getByTestId('fear-greed-unavailable').textContent).toBe(
      'The server did not answer; reload the page to try again.',
    );
    expect(screen.queryByTestId('fear-greed-value')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByTestId('fear-greed-card').textContent).not.toMatch(/\d/);
  });

  it('says no reading is stored yet when the source has not run yet, never a 0', async () => {
    renderApp(<FearGreedCard />, {
      api: {
        'GET /api/market/fear-greed': {
          latest: null,
          history: { day1: null, day7: null, day30: null },
          yearHigh: null,
          yearLow: null,
          source: { name: 'alternative.me', everSucceeded: false, lastSuccessAt: null, failingSince: null },
        },
      },
    });
    // The card's own words, with the reason beside them.
    expect(await screen.findByText('Unable to load data')).toBeTruthy();
    expect(screen.getByTestId('fear-greed-unavailable').textContent).toBe('No reading stored yet');
    expect(screen.queryByTestId('fear-greed-value')).toBeNull();
    expect(screen.getByTestId('fear-greed-card').textContent).not.toContain('0');
  });

  it("names the failing source and since when, in the member's time zone", async () => {
    const { session, api } = member({ timezone: 'Asia/Tokyo' });
    renderApp(<FearGreedCard />, {
      session,
      api: {
        ...api,
        'GET /api/market/fear-greed': {
          latest: null,
          history: { day1: null, day7: null, day30: null },
          yearHigh: null,
          yearLow: null,
          source: {
            name: 'alternative.me',
            everSucceeded: false,
            lastSuccessAt: null,
            failingSince: '2025-12-12T06:15:00.000Z',
          },
        },
      },
    });
    // 06:15 UTC is 3:15 PM in Tokyo.
    const note = await screen.findByTestId('fear-greed-unavailable');
    expect(screen.getByText('Unable to load data')).toBeTruthy();
    await vi.waitFor(() =>
      expect(note.textContent).toBe('Not available yet — alternative.me unreachable since Dec 12, 3:15 PM'),
    );
    expect(screen.queryByTestId('fear-greed-value')).toBeNull();
  });

  it('keeps the last reading when the source fails later, and says it is the last one', async () => {
    const { session, api } = member({ timezone: 'Asia/Tokyo' });
    renderApp(<FearGreedCard />, {
      session,
      api: {
        ...api,
        'GET /api/market/fear-greed': {
          ...index,
          source: { ...healthy, failingSince: '2025-12-12T06:15:00.000Z' },
        },
      },
    });
    expect((await screen.findByTestId('fear-greed-value')).textContent).toBe('38');
    await vi.waitFor(() =>
      expect(screen.getByTestId('fear-greed-source-down').textContent).toBe(
        'alternative.me unreachable since Dec 12, 3:15 PM: this is the last reading stored',
      ),
    );
  });

  it('shows a reading missing from the history as "—" and says why, never 0', async () => {
    renderApp(<FearGreedCard />, {
      api: {
        'GET /api/market/fear-greed': {
          ...index,
          history: { ...index.history, day30: null },
          yearHigh: index.latest,
          yearLow: index.history.day7,
        },
      },
    });
    await screen.findByTestId('fear-greed-value');
    expect(row('Last month').textContent).toBe('—');
    expect(row('Last month').getAttribute('title')).toBe('No reading stored for that day');
    expect(row('Yearly high').textContent).toBe('38 · Fear');
    expect(row('Yearly low').textContent).toBe('28 · Fear');
  });
});
