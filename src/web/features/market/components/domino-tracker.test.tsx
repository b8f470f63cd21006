// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DominoEvent, DominoList } from '@/domain/domino/domino.schema';
import { toast } from '@/web/lib/toast';
import { member } from '../../../../../tests/support/members';
import { renderApp, ZoneProbe, zoneApplied } from '../../../../../tests/support/render-app';
import { DominoTracker } from './domino-tracker';

afterEach(() => {
  vi.restoreAllMocks();
});

/** The active events in display order, as an admin curated them (the date column is a calendar day). */
const events: DominoEvent[] = [
  {
    id: '5f0e1c2a-7d43-4b8e-9a61-0c3f2d1e4b01',
    date: '2025-11-13',
    institution: 'Canary Capital',
    event: 'Spot XRP ETF (XRPC) begins trading on Nasdaq',
    impact: 'High',
    priceImpact: '+4.2%',
  },
  {
    id: '5f0e1c2a-7d43-4b8e-9a61-0c3f2d1e4b02',
    date: '2025-08-07',
    institution: 'U.S. SEC',
    event: 'SEC and Ripple jointly dismiss their appeals, ending the case',
    impact: 'High',
    priceImpact: '+11.8%',
  },
  {
    id: '5f0e1c2a-7d43-4b8e-9a61-0c3f2d1e4b03',
    date: '2024-12-17',
    institution: 'Ripple',
    event: 'RLUSD stablecoin launches on the XRP Ledger and Ethereum',
    impact: 'Medium',
    priceImpact: '-3.1%',
  },
  {
    id: '5f0e1c2a-7d43-4b8e-9a61-0c3f2d1e4b04',
    date: '2025-03-19',
    institution: 'SBI Holdings',
    event: 'Expands XRP-based remittance corridor to the Philippines',
    impact: 'Low',
    priceImpact: null,
  },
];

/** GET /api/domino-events for a free viewer: the first 2 of the 4 active events. */
const forFree: DominoList = { events: events.slice(0, 2), total: 4, truncated: true };
/** GET /api/domino-events for a Premium viewer: all of them. */
const forPremium: DominoList = { events, total: 4, truncated: false };

/** Waits for the member's session to settle: the tracker asks again for that viewer. */
const settled = (requests: string[]) =>
  vi.waitFor(() => expect(requests).toContain('GET /api/subscription/check'));

const rows = async () => within(await screen.findByTestId('domino-events')).getAllByRole('listitem');

describe('the Domino Theory Tracker', () => {
  it('shows each event with its day, institution, price impact in its colour and impact badge', async () => {
    const { session, api } = member({ plan: 'premium', timezone: 'America/Los_Angeles' });
    const view = renderApp(
      <>
        <DominoTracker />
        <ZoneProbe />
      </>,
      {
        session,
        api: { ...api, 'GET /api/domino-events': forPremium },
      },
    );
    await settled(view.requests);
    await zoneApplied('America/Los_Angeles');
    const items = await rows();
    expect(items).toHaveLength(4);
    const [etf, , rlusd, sbi] = items;

    expect(within(etf!).getByText('November 13, 2025')).toBeTruthy();
    expect(within(etf!).getByText('Canary Capital')).toBeTruthy();
    expect(within(etf!).getByText('Spot XRP ETF (XRPC) begins trading on Nasdaq')).toBeTruthy();
    expect(within(etf!).getByText('+4.2%').className).toContain('text-emerald-700');
    expect(within(etf!).getByText('High').className).toContain('text-red-700');

    // A calendar day stays that day in Los Angeles (not the evening before).
    expect(within(rlusd!).getByText('December 17, 2024')).toBeTruthy();
    expect(within(rlusd!).getByText('-3.1%').className).toContain('text-red-700');
    expect(within(rlusd!).getByText('Medium').className).toContain('text-amber-700');

    expect(within(sbi!).getByText('March 19, 2025')).toBeTruthy();
    expect(within(sbi!).getByText('Low').className).toContain('text-emerald-700');
    // No price impact given: none shown (never a made-up "0%").
    expect(sbi!.textContent).not.toMatch(/%/);
    expect(screen.queryByRole('link', { name: /more institutional events/ })).toBeNull();
  });

  it('shows a free member the first 2 events and how many more Premium holds', async () => {
    const { session, api } = member({ plan: 'free', timezone: 'UTC' });
    const view = renderApp(<DominoTracker />, {
      session,
      api: { ...api, 'GET /api/domino-events': forFree },
    });
    await settled(view.requests);
    const items = await rows();
    expect(items.map((item) => item.querySelector('.font-semibold')?.textContent)).toEqual([
      'Canary Capital',
      'U.S. SEC',
    ]);
    const more = screen.getByRole('link', { name: 'View 2 more institutional events with Premium' });
    expect(more.getAttribute('href')).toBe('/membership');
    expect(screen.queryByText('Ripple')).toBeNull();
  });

  it('shows the loading state until the events arrive', async () => {
    renderApp(<DominoTracker />, { api: { 'GET /api/domino-events': forFree } });
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await rows();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says "No institutional events tracked yet" when none is active', async () => {
    renderApp(<DominoTracker />, {
      api: { 'GET /api/domino-events': { events: [], total: 0, truncated: false } },
    });
    expect(await screen.findByText('No institutional events tracked yet')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says the events could not be loaded, and toasts "Error loading events" with the reason', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    renderApp(<DominoTracker />, {
      api: {
        'GET /api/domino-events': {
          status: 500,
          body: {
            error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
          },
        },
      },
    });
    expect(await screen.findByText('Events could not be loaded.')).toBeTruthy();
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith('Error loading events', {
        description: 'Something went wrong on our side. Please try again.',
      }),
    );
    expect(screen.queryByText('No institutional events tracked yet')).toBeNull();
  });
});
