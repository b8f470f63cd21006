// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Supply } from '@/domain/supply/supply.schema';
import { renderApp } from '../../../../../tests/support/render-app';
import { SupplySummary } from './supply-summary';

const reading: NonNullable<Supply['latest']> = {
  ledgerIndex: 99_123_456,
  at: '2026-11-29T21:00:02.000Z',
  totalXrp: '99912345678.901234',
  burnedXrp: '87654321.098766',
  escrowedXrp: null,
  escrows: null,
  rippleHeldXrp: null,
  restXrp: null,
  rippleAccounts: 0,
  unknownReason: 'no_ripple_accounts',
};

describe('the supply summary', () => {
  it('shows the ledger’s figures exactly and Ripple’s part as unknown, with why, never as 0', async () => {
    renderApp(<SupplySummary />, { api: { 'GET /api/supply': { latest: reading } } });
    expect((await screen.findByTestId('supply-total')).textContent).toContain('99,912,345,678.901234 XRP');
    expect(screen.getByTestId('supply-burned').textContent).toContain('87,654,321.098766 XRP');
    for (const part of ['supply-escrowed', 'supply-ripple-held', 'supply-rest']) {
      const text = screen.getByTestId(part).textContent ?? '';
      expect(text).toContain('—');
      expect(text).toContain('No account is named as Ripple’s');
      expect(text).not.toMatch(/\b0 XRP/);
    }
    expect(screen.getByTestId('supply-as-of').textContent).toContain('ledger 99,123,456');
  });

  it('says when there is no reading yet and where it will come from', async () => {
    renderApp(<SupplySummary />, { api: { 'GET /api/supply': { latest: null } } });
    expect((await screen.findByTestId('supply-empty')).textContent).toContain(
      'The XRPL Supply source reads the ledger hourly',
    );
  });

  it('says what failed when the supply cannot be read, and reads it again on Try Again', async () => {
    let answers = 0;
    const rendered = renderApp(<SupplySummary />, {
      api: {
        'GET /api/supply': () => {
          answers += 1;
          return answers === 1
            ? { status: 503, body: { error: { code: 'unavailable', message: 'The database is busy' } } }
            : { latest: reading };
        },
      },
    });
    expect((await screen.findByText(/Could not load the supply/)).textContent).toContain(
      'The database is busy',
    );
    screen.getByRole('button', { name: 'Try Again' }).click();
    expect((await screen.findByTestId('supply-total')).textContent).toContain('99,912,345,678.901234 XRP');
    expect(rendered.requests.filter((request) => request === 'GET /api/supply')).toHaveLength(2);
  });
});
