// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Preferences } from '@/domain/preferences/preferences.schema';
import type { WhaleStats, WhaleTransaction } from '@/domain/whales/whales.schema';
import { freezeDate } from '../../../../../tests/support/clock';
import { member } from '../../../../../tests/support/members';
import { holdAnswers, renderApp } from '../../../../../tests/support/render-app';
import { unnamedWhale } from '../../../../../tests/support/whales';
import { WhaleActivity } from './whale-activity';

/** Two and a half hours after the 2.5M XRP payment of tests/fixtures/xrpl/ledger-expanded-apiv2.json. */
const NOW = new Date('2025-12-12T18:30:00.000Z');

freezeDate(NOW);

const payment = (
  n: number,
  amountXrp: string,
  transactionTimestamp: string,
  fromAddress = 'rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH',
  toAddress = 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY',
): WhaleTransaction => ({
  id: `0d1c6f1e-9b7a-4c55-8f3e-${String(n).padStart(12, '0')}`,
  transactionHash: `${n}`.padStart(4, 'A').padEnd(64, '0'),
  amountXrp,
  transactionTimestamp,
  fromAddress,
  toAddress,
  ...unnamedWhale,
});

/** GET /api/whales: the latest 20, newest first (amount_xrp is numeric(38, 6), read as a string). */
const whales: WhaleTransaction[] = [
  {
    id: '0d1c6f1e-9b7a-4c55-8f3e-5a2b1c7d9e01',
    transactionHash: 'C27F25B7D49390FAA57EAAB61D95E9224304701BFC4257A0D0F5755E57506769',
    amountXrp: '2500000.000000',
    transactionTimestamp: '2025-12-12T16:00:00.000Z',
    fromAddress: 'rpexHC5S9a6ez8Wvw9L46miQaUM9PQrdg8',
    toAddress: 'r9iB7gc35rUnCeU4XpYGPQz9RVLCPNVGjk',
    destinationTag: 104_233_112,
    fromEvidence: null,
    toEvidence: null,
    from: null,
    // Named as the registry would: the test gives the receiver a name to show.
    to: {
      label: 'Binance 12',
      entity: 'Binance',
      category: 'exchange',
      sourceName: 'XRPScan account names',
      sourceUrl: 'https://xrpscan.com/account/r9iB7gc35rUnCeU4XpYGPQz9RVLCPNVGjk',
      checkedAt: null,
    },
    kind: 'exchange_inflow',
    amountUsd: '5710000.00',
    priceUsd: '2.284',
    priceAt: '2025-12-12T16:01:00.000Z',
  },
  {
    id: '0d1c6f1e-9b7a-4c55-8f3e-5a2b1c7d9e02',
    transactionHash: '49021CE3B935930179A93400826C5B862C60F8F4D8668C141621330B8E862AFE',
    amountXrp: '1000000.000000',
    transactionTimestamp: '2025-12-12T09:41:52.000Z',
    fromAddress: 'rB72JHvmcXr6Cuixe31PkykoVko4MnpHaH',
    toAddress: 'rwgeSFV9K7AWrY9uyHcNTyRajRPHwQ8r3Q',
    ...unnamedWhale,
  },
  payment(3, '1350000.500000', '2025-12-11T22:10:05.000Z'),
  payment(4, '48000000.000000', '2025-12-10T03:00:41.000Z'),
  payment(5, '1200000.000000', '2025-12-09T15:22:10.000Z'),
  payment(6, '3000000.000000', '2025-12-08T07:45:00.000Z'),
  payment(7, '1100000.000000', '2025-12-07T12:00:12.000Z'),
  payment(8, '5000000.000000', '2025-12-06T19:30:00.000Z'),
  payment(9, '7250000.000000', '2025-12-05T11:11:11.000Z'),
  payment(10, '1000000.000000', '2025-12-04T01:02:03.000Z'),
];

/** GET /api/whales/stats over the 24 hours before NOW: the first three payments above. */
const stats: WhaleStats = {
  totalVolume24h: '4850000.500000',
  transactionCount24h: 3,
  largestTransaction24h: '2500000.000000',
  averageTransaction24h: '1616666.833333',
  source: {
    name: 'XRP Ledger',
    everSucceeded: true,
    lastSuccessAt: '2025-12-12T18:00:04.000Z',
    failingSince: null,
  },
};

const premiumApi = (answers: Record<string, unknown>, timezone: Preferences['timezone'] = 'Asia/Tokyo') => {
  const { session, api } = member({ plan: 'premium', timezone });
  return { session, api: { ...api, ...answers } };
};

