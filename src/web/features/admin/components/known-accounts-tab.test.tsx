// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { KnownAccount } from '@/domain/known-accounts/known-accounts.schema';
import { renderApp } from '../../../../../tests/support/render-app';
import { KnownAccountsTab } from './known-accounts-tab';

const shipped: KnownAccount = {
  address: 'rs8ZPbYqgecRcDzQpJYAMhSxSi5htsjnza',
  label: 'Binance',
  entity: 'Binance',
  category: 'exchange',
  sourceName: 'XRPScan account names',
  sourceUrl: 'https://xrpscan.com/account/rs8ZPbYqgecRcDzQpJYAMhSxSi5htsjnza',
  origin: 'curated',
  checkedAt: null,
  retiredAt: null,
  updatedAt: '2026-11-01T12:00:00.000Z',
};

const fromRefresh: KnownAccount = {
  address: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY',
  label: 'XRP Tip Bot',
  entity: 'XRP Tip Bot',
  category: 'other',
  sourceName: 'XRPScan well-known names',
  sourceUrl: 'https://xrpscan.com/account/rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY',
  origin: 'xrpscan',
  checkedAt: '2026-11-29T12:00:00.000Z',
  retiredAt: null,
  updatedAt: '2026-11-29T12:00:00.000Z',
};

describe('KnownAccountsTab', () => {
  it('says where each name comes from and whether it was confirmed there', async () => {
    renderApp(<KnownAccountsTab />, { api: { 'GET /api/admin/known-accounts': [shipped, fromRefresh] } });
    const [first, second] = await screen.findAllByTestId('known-account');
    expect(first!.textContent).toContain('XRPScan account names');
    expect(first!.textContent).toContain('Not yet confirmed from this site · shipped with the site');
    // A name the XRPScan refresh added: its source, confirmed that day, and where it came from.
    const source = within(second!).getByRole('link', { name: 'XRPScan well-known names' });
    expect(source.getAttribute('href')).toBe(fromRefresh.sourceUrl);
    expect(second!.textContent).toContain('Confirmed November 29, 2026 · from the XRPScan refresh');
    expect(second!.textContent).toContain('Other');
  });

  it('merges only what the admin chose, after saying what moves and that it cannot be undone', async () => {
    const us = {
      ...shipped,
      address: 'rEy8TFcrAPvhpKrwyrscNYyqBGUkE9hKaJ',
      label: 'Binance.US',
      entity: 'Binance.US',
    };
    const sent: unknown[] = [];
    renderApp(<KnownAccountsTab />, {
      api: {
        'GET /api/admin/known-accounts': [
          shipped,
          us,
          { ...us, address: 'rBinanceUS2', label: 'Binance.US 2' },
        ],
        'POST /api/admin/known-accounts/merge': async (request: Request) => {
          sent.push(await request.json());
          return { moved: 2 };
        },
      },
    });
    await screen.findAllByTestId('known-account');
    fireEvent.click(screen.getByRole('button', { name: 'Merge Entities' }));
    const dialog = await screen.findByRole('dialog');
    const from = within(dialog).getByLabelText('Move every account of') as HTMLSelectElement;
    expect(from.value).toBe('');
    expect((within(dialog).getByRole('button', { name: 'Merge' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(from, { target: { value: 'Binance.US' } });
    fireEvent.change(within(dialog).getByLabelText('Into'), { target: { value: 'Binance' } });
    expect(within(dialog).getByTestId('merge-summary').textContent).toBe(
      '2 accounts of Binance.US and the flows recorded under Binance.US move to Binance. This cannot be undone.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge Binance.US into Binance' }));
    await waitFor(() => expect(sent).toEqual([{ from: 'Binance.US', into: 'Binance' }]));
  });
});
