// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Backfill } from '@/domain/whales/backfill.schema';
import { problemAt } from '../../../../../tests/support/forms';
import { renderApp } from '../../../../../tests/support/render-app';
import { BackfillPanel } from './backfill-panel';

const running: Backfill = {
  id: 'b1',
  days: 7,
  status: 'running',
  fromLedger: 99_000_001,
  toLedger: 99_168_000,
  ledgersTotal: 160_000,
  ledgersScanned: 40_000,
  whalePayments: 12,
  exchangePayments: 3_456,
  oldestLedger: 99_128_001,
  oldestClosedAt: '2026-11-27T10:30:00.000Z',
  note: null,
  requestedBy: 'admin',
  createdAt: '2026-11-29T08:00:00.000Z',
  updatedAt: '2026-11-29T08:40:00.000Z',
  finishedAt: null,
};

const posts = (requests: string[]) => requests.filter((request) => request.startsWith('POST'));

describe('BackfillPanel', () => {
  it('says there is none yet and starts one for the days asked, refusing more than 30 before sending', async () => {
    const view = renderApp(<BackfillPanel />, {
      api: {
        'GET /api/admin/ledger-backfill': { backfill: null },
        'POST /api/admin/ledger-backfill': { status: 201, body: { ...running, ledgersTotal: null } },
      },
    });
    expect(await screen.findByText(/No backfill yet/)).toBeTruthy();
    const input = screen.getByLabelText('Days back (1–30)') as HTMLInputElement;
    expect(input.value).toBe('7');
    fireEvent.change(input, { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start backfill' }));
    await waitFor(() => expect(problemAt(input)).toBe('A backfill reads at most 30 days back'));
    expect(input.value).toBe('45');
    expect(posts(view.requests)).toEqual([]);

    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start backfill' }));
    await waitFor(() => expect(posts(view.requests)).toEqual(['POST /api/admin/ledger-backfill']));
  });

  it('shows a running backfill: how much is read, how far back, what it found, and a cancel', async () => {
    renderApp(<BackfillPanel />, {
      api: { 'GET /api/admin/ledger-backfill': { backfill: running } },
    });
    const panel = await screen.findByTestId('backfill-progress');
    expect(
      within(panel).getByRole('progressbar', { name: 'Ledgers read' }).getAttribute('aria-valuenow'),
    ).toBe('25');
    expect(within(panel).getByTestId('backfill-read').textContent).toBe('40,000 of 160,000 (25%)');
    expect(within(panel).getByTestId('backfill-oldest').textContent).toMatch(
      /^Ledger 99128001, closed Nov 2[67]/,
    );
    expect(within(panel).getByTestId('backfill-found').textContent).toBe(
      '12 whale payments, 3,456 exchange payments',
    );
    expect(within(panel).getByRole('button', { name: 'Cancel backfill' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Start backfill' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's refusal in the form and keeps the days", async () => {
    renderApp(<BackfillPanel />, {
      api: {
        'GET /api/admin/ledger-backfill': { backfill: null },
        'POST /api/admin/ledger-backfill': {
          status: 409,
          body: {
            error: {
              code: 'conflict',
              message: 'A backfill is already running: cancel it or let it finish first',
            },
          },
        },
      },
    });
    await screen.findByText(/No backfill yet/);
    fireEvent.click(screen.getByRole('button', { name: 'Start backfill' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A backfill is already running: cancel it or let it finish first',
    );
    expect((screen.getByLabelText('Days back (1–30)') as HTMLInputElement).value).toBe('7');
  });
});