/** The four stat cards: label → shown figure (and its hover note). */
function statCards() {
  const cards = within(screen.getByTestId('whale-stats')).getAllByText(
    /^(24h Whale Volume|Whale Transactions|Largest Transfer|Average Transfer)$/,
  );
  return Object.fromEntries(
    cards.map((label) => {
      const figure = label.nextElementSibling as HTMLElement;
      return [label.textContent, { text: figure.textContent, title: figure.getAttribute('title') }];
    }),
  );
}

describe('Whale Activity', () => {
  it("shows a Premium member the 8 most recent whale payments, amounts and times in the member's zone", async () => {
    renderApp(<WhaleActivity />, premiumApi({ 'GET /api/whales': whales, 'GET /api/whales/stats': stats }));
    const list = await screen.findByTestId('whale-list');
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(8);
    expect(rows.map((row) => row.querySelector('span.font-semibold')?.textContent)).toEqual([
      '2.5M XRP',
      '1.0M XRP',
      '1.4M XRP',
      '48.0M XRP',
      '1.2M XRP',
      '3.0M XRP',
      '1.1M XRP',
      '5.0M XRP',
    ]);
    // Who, how much in dollars at the time, what kind, the tag and when.
    expect(rows[0]!.textContent).toContain('2.5M XRP($5.7M)Into an exchange');
    expect(rows[0]!.textContent).toContain('unknown wallet→Binance 12*· tag 104233112· 2h ago');
    // The * marks a name this site has not confirmed at its source; the list says what it means.
    expect(screen.getByText(/\* marks a name not yet confirmed there by this site/)).toBeTruthy();
    expect(rows[1]!.textContent).toContain('(—Dollar value unknown: no stored XRP price in that hour)');
    expect(rows[1]!.textContent).toContain('unknown wallet→unknown wallet· 8h ago');
    // A name says where it comes from, and that the site has not confirmed it there.
    const named = within(rows[0]!).getByRole('button', { name: 'To: Binance 12. Show the full address' });
    expect(named.getAttribute('title')).toBe(
      'Exchange · named by XRPScan account names, not yet confirmed there by this site',
    );
    // The full address is one press away, with the explorer and the name's source.
    fireEvent.click(named);
    expect(named.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(rows[0]!).getByRole('link', { name: 'r9iB7gc35rUnCeU4XpYGPQz9RVLCPNVGjk' }).getAttribute('href'),
    ).toBe('https://livenet.xrpl.org/accounts/r9iB7gc35rUnCeU4XpYGPQz9RVLCPNVGjk');
    expect(
      within(rows[0]!)
        .getByRole('link', { name: /named by XRPScan account names/ })
        .getAttribute('href'),
    ).toBe('https://xrpscan.com/account/r9iB7gc35rUnCeU4XpYGPQz9RVLCPNVGjk');
    expect(screen.getByRole('link', { name: 'The whole history, with filters →' }).getAttribute('href')).toBe(
      '/whales',
    );

    // The exact time, on hover, in the member's zone: 16:00 UTC is 1:00 AM on Dec 13 in Tokyo.
    const first = rows[0]!.querySelector('time')!;
    expect(first.getAttribute('dateTime')).toBe('2025-12-12T16:00:00.000Z');
    await vi.waitFor(() => expect(first.getAttribute('title')).toBe('Dec 13, 1:00 AM'));
    expect(rows[1]!.querySelector('time')!.getAttribute('title')).toBe('Dec 12, 6:41 PM');

    const link = within(rows[0]!).getByRole('link', {
      name: 'View transaction C27F25B7 on the XRP Ledger explorer',
    });
    expect(link.getAttribute('href')).toBe(
      'https://livenet.xrpl.org/transactions/C27F25B7D49390FAA57EAAB61D95E9224304701BFC4257A0D0F5755E57506769',
    );
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('writes the exact times in whichever zone the member saved', async () => {
    renderApp(
      <WhaleActivity />,
      premiumApi({ 'GET /api/whales': whales, 'GET /api/whales/stats': stats }, 'America/New_York'),
    );
    const list = await screen.findByTestId('whale-list');
    const first = within(list).getAllByRole('listitem')[0]!.querySelector('time')!;
    // 16:00 UTC is 11:00 AM in New York (EST).
    await vi.waitFor(() => expect(first.getAttribute('title')).toBe('Dec 12, 11:00 AM'));
  });

  it('shows the four 24-hour whale figures', async () => {
    renderApp(<WhaleActivity />, premiumApi({ 'GET /api/whales': whales, 'GET /api/whales/stats': stats }));
    await screen.findByTestId('whale-list');
    expect(statCards()).toEqual({
      '24h Whale Volume': { text: '4.9M XRP', title: null },
      'Whale Transactions': { text: '3', title: null },
      'Largest Transfer': { text: '2.5M XRP', title: null },
      'Average Transfer': { text: '1.6M XRP', title: null },
    });
  });

  it('shows the loading state until the whale payments arrive', async () => {
    const view = renderApp(
      <WhaleActivity />,
      premiumApi({ 'GET /api/whales': whales, 'GET /api/whales/stats': stats }),
    );
    const release = holdAnswers('/api/whales');
    const loading = await screen.findByText('Loading...');
    expect(loading.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByTestId('premium-overlay')).toBeNull();
    expect(screen.queryByTestId('whale-list')).toBeNull();
    release();
    await screen.findByTestId('whale-list');
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(view.requests).toContain('GET /api/whales');
  });

  it('says "No whale activity in the last 24 hours" when the ledger was read and held none', async () => {
    renderApp(
      <WhaleActivity />,
      premiumApi({
        'GET /api/whales': [],
        'GET /api/whales/stats': {
          ...stats,
          totalVolume24h: '0',
          transactionCount24h: 0,
          largestTransaction24h: '0',
          averageTransaction24h: '0',
        },
      }),
    );
    expect(await screen.findByText('No whale activity in the last 24 hours')).toBeTruthy();
    expect(screen.queryByTestId('whale-list')).toBeNull();
    // Known zeros: the ledger was read.
    expect(statCards()['Whale Transactions']).toEqual({ text: '0', title: null });
  });

  it("says why there are no figures while the ledger has never been read, since when in the member's zone, never 0", async () => {
    renderApp(
      <WhaleActivity />,
      premiumApi({
        'GET /api/whales': [],
        'GET /api/whales/stats': {
          totalVolume24h: '0',
          transactionCount24h: 0,
          largestTransaction24h: '0',
          averageTransaction24h: '0',
          source: {
            name: 'XRP Ledger',
            everSucceeded: false,
            lastSuccessAt: null,
            failingSince: '2025-12-12T17:00:00.000Z',
          },
        },
      }),
    );
    // 17:00 UTC is 2:00 AM on Dec 13 in Tokyo.
    const note = 'Not available yet — XRP Ledger unreachable since Dec 13, 2:00 AM';
    const unavailable = await screen.findByTestId('whales-unavailable');
    await vi.waitFor(() => expect(unavailable.textContent).toBe(note));
    expect(statCards()).toEqual({
      '24h Whale Volume': { text: '—', title: note },
      'Whale Transactions': { text: '—', title: note },
      'Largest Transfer': { text: '—', title: note },
      'Average Transfer': { text: '—', title: note },
    });
    expect(screen.queryByText('No whale activity in the last 24 hours')).toBeNull();
  });

  it('says the whale payments could not be loaded, with the reason, when the API fails', async () => {
    renderApp(
      <WhaleActivity />,
      premiumApi({
        'GET /api/whales': {
          status: 500,
          body: {
            error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
          },
        },
        'GET /api/whales/stats': stats,
      }),
    );
    expect(
      await screen.findByText(
        'Could not load whale transactions: Something went wrong on our side. Please try again.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('No whale activity in the last 24 hours')).toBeNull();
  });

  it('shows the 24-hour figures as "—" and says why when the stats request fails, never 0', async () => {
    renderApp(
      <WhaleActivity />,
      premiumApi({
        'GET /api/whales': whales,
        'GET /api/whales/stats': {
          status: 500,
          body: {
            error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
          },
        },
      }),
    );
    await screen.findByTestId('whale-list');
    const figures = statCards();
    for (const label of ['24h Whale Volume', 'Whale Transactions', 'Largest Transfer', 'Average Transfer']) {
      expect(figures[label]!.text).toBe('—');
      // Why: on hover (as when the ledger was never read) or in the card.
      expect(`${figures[label]!.title ?? ''} ${screen.getByTestId('whale-stats').textContent}`).toMatch(
        /could not|unable|failed|went wrong/i,
      );
    }
  });

  it('shows a free member the Premium overlay, no whale figure, and never asks for whale data', async () => {
    const { session, api } = member({ plan: 'free', timezone: 'Asia/Tokyo' });
    const view = renderApp(<WhaleActivity />, {
      session,
      api: { ...api, 'GET /api/whales': whales, 'GET /api/whales/stats': stats },
    });
    // The session has settled (the member's preferences were read) before looking.
    await vi.waitFor(() => expect(view.requests).toContain('GET /api/preferences'));
    await vi.waitFor(() => expect(view.requests).toContain('GET /api/subscription/check'));
    const overlay = screen.getByTestId('premium-overlay');
    expect(within(overlay).getByText('Whale tracking is a Premium feature')).toBeTruthy();
    expect(within(overlay).getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe(
      '/membership',
    );
    expect(screen.queryByTestId('whale-stats')).toBeNull();
    expect(screen.queryByTestId('whale-list')).toBeNull();
    expect(document.body.textContent).not.toMatch(/\d\.\dM XRP/);
    expect(view.requests.filter((request) => request.startsWith('GET /api/whales'))).toEqual([]);
  });
});
